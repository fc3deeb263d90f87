-- The CSV import proves the keys its rows name once per import instead of once per row
-- (issue 17: 50,000 opportunities in one transaction; README, Performance). It locks the
-- tenant, the author and every salesperson the rows name FOR KEY SHARE, as each foreign
-- key check would, then writes with `session_replication_role = replica`, in which
-- PostgreSQL skips the foreign key checks. Row and statement triggers are skipped in
-- that role too unless they are enabled ALWAYS: the opportunities' triggers keep their
-- kept JSON, versions and day sums in step with the rows, so they fire in any role (a
-- logical replication subscriber included). The import takes that way only when every
-- trigger its rows would fire is one of these or a key check it has proven
-- (server/routes/csv-import.ts); otherwise it writes with every key checked per row.
alter table opportunities enable always trigger opportunities_kept_json;
alter table opportunities enable always trigger opportunities_inserted_version;
alter table opportunities enable always trigger opportunities_updated_old_version;
alter table opportunities enable always trigger opportunities_updated_new_version;
alter table opportunities enable always trigger opportunities_deleted_version;
alter table opportunities enable always trigger opportunities_truncated_version;
alter table opportunities enable always trigger opportunities_inserted_month_version;
alter table opportunities enable always trigger opportunities_updated_old_month_version;
alter table opportunities enable always trigger opportunities_updated_new_month_version;
alter table opportunities enable always trigger opportunities_deleted_month_version;
alter table opportunities enable always trigger opportunities_truncated_month_version;
alter table opportunities enable always trigger opportunities_inserted_day_sums;
alter table opportunities enable always trigger opportunities_updated_day_sums;
alter table opportunities enable always trigger opportunities_deleted_day_sums;
alter table opportunities enable always trigger opportunities_truncated_day_sums;
