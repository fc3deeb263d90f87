-- A tenant without a data version of a subject has nothing of it kept: its tagged lists (the
-- salesperson, activity, customer and calendar lists) and its user list were made on every request
-- until its first write to each table (server/caching/README.md, invariant 5), which for a new
-- tenant with no activities or calendar events yet could be never. A tenant now gets a version of
-- every subject when it is inserted, however it is inserted (the seed, the bench, SQL), and so do
-- the tenants that lack one. Sound as any first version: it comes from the sequence, nothing was
-- kept under it, and every later write that fires the triggers moves it.
--
-- tenant_data_subjects() is the one list of subjects rows are made for; a migration adding a
-- subject to data_versions' check replaces it (tests/server/data-versions.test.ts holds the two,
-- and the server's subjects in server/caching/data-versions.ts, in step).

create function tenant_data_subjects() returns text[] language sql immutable as $$ select array['users', 'opportunities', 'activities', 'salespersons', 'salesperson names', 'customers', 'calendar events', 'opportunity customers'] $$;

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
create function give_new_tenants_versions() returns trigger language plpgsql as $$ begin insert into data_versions (tenant_id, subject, version) select new_tenants.id, subject, nextval('data_version_seq') from new_tenants, unnest(tenant_data_subjects()) as subject on conflict (tenant_id, subject) do nothing; return null; end $$;

create trigger tenants_inserted_versions after insert on tenants referencing new table as new_tenants for each statement execute function give_new_tenants_versions();

insert into data_versions (tenant_id, subject, version)
select tenants.id, subject, nextval('data_version_seq')
from tenants, unnest(tenant_data_subjects()) as subject
on conflict (tenant_id, subject) do nothing;
