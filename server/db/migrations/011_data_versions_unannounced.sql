-- The data versions (migration 007) are read from this table by each request that
-- needs one, no longer announced on a channel and kept in memory (migration 009): an
-- announcement could be sent by any database login, and authorisation no longer
-- depends on the versions (each request reads its caller afresh). The triggers go
-- back to bumping only, and the tenants subject, kept for remembered callers, goes.

drop trigger tenants_inserted_version on tenants;
drop trigger tenants_updated_old_version on tenants;
drop trigger tenants_updated_new_version on tenants;
drop trigger tenants_deleted_version on tenants;
drop trigger tenants_truncated_version on tenants;
drop function bump_tenants_version();

delete from data_versions where subject = 'tenants';

alter table data_versions drop constraint data_versions_subject_check;

alter table data_versions add constraint data_versions_subject_check check (subject in ('users', 'opportunities'));

-- Kept on one line each: migrations are split into statements at a semicolon ending a line.
create or replace function bump_data_version() returns trigger language plpgsql as $$ begin insert into data_versions (tenant_id, subject, version) select tenant_id, tg_argv[0], nextval('data_version_seq') from (select distinct tenant_id from changed_rows) as touched on conflict (tenant_id, subject) do update set version = excluded.version; return null; end $$;

create or replace function bump_users_version_of_accounts() returns trigger language plpgsql as $$ begin insert into data_versions (tenant_id, subject, version) select tenant_id, 'users', nextval('data_version_seq') from (select distinct users.tenant_id from users join changed_rows on users.email = changed_rows.email) as touched on conflict (tenant_id, subject) do update set version = excluded.version; return null; end $$;

create or replace function forget_data_versions() returns trigger language plpgsql as $$ begin delete from data_versions where subject = tg_argv[0]; return null; end $$;
