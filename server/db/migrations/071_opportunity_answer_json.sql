-- Each opportunity also keeps its own entry of GET /api/opportunities/getAllData (the
-- year's opportunities the customer list, the calendar and the activity editor load) as
-- JSON text, written with the row as its analysis entry is (migrations 010 and 014): a
-- year of 100,000 made with json_build_object and to_char for every row took four times
-- as long as joining kept texts, and it is made again after every change of the tenant's
-- opportunities. The fields and forms of the Opportunity projection (server/answers/projections.ts),
-- instants by answer_instant (migration 060); tests/server/answer-cache.test.ts compares the two.

alter table opportunities add column answer_json text;

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
create function opportunity_answer_json() returns trigger language plpgsql as $$ begin new.answer_json := json_build_object('id', new.id, 'created_date', answer_instant(new.created_date), 'revenue', new.revenue::float8, 'probability', new.probability, 'salesperson_id', new.salesperson_id, 'customer', new.customer, 'stage', new.stage)::text; return new; end $$;

create trigger opportunities_answer_json before insert or update on opportunities for each row execute function opportunity_answer_json();

-- The trigger fills in every existing row.
update opportunities set answer_json = null;

alter table opportunities alter column answer_json set not null;
