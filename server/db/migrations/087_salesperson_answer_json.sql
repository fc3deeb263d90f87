-- Each salesperson keeps their entry of the salesperson list (GET
-- /api/salespersons/getAllData, which nearly every screen asks for) as JSON text,
-- written with the row, as activities do (migration 086): the bench tenant's 500 made
-- with json_build_object and to_char took 44–76 ms of the database's time per request,
-- joining the kept texts 2–4 ms (issue 19). The fields and forms of the Salesperson
-- projection (server/answers/projections.ts), instants by answer_instant (migration 060);
-- tests/server/salespersons.test.ts compares the list with each salesperson's record.

alter table salespersons add column answer_json text;

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
create function salesperson_answer_json() returns trigger language plpgsql as $$ begin new.answer_json := json_build_object('id', new.id, 'name', new.name, 'email', new.email, 'phone', new.phone, 'mobile', new.mobile, 'latest_login', answer_instant(new.latest_login), 'status', new.status)::text; return new; end $$;

create trigger salespersons_answer_json before insert or update on salespersons for each row execute function salesperson_answer_json();

-- The trigger fills in every existing row.
update salespersons set answer_json = null;

alter table salespersons alter column answer_json set not null;
