-- The story of an opportunity or a customer: every change to it (who, when, which
-- fields from what to what) and the notes people write on it. Changes are written by
-- the server in the same transaction as the change they describe
-- (server/records/history.ts), and outlive the record: a deleted record's history
-- still says who deleted it and when.

create unique index if not exists customers_tenant_id_id_key on customers (tenant_id, id);

create table record_changes (
  id bigserial primary key,
  tenant_id integer not null references tenants (id),
  record_kind text not null check (record_kind in ('opportunity', 'customer')),
  record_id integer not null,
  action text not null check (action in ('created', 'updated', 'deleted')),
  -- [{ "field": "stage", "from": "proposal", "to": "negotiation" }, ...]: what was
  -- written, as text, for a creation the values it started with, for a deletion the last ones.
  changes jsonb not null default '[]'::jsonb check (jsonb_typeof(changes) = 'array'),
  -- Who: the user's id while they exist, and their name as it was, for ever.
  changed_by integer references users (id) on delete set null,
  changed_by_name text not null,
  changed_at timestamptz not null default now()
);
create index record_changes_record_idx on record_changes (tenant_id, record_kind, record_id, changed_at desc, id desc);

-- A note belongs to exactly one opportunity or one customer of its own tenant, and
-- goes with it.
create table notes (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  opportunity_id integer,
  customer_id integer,
  body text not null check (length(body) between 1 and 5000 and btrim(body) <> ''),
  author_id integer references users (id) on delete set null,
  author_name text not null,
  created_at timestamptz not null default now(),
  check ((opportunity_id is null) <> (customer_id is null)),
  foreign key (tenant_id, opportunity_id) references opportunities (tenant_id, id) on delete cascade,
  foreign key (tenant_id, customer_id) references customers (tenant_id, id) on delete cascade
);
create index notes_opportunity_idx on notes (opportunity_id) where opportunity_id is not null;
create index notes_customer_idx on notes (customer_id) where customer_id is not null;

-- A calendar event may be about one opportunity (a meeting on the deal), so it shows
-- on that deal's page; when the opportunity goes, the event stays on the calendar, unlinked.
alter table calendar_events add column opportunity_id integer;
alter table calendar_events add constraint calendar_events_opportunity_fkey
  foreign key (tenant_id, opportunity_id) references opportunities (tenant_id, id) on delete set null (opportunity_id);
create index calendar_events_opportunity_idx on calendar_events (opportunity_id) where opportunity_id is not null;

-- Attachments already lose their opportunity when it goes (006); they also keep to its tenant.
alter table attachments add constraint attachments_opportunity_tenant_fkey
  foreign key (tenant_id, opportunity_id) references opportunities (tenant_id, id) on delete set null (opportunity_id);
create index attachments_opportunity_idx on attachments (opportunity_id) where opportunity_id is not null;
