-- The version of each tenant's data that a cached answer was made from. The server
-- keeps the user list and the analysis of a year, already serialised, and serves them
-- again only while the version here is the one they were made from. The database
-- bumps it in the same transaction as the change, from triggers, so every write path
-- (today's routes, later ones, a second server process, a hand-written SQL session)
-- moves it, and a reader never sees new data under an old version.
--
-- Versions come from one sequence: never reused, not even by a rolled-back write
-- (which leaves the old version and the old data in place together). A tenant
-- without a row has no version, and its answers are not cached.
-- Writers of one tenant's opportunities (or users) queue on its row until they commit.

create sequence data_version_seq;

-- No foreign key to tenants: a version outliving its tenant harms nothing.
create table data_versions (
  tenant_id integer not null,
  subject text not null check (subject in ('users', 'opportunities')),
  version bigint not null,
  primary key (tenant_id, subject)
);

insert into data_versions (tenant_id, subject, version)
select tenants.id, subject, nextval('data_version_seq')
from tenants, unnest(array['users', 'opportunities']) as subject;

-- Kept on one line each: migrations are split into statements at a semicolon ending a line.
-- changed_rows is the statement's transition table (its new rows, or its old rows);
-- one new version per tenant the statement touched.
create function bump_data_version() returns trigger language plpgsql as $$ begin insert into data_versions (tenant_id, subject, version) select tenant_id, tg_argv[0], nextval('data_version_seq') from (select distinct tenant_id from changed_rows) as touched on conflict (tenant_id, subject) do update set version = excluded.version; return null; end $$;

-- The user list tells whether each user has a sign-in account (matched by e-mail),
-- so an account's change is a change of its users' tenants.
create function bump_users_version_of_accounts() returns trigger language plpgsql as $$ begin insert into data_versions (tenant_id, subject, version) select tenant_id, 'users', nextval('data_version_seq') from (select distinct users.tenant_id from users join changed_rows on users.email = changed_rows.email) as touched on conflict (tenant_id, subject) do update set version = excluded.version; return null; end $$;

-- TRUNCATE has no transition table: the subject loses its versions in every tenant,
-- which stops its caching until the next write gives a new one.
create function forget_data_versions() returns trigger language plpgsql as $$ begin delete from data_versions where subject = tg_argv[0]; return null; end $$;

-- An update can move a row between tenants: its old and its new tenant both change.
create trigger opportunities_inserted_version after insert on opportunities referencing new table as changed_rows for each statement execute function bump_data_version('opportunities');
create trigger opportunities_updated_old_version after update on opportunities referencing old table as changed_rows for each statement execute function bump_data_version('opportunities');
create trigger opportunities_updated_new_version after update on opportunities referencing new table as changed_rows for each statement execute function bump_data_version('opportunities');
create trigger opportunities_deleted_version after delete on opportunities referencing old table as changed_rows for each statement execute function bump_data_version('opportunities');
create trigger opportunities_truncated_version after truncate on opportunities for each statement execute function forget_data_versions('opportunities');

create trigger users_inserted_version after insert on users referencing new table as changed_rows for each statement execute function bump_data_version('users');
create trigger users_updated_old_version after update on users referencing old table as changed_rows for each statement execute function bump_data_version('users');
create trigger users_updated_new_version after update on users referencing new table as changed_rows for each statement execute function bump_data_version('users');
create trigger users_deleted_version after delete on users referencing old table as changed_rows for each statement execute function bump_data_version('users');
create trigger users_truncated_version after truncate on users for each statement execute function forget_data_versions('users');

create trigger accounts_inserted_version after insert on accounts referencing new table as changed_rows for each statement execute function bump_users_version_of_accounts();
create trigger accounts_updated_old_version after update on accounts referencing old table as changed_rows for each statement execute function bump_users_version_of_accounts();
create trigger accounts_updated_new_version after update on accounts referencing new table as changed_rows for each statement execute function bump_users_version_of_accounts();
create trigger accounts_deleted_version after delete on accounts referencing old table as changed_rows for each statement execute function bump_users_version_of_accounts();
create trigger accounts_truncated_version after truncate on accounts for each statement execute function forget_data_versions('users');
