-- Every version bump (migration 007) is also announced on the channel data_versions,
-- so a server keeps the versions in memory instead of asking the database for them
-- on every request (issue 8: the user list under 100 clients). PostgreSQL delivers a
-- notification only once its transaction commits, and a session listening on the
-- channel gets its own before the COMMIT returns: a write through the server is known
-- before its answer goes out, a write from elsewhere as soon as it commits.
--
-- Payloads: '<tenant id> <subject> <version>' for a bump, 'forget <subject>' when a
-- subject lost its versions (TRUNCATE).
--
-- A third subject, tenants, versions each tenant's own row (its subscription), which
-- the server's record of who a caller is depends on.

alter table data_versions drop constraint data_versions_subject_check;

alter table data_versions add constraint data_versions_subject_check check (subject in ('users', 'opportunities', 'tenants'));

insert into data_versions (tenant_id, subject, version)
select id, 'tenants', nextval('data_version_seq') from tenants;

-- Kept on one line each: migrations are split into statements at a semicolon ending a line.
create or replace function bump_data_version() returns trigger language plpgsql as $$ declare bumped record; begin for bumped in insert into data_versions (tenant_id, subject, version) select tenant_id, tg_argv[0], nextval('data_version_seq') from (select distinct tenant_id from changed_rows) as touched on conflict (tenant_id, subject) do update set version = excluded.version returning tenant_id, subject, version loop perform pg_notify('data_versions', bumped.tenant_id || ' ' || bumped.subject || ' ' || bumped.version); end loop; return null; end $$;

create or replace function bump_users_version_of_accounts() returns trigger language plpgsql as $$ declare bumped record; begin for bumped in insert into data_versions (tenant_id, subject, version) select tenant_id, 'users', nextval('data_version_seq') from (select distinct users.tenant_id from users join changed_rows on users.email = changed_rows.email) as touched on conflict (tenant_id, subject) do update set version = excluded.version returning tenant_id, subject, version loop perform pg_notify('data_versions', bumped.tenant_id || ' ' || bumped.subject || ' ' || bumped.version); end loop; return null; end $$;

create or replace function bump_tenants_version() returns trigger language plpgsql as $$ declare bumped record; begin for bumped in insert into data_versions (tenant_id, subject, version) select id, 'tenants', nextval('data_version_seq') from (select distinct id from changed_rows) as touched on conflict (tenant_id, subject) do update set version = excluded.version returning tenant_id, subject, version loop perform pg_notify('data_versions', bumped.tenant_id || ' ' || bumped.subject || ' ' || bumped.version); end loop; return null; end $$;

create or replace function forget_data_versions() returns trigger language plpgsql as $$ begin delete from data_versions where subject = tg_argv[0]; perform pg_notify('data_versions', 'forget ' || tg_argv[0]); return null; end $$;

create trigger tenants_inserted_version after insert on tenants referencing new table as changed_rows for each statement execute function bump_tenants_version();
create trigger tenants_updated_old_version after update on tenants referencing old table as changed_rows for each statement execute function bump_tenants_version();
create trigger tenants_updated_new_version after update on tenants referencing new table as changed_rows for each statement execute function bump_tenants_version();
create trigger tenants_deleted_version after delete on tenants referencing old table as changed_rows for each statement execute function bump_tenants_version();
create trigger tenants_truncated_version after truncate on tenants for each statement execute function forget_data_versions('tenants');
