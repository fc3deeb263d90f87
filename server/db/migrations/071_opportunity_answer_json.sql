-- Each opportunity also keeps its own entry of GET /api/opportunities/getAllData (the
-- year's opportunities the customer list, the calendar and the activity editor load) as
-- JSON text, written with the row as its analysis entry is (migrations 010 and 014): a
-- year of 100,000 made with json_build_object and to_char for every row took four times
-- as long as joining kept texts, and it is made again after every change of the tenant's
-- opportunities. The fields and forms of `answerColumns` (server/routes/opportunity-records.ts).

alter table opportunities add column answer_json text;

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
create function opportunity_answer_json() returns trigger language plpgsql as $$ begin select row_to_json(entry)::text into new.answer_json from (select new.id as id, to_char(new.created_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_date, new.revenue::float8 as revenue, new.probability as probability, new.salesperson_id as salesperson_id, new.customer as customer, new.stage as stage) as entry; return new; end $$;

create trigger opportunities_answer_json before insert or update on opportunities for each row execute function opportunity_answer_json();

-- The trigger fills in every existing row.
update opportunities set answer_json = null;

alter table opportunities alter column answer_json set not null;
