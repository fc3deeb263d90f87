-- Writing an opportunity costs less, with the same rows and answers (issue 17: the CSV
-- import writes 50,000 at a time; README, Performance).
--
-- The analysis entry (migration 060) was made by a query run for every row written,
-- `select row_to_json(entry) into … from (select …) as entry`: a statement started and
-- ended per row. The same text now comes from a plain expression over a row of a type
-- with the entry's fields, which PL/pgSQL evaluates without starting a statement.
-- tests/server/answers.test.ts compares every kept entry with the query's text.
create type opportunity_analysis_entry as (created_date text, revenue float8, probability integer, salesperson_id integer);

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
create or replace function opportunity_analysis_json() returns trigger language plpgsql as $$ begin new.analysis_json := row_to_json(row(answer_instant(new.created_date), new.revenue::float8, new.probability, new.salesperson_id)::opportunity_analysis_entry)::text; return new; end $$;

-- An opportunity's salesperson is one of its own tenant's, as an activity's is (migration
-- 004): one key checked per row instead of two. The tenant's own key (tenant_id → tenants)
-- looked the tenant up by reading the whole, tiny, tenants table for every row written,
-- which asks the file system for the table's size each time; the salesperson's tenant
-- exists by that table's own key.
alter table opportunities add constraint opportunities_tenant_salesperson_fkey foreign key (tenant_id, salesperson_id) references salespersons (tenant_id, id);
alter table opportunities drop constraint opportunities_tenant_id_fkey;
alter table opportunities drop constraint opportunities_salesperson_id_fkey;
