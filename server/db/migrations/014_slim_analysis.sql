-- The analysis answer carries only what the dashboard reads (spec section 7:
-- created_date, revenue, probability, salesperson_id), written compactly: the
-- instant to the second in UTC with a Z, revenue as a plain number. The
-- opportunity screens have answers of their own (GET /api/opportunities/page,
-- /pipeline and /getAllData), so a phone on the dashboard no longer downloads
-- customers, stages and ids it never shows.

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
create or replace function opportunity_analysis_json() returns trigger language plpgsql as $$ begin select row_to_json(entry)::text into new.analysis_json from (select to_char(new.created_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_date, new.revenue::float8 as revenue, new.probability as probability, new.salesperson_id as salesperson_id) as entry; return new; end $$;

-- The trigger writes every existing row's entry anew.
update opportunities set analysis_json = null;
