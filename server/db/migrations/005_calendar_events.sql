-- Calendar events: meetings and appointments, shown on the calendar next to the
-- opportunities. An all-day event is stored from the UTC midnight of its first day
-- to the UTC midnight of its last day, so its days are the same in every time zone;
-- a timed event is an instant range, shown on the local days it touches.

create table calendar_events (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  title text not null check (length(title) between 1 and 200),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  all_day boolean not null default false,
  location text not null default '' check (length(location) <= 200),
  -- An event outlives its salesperson: it stays on the calendar, assigned to nobody.
  salesperson_id integer references salespersons (id) on delete set null,
  notes text not null default '' check (length(notes) <= 2000),
  created_at timestamptz not null default now(),
  check (ends_at >= starts_at),
  check (not all_day or (extract(epoch from starts_at) % 86400 = 0 and extract(epoch from ends_at) % 86400 = 0))
);
create index calendar_events_tenant_starts_idx on calendar_events (tenant_id, starts_at);
