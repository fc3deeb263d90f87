-- The salesperson list (GET /api/salespersons/getAllData), which nearly every screen asks
-- for, is kept by the answer cache per tenant like the user list (server/caching/README.md):
-- its salespersons get a data version of their own, moved by statement triggers in the
-- writing transaction as those of migration 007 move the users' and the opportunities'.
-- Under the load budget's people it was asked some 870 times a run, each made and
-- compressed anew (issue 19, README Performance).

alter table data_versions drop constraint data_versions_subject_check;

alter table data_versions add constraint data_versions_subject_check check (subject in ('users', 'opportunities', 'salespersons'));

insert into data_versions (tenant_id, subject, version)
select tenants.id, 'salespersons', nextval('data_version_seq') from tenants
on conflict (tenant_id, subject) do nothing;

-- Kept on one line each: migrations are split into statements at a semicolon ending a line.
create trigger salespersons_inserted_version after insert on salespersons referencing new table as changed_rows for each statement execute function bump_data_version('salespersons');
create trigger salespersons_updated_old_version after update on salespersons referencing old table as changed_rows for each statement execute function bump_data_version('salespersons');
create trigger salespersons_updated_new_version after update on salespersons referencing new table as changed_rows for each statement execute function bump_data_version('salespersons');
create trigger salespersons_deleted_version after delete on salespersons referencing old table as changed_rows for each statement execute function bump_data_version('salespersons');
create trigger salespersons_truncated_version after truncate on salespersons for each statement execute function forget_data_versions('salespersons');
