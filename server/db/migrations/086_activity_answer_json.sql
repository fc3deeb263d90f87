-- Each activity keeps its own fields of the activity list (GET /api/activities/getAllData)
-- as JSON text, written with the row, as each opportunity keeps its entry of a year
-- (migration 071): the list of a tenant's 5,000 activities made with json_build_object
-- and to_char for every row took several times as long as joining kept texts (issue 19).
-- The names the list shows from other tables (the salesperson's, the opportunity's
-- customer) are joined when the list is read, so a renaming shows at once. The fields
-- and forms of the Activity projection (server/answers/projections.ts), instants by
-- answer_instant (migration 060); tests/server/activities.test.ts compares the two.

alter table activities add column answer_json text;

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
create function activity_answer_json() returns trigger language plpgsql as $$ begin new.answer_json := json_build_object('id', new.id, 'kind', new.kind, 'subject', new.subject, 'due_at', answer_instant(new.due_at), 'duration_minutes', new.duration_minutes, 'done', new.done, 'salesperson_id', new.salesperson_id, 'opportunity_id', new.opportunity_id, 'notes', new.notes, 'created_at', answer_instant(new.created_at))::text; return new; end $$;

create trigger activities_answer_json before insert or update on activities for each row execute function activity_answer_json();

-- The trigger fills in every existing row.
update activities set answer_json = null;

alter table activities alter column answer_json set not null;
