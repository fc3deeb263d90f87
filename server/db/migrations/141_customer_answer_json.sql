-- Each customer keeps their entry of the customer list (GET /api/customers/getAllData) as
-- JSON text, written with the row, as salespersons (migration 087) and activities do: the
-- list made every entry with json_build_object and answer_instant on each request, most of
-- the database's work for it (issue 19; README Performance). The fields and forms of the
-- Customer projection (server/answers/projections.ts); tests/server/customers.test.ts
-- compares the list with each customer's record.

alter table customers add column answer_json text;

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
create function customer_answer_json() returns trigger language plpgsql as $$ begin new.answer_json := json_build_object('id', new.id, 'name', new.name, 'company', new.company, 'email', new.email, 'phone', new.phone, 'notes', new.notes, 'created_at', answer_instant(new.created_at))::text; return new; end $$;

create trigger customers_answer_json before insert or update on customers for each row execute function customer_answer_json();

-- The trigger fills in every existing row.
update customers set answer_json = null;

alter table customers alter column answer_json set not null;
