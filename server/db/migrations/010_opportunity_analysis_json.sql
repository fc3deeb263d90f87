-- Each opportunity keeps its own entry of the analysis answer (POST
-- /api/opportunities/anlaysis) as JSON text, written with the row, so that answering a
-- year only joins texts: building 50,000 of them on every first request after a change
-- was most of that request's time (issue 8). Made here, from a row trigger, so no write
-- path (routes, seed, hand-written SQL) can leave it out of step with the row.
-- Exactly the contract's Opportunity fields; timestamps in PostgreSQL's own JSON form.

alter table opportunities add column analysis_json text;

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
create function opportunity_analysis_json() returns trigger language plpgsql as $$ begin select row_to_json(entry)::text into new.analysis_json from (select new.id as id, new.created_date as created_date, new.revenue as revenue, new.probability as probability, new.salesperson_id as salesperson_id, new.customer as customer, new.stage as stage) as entry; return new; end $$;

create trigger opportunities_analysis_json before insert or update on opportunities for each row execute function opportunity_analysis_json();

-- The trigger fills in every existing row.
update opportunities set analysis_json = null;

alter table opportunities alter column analysis_json set not null;
