-- A version per tenant and calendar month (UTC) of its opportunities, moved by the
-- writing transaction's statement triggers as data_versions is (migration 007). The
-- year answers (the analysis, the year's opportunities) are kept in pieces of a month,
-- each sent again while its month's version is unchanged: a save remakes the month it
-- touched, not the whole year (server/caching/README.md).
--
-- A month holding opportunities always has a row (written with them, or below for the
-- rows already there): a month without one holds none. TRUNCATE empties the table, and
-- forgets every row.

create table opportunity_month_versions (
  tenant_id integer not null,
  month date not null,
  version bigint not null,
  primary key (tenant_id, month)
);

insert into opportunity_month_versions (tenant_id, month, version)
select tenant_id, month, nextval('data_version_seq')
from (select distinct tenant_id, (date_trunc('month', created_date at time zone 'UTC'))::date as month from opportunities) as held;

-- Kept on one line each: migrations are split into statements at a semicolon ending a line.
-- changed_rows is the statement's transition table (its new rows, or its old rows); an
-- update that moves an opportunity to another month (or tenant) changes both.
create function bump_opportunity_month_versions() returns trigger language plpgsql as $$ begin insert into opportunity_month_versions (tenant_id, month, version) select tenant_id, month, nextval('data_version_seq') from (select distinct tenant_id, (date_trunc('month', created_date at time zone 'UTC'))::date as month from changed_rows) as touched on conflict (tenant_id, month) do update set version = excluded.version; return null; end $$;

create function forget_opportunity_month_versions() returns trigger language plpgsql as $$ begin delete from opportunity_month_versions; return null; end $$;

create trigger opportunities_inserted_month_version after insert on opportunities referencing new table as changed_rows for each statement execute function bump_opportunity_month_versions();
create trigger opportunities_updated_old_month_version after update on opportunities referencing old table as changed_rows for each statement execute function bump_opportunity_month_versions();
create trigger opportunities_updated_new_month_version after update on opportunities referencing new table as changed_rows for each statement execute function bump_opportunity_month_versions();
create trigger opportunities_deleted_month_version after delete on opportunities referencing old table as changed_rows for each statement execute function bump_opportunity_month_versions();
create trigger opportunities_truncated_month_version after truncate on opportunities for each statement execute function forget_opportunity_month_versions();
