-- Each calendar event keeps its entry of a year's calendar (GET /api/calendar/getAllData)
-- as JSON text without its closing brace, written with the row, as activities do
-- (migration 140): the calendar made every entry with json_build_object and
-- answer_instant on each request, most of the database's work for it (issue 19; README
-- Performance). The linked deal's customer is joined when the calendar is read, so a
-- renaming shows at once. The fields and forms of the CalendarEvent projection
-- (server/answers/projections.ts); tests/server/calendar-events.test.ts compares the two.

alter table calendar_events add column list_entry_head text;

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
create function calendar_event_list_entry_head() returns trigger language plpgsql as $$ begin new.list_entry_head := left(json_build_object('id', new.id, 'title', new.title, 'starts_at', answer_instant(new.starts_at), 'ends_at', answer_instant(new.ends_at), 'all_day', new.all_day, 'location', new.location, 'salesperson_id', new.salesperson_id, 'notes', new.notes, 'opportunity_id', new.opportunity_id)::text, -1); return new; end $$;

create trigger calendar_events_list_entry_head before insert or update on calendar_events for each row execute function calendar_event_list_entry_head();

-- The trigger fills in every existing row.
update calendar_events set list_entry_head = null;

alter table calendar_events alter column list_entry_head set not null;
