-- The tagged lists (the salesperson, activity, customer and calendar lists) were made by the
-- database on every request, only to find their text unchanged most of the time (README,
-- Performance, issue 19, session 14). Each table they read now has a data version per tenant
-- (migration 007's table, sequence and kind of statement triggers), moved in the writing
-- transaction; a list is sent again from its kept copy while every version it reads is the
-- one it was made under (server/caching/tagged-answers.ts).
--
-- Two lists read one column of another table: the activity list a salesperson's name
-- (`salespersons.name_json`), the activity and calendar lists a linked deal's customer
-- (`opportunities.customer`). Their subjects move on insert, delete and truncate as the
-- others, but on update only for the tenants of rows whose column, key or tenant changed, so
-- that a sign-in (a salesperson's latest login) or a deal's save leaves those lists kept.
-- tests/server/cache-trigger-coverage.test.ts holds the lists to reading no other column there.

alter table data_versions drop constraint data_versions_subject_check;

alter table data_versions add constraint data_versions_subject_check check (subject in ('users', 'opportunities', 'activities', 'salespersons', 'salesperson names', 'customers', 'calendar events', 'opportunity customers'));

insert into data_versions (tenant_id, subject, version)
select tenants.id, subject, nextval('data_version_seq')
from tenants, unnest(array['activities', 'salespersons', 'salesperson names', 'customers', 'calendar events', 'opportunity customers']) as subject
on conflict (tenant_id, subject) do nothing;

-- Kept on one line each: migrations are split into statements at a semicolon ending a line.
-- old_rows and new_rows are the update's transition tables; a row whose key changed is a removal and an insertion.
create function bump_salesperson_names_version() returns trigger language plpgsql as $$ begin insert into data_versions (tenant_id, subject, version) select tenant_id, 'salesperson names', nextval('data_version_seq') from (select distinct unnest(array[old_rows.tenant_id, new_rows.tenant_id]) as tenant_id from old_rows full join new_rows on new_rows.id = old_rows.id where old_rows.tenant_id is distinct from new_rows.tenant_id or old_rows.name_json is distinct from new_rows.name_json) as touched where tenant_id is not null on conflict (tenant_id, subject) do update set version = excluded.version; return null; end $$;

create function bump_opportunity_customers_version() returns trigger language plpgsql as $$ begin insert into data_versions (tenant_id, subject, version) select tenant_id, 'opportunity customers', nextval('data_version_seq') from (select distinct unnest(array[old_rows.tenant_id, new_rows.tenant_id]) as tenant_id from old_rows full join new_rows on new_rows.id = old_rows.id where old_rows.tenant_id is distinct from new_rows.tenant_id or old_rows.customer is distinct from new_rows.customer) as touched where tenant_id is not null on conflict (tenant_id, subject) do update set version = excluded.version; return null; end $$;

create trigger activities_inserted_version after insert on activities referencing new table as changed_rows for each statement execute function bump_data_version('activities');
create trigger activities_updated_old_version after update on activities referencing old table as changed_rows for each statement execute function bump_data_version('activities');
create trigger activities_updated_new_version after update on activities referencing new table as changed_rows for each statement execute function bump_data_version('activities');
create trigger activities_deleted_version after delete on activities referencing old table as changed_rows for each statement execute function bump_data_version('activities');
create trigger activities_truncated_version after truncate on activities for each statement execute function forget_data_versions('activities');

create trigger salespersons_inserted_version after insert on salespersons referencing new table as changed_rows for each statement execute function bump_data_version('salespersons');
create trigger salespersons_updated_old_version after update on salespersons referencing old table as changed_rows for each statement execute function bump_data_version('salespersons');
create trigger salespersons_updated_new_version after update on salespersons referencing new table as changed_rows for each statement execute function bump_data_version('salespersons');
create trigger salespersons_deleted_version after delete on salespersons referencing old table as changed_rows for each statement execute function bump_data_version('salespersons');
create trigger salespersons_truncated_version after truncate on salespersons for each statement execute function forget_data_versions('salespersons');

create trigger salespersons_inserted_names_version after insert on salespersons referencing new table as changed_rows for each statement execute function bump_data_version('salesperson names');
create trigger salespersons_updated_names_version after update on salespersons referencing old table as old_rows new table as new_rows for each statement execute function bump_salesperson_names_version();
create trigger salespersons_deleted_names_version after delete on salespersons referencing old table as changed_rows for each statement execute function bump_data_version('salesperson names');
create trigger salespersons_truncated_names_version after truncate on salespersons for each statement execute function forget_data_versions('salesperson names');

create trigger customers_inserted_version after insert on customers referencing new table as changed_rows for each statement execute function bump_data_version('customers');
create trigger customers_updated_old_version after update on customers referencing old table as changed_rows for each statement execute function bump_data_version('customers');
create trigger customers_updated_new_version after update on customers referencing new table as changed_rows for each statement execute function bump_data_version('customers');
create trigger customers_deleted_version after delete on customers referencing old table as changed_rows for each statement execute function bump_data_version('customers');
create trigger customers_truncated_version after truncate on customers for each statement execute function forget_data_versions('customers');

create trigger calendar_events_inserted_version after insert on calendar_events referencing new table as changed_rows for each statement execute function bump_data_version('calendar events');
create trigger calendar_events_updated_old_version after update on calendar_events referencing old table as changed_rows for each statement execute function bump_data_version('calendar events');
create trigger calendar_events_updated_new_version after update on calendar_events referencing new table as changed_rows for each statement execute function bump_data_version('calendar events');
create trigger calendar_events_deleted_version after delete on calendar_events referencing old table as changed_rows for each statement execute function bump_data_version('calendar events');
create trigger calendar_events_truncated_version after truncate on calendar_events for each statement execute function forget_data_versions('calendar events');

-- Enabled ALWAYS, as the opportunities' other triggers (migration 150): the CSV import writes
-- opportunities with session_replication_role = replica, and a trigger enabled only by
-- default would both be skipped there and send the import the ordinary way.
create trigger opportunities_inserted_customers_version after insert on opportunities referencing new table as changed_rows for each statement execute function bump_data_version('opportunity customers');
create trigger opportunities_updated_customers_version after update on opportunities referencing old table as old_rows new table as new_rows for each statement execute function bump_opportunity_customers_version();
create trigger opportunities_deleted_customers_version after delete on opportunities referencing old table as changed_rows for each statement execute function bump_data_version('opportunity customers');
create trigger opportunities_truncated_customers_version after truncate on opportunities for each statement execute function forget_data_versions('opportunity customers');
alter table opportunities enable always trigger opportunities_inserted_customers_version;
alter table opportunities enable always trigger opportunities_updated_customers_version;
alter table opportunities enable always trigger opportunities_deleted_customers_version;
alter table opportunities enable always trigger opportunities_truncated_customers_version;
