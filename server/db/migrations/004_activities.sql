-- Activities: a salesperson's scheduled work (calls, meetings, e-mails, tasks,
-- deadlines), optionally about one opportunity.

-- Targets for the composite keys below, so that an activity can only ever point at a
-- salesperson or an opportunity of its own tenant.
create unique index if not exists salespersons_tenant_id_id_key on salespersons (tenant_id, id);
create unique index if not exists opportunities_tenant_id_id_key on opportunities (tenant_id, id);

create table activities (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  kind text not null check (kind in ('call', 'meeting', 'email', 'task', 'deadline')),
  subject text not null check (length(subject) between 1 and 200 and btrim(subject) <> ''),
  due_at timestamptz not null,
  duration_minutes integer check (duration_minutes between 0 and 1440),
  done boolean not null default false,
  salesperson_id integer not null,
  opportunity_id integer,
  notes text not null default '' check (length(notes) <= 2000),
  created_at timestamptz not null default now(),
  foreign key (tenant_id, salesperson_id) references salespersons (tenant_id, id),
  -- An opportunity that goes away leaves its activities standing, unlinked.
  foreign key (tenant_id, opportunity_id) references opportunities (tenant_id, id) on delete set null (opportunity_id)
);
create index activities_tenant_due_idx on activities (tenant_id, due_at);
create index activities_salesperson_idx on activities (salesperson_id);
create index activities_opportunity_idx on activities (opportunity_id);
