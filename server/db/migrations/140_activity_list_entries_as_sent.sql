-- The activity list (GET /api/activities/getAllData) joins each activity's kept entry with
-- the names it shows from other tables. With the entry kept whole (migration 086) the list
-- cut its closing brace off every entry when read (left(…, -1) counts the characters of
-- each UTF-8 text) and wrote each salesperson's name as JSON for every activity, for every
-- request: the larger part of the database's work for it (issue 19; README Performance). Each activity
-- now keeps its entry without the closing brace, and each salesperson their name as JSON
-- text, both written with the row, so the list only joins texts. The names are still
-- joined when the list is read, so a renaming shows at once.

alter table activities rename column answer_json to list_entry_head;

drop trigger activities_answer_json on activities;

drop function activity_answer_json();

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
create function activity_list_entry_head() returns trigger language plpgsql as $$ begin new.list_entry_head := left(json_build_object('id', new.id, 'kind', new.kind, 'subject', new.subject, 'due_at', answer_instant(new.due_at), 'duration_minutes', new.duration_minutes, 'done', new.done, 'salesperson_id', new.salesperson_id, 'opportunity_id', new.opportunity_id, 'notes', new.notes, 'created_at', answer_instant(new.created_at))::text, -1); return new; end $$;

create trigger activities_list_entry_head before insert or update on activities for each row execute function activity_list_entry_head();

-- The trigger writes every existing row's anew.
update activities set list_entry_head = null;

alter table salespersons add column name_json text;

create or replace function salesperson_answer_json() returns trigger language plpgsql as $$ begin new.answer_json := json_build_object('id', new.id, 'name', new.name, 'email', new.email, 'phone', new.phone, 'mobile', new.mobile, 'latest_login', answer_instant(new.latest_login), 'status', new.status)::text; new.name_json := to_json(new.name)::text; return new; end $$;

-- The trigger fills in every existing row.
update salespersons set name_json = null;

alter table salespersons alter column name_json set not null;
