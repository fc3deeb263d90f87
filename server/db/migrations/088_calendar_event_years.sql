-- The years the year choices offer (GET /api/opportunities/years) hold the years of the
-- tenant's calendar events, where they start and where they end: a timed event's in the
-- caller's zone, an all-day event's by its UTC dates. Each is found by one probe of
-- these indexes per year, as the opportunities' years are, instead of converting every
-- event's two instants on every call (the bench tenant's 2,000 events: 40–190 ms of the
-- database's time per call, issue 19).
create index calendar_events_tenant_all_day_starts_idx on calendar_events (tenant_id, all_day, starts_at);
create index calendar_events_tenant_all_day_ends_idx on calendar_events (tenant_id, all_day, ends_at);
