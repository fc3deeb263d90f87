-- Writing many opportunities at once costs less, with the same rows, histories and
-- answers (issue 17: the CSV import writes 50,000 in one transaction; README, Performance).
--
-- A history entry's author is a user of the entry's own tenant: one key checked per
-- entry instead of two (the tenant's, which read the whole tenants table for every
-- entry, and the user's). The server always names the author it writes
-- (server/records/history.ts); when a user goes, their entries keep the tenant and the
-- name and lose only the link.
create unique index users_tenant_id_id_key on users (tenant_id, id);
alter table record_changes add constraint record_changes_author_fkey foreign key (tenant_id, changed_by) references users (tenant_id, id) on delete set null (changed_by);
alter table record_changes drop constraint record_changes_tenant_id_fkey;
alter table record_changes drop constraint record_changes_changed_by_fkey;

