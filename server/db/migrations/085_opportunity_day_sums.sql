-- The pipeline board's column sums and the opportunity list's totals are sums over a
-- year in the caller's time zone. Read from the opportunities, each request added up
-- the year's 100,000 rows (issue 19). Here each tenant's opportunities are added up per
-- UTC day and stage, kept by statement triggers in the writing transaction, so every
-- route, every server process and plain SQL keep them right. A year in any zone is then
-- its whole UTC days from this table plus the rows of the two part days at its ends
-- (YEAR_STAGE_SUMS in server/routes/opportunity-year-sums.ts).
-- weight is the sum of revenue × probability (percent), exact as numeric.
create table opportunity_day_sums (
  tenant_id integer not null references tenants (id) on delete cascade,
  day date not null,
  stage text not null,
  count integer not null,
  revenue numeric not null,
  weight numeric not null,
  primary key (tenant_id, day, stage)
);

-- Each statement's rows are summed per key and upserted in key order, so that two
-- writers of the same days take their locks in one order and never wait on each other in
-- a cycle; an update does its rows gone and written in one upsert for that reason, and
-- leaves the keys whose sums it does not change untouched. A day's stage that no longer
-- holds any opportunity is removed. tg_argv[0] is 1 for rows written, -1 for rows gone.
-- Kept on one line each: migrations are split into statements at a semicolon ending a line.
create function add_opportunity_day_sums() returns trigger language plpgsql as $$ declare sign integer := tg_argv[0]::integer; begin insert into opportunity_day_sums as sums (tenant_id, day, stage, count, revenue, weight) select tenant_id, (created_date at time zone 'UTC')::date, stage, sign * count(*), sign * sum(revenue), sign * sum(revenue * probability) from changed_rows group by 1, 2, 3 order by 1, 2, 3 on conflict (tenant_id, day, stage) do update set count = sums.count + excluded.count, revenue = sums.revenue + excluded.revenue, weight = sums.weight + excluded.weight; if sign < 0 then delete from opportunity_day_sums as sums using (select distinct tenant_id, (created_date at time zone 'UTC')::date as day, stage from changed_rows) as gone where sums.tenant_id = gone.tenant_id and sums.day = gone.day and sums.stage = gone.stage and sums.count = 0; end if; return null; end $$;

create function move_opportunity_day_sums() returns trigger language plpgsql as $$ begin insert into opportunity_day_sums as sums (tenant_id, day, stage, count, revenue, weight) select tenant_id, day, stage, sum(count), sum(revenue), sum(weight) from (select tenant_id, (created_date at time zone 'UTC')::date as day, stage, 1 as count, revenue, revenue * probability as weight from new_rows union all select tenant_id, (created_date at time zone 'UTC')::date, stage, -1, -revenue, -(revenue * probability) from old_rows) as changes group by 1, 2, 3 having sum(count) <> 0 or sum(revenue) <> 0 or sum(weight) <> 0 order by 1, 2, 3 on conflict (tenant_id, day, stage) do update set count = sums.count + excluded.count, revenue = sums.revenue + excluded.revenue, weight = sums.weight + excluded.weight; delete from opportunity_day_sums as sums using (select distinct tenant_id, (created_date at time zone 'UTC')::date as day, stage from old_rows) as gone where sums.tenant_id = gone.tenant_id and sums.day = gone.day and sums.stage = gone.stage and sums.count = 0; return null; end $$;

create function forget_opportunity_day_sums() returns trigger language plpgsql as $$ begin delete from opportunity_day_sums; return null; end $$;

create trigger opportunities_inserted_day_sums after insert on opportunities referencing new table as changed_rows for each statement execute function add_opportunity_day_sums('1');
create trigger opportunities_updated_day_sums after update on opportunities referencing old table as old_rows new table as new_rows for each statement execute function move_opportunity_day_sums();
create trigger opportunities_deleted_day_sums after delete on opportunities referencing old table as changed_rows for each statement execute function add_opportunity_day_sums('-1');
create trigger opportunities_truncated_day_sums after truncate on opportunities for each statement execute function forget_opportunity_day_sums();

insert into opportunity_day_sums (tenant_id, day, stage, count, revenue, weight) select tenant_id, (created_date at time zone 'UTC')::date, stage, count(*), sum(revenue), sum(revenue * probability) from opportunities group by 1, 2, 3;

-- The board's first cards of a column, and its further pages: the year's largest
-- weighted values of a stage, read in order from here until a column has its cards.
create index opportunities_tenant_stage_weight_idx on opportunities (tenant_id, stage, (revenue * probability) desc, id);
