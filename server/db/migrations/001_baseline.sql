-- The CRM's schema. What must never be false is enforced here, on every path
-- (the API, the import, a hand-written SQL session), not only in code.
-- Statements end at a semicolon that closes a line (server/db/migrate.ts); a
-- function's body is kept on one line for that reason.

create extension if not exists pg_trgm;

-- Instants answered by the API: one UTC form everywhere (server/answers/instant.ts).
create function answer_instant(value timestamptz) returns text language sql stable strict parallel safe as $$ select to_char(value at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') $$;

create table tenants (
  id serial primary key,
  name text not null unique,
  subscription_expires_at timestamptz,
  currency text not null default 'EUR' check (currency ~ '^[A-Z]{3}$'),
  -- Each stage's default probability: moving a deal to a stage offers it.
  stage_probabilities jsonb not null
    default '{"qualification": 10, "proposal": 30, "negotiation": 60, "closed won": 100, "closed lost": 0}'
    check (jsonb_typeof(stage_probabilities) = 'object')
);

create table users (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  name text not null check (length(name) between 1 and 200),
  email text not null unique check (email = lower(email)),
  role_id integer not null check (role_id in (1, 2, 3)),
  status integer not null default 1,
  phone text not null default '',
  mobile text not null default '',
  -- Bumped on every update, so that concurrent writers can detect each other.
  version integer not null default 1,
  created_at timestamptz not null default now(),
  -- The identity provider's subject, bound at the first sign-in: a person is their
  -- subject, never whoever holds their e-mail later.
  subject text unique,
  -- Tokens issued before an e-mail change no longer name this user.
  email_changed_at timestamptz,
  search_text text generated always as (lower(name || ' ' || email)) stored,
  unique (tenant_id, id)
);
create index users_name_prefix_idx on users (tenant_id, lower(name) collate "C");
create index users_search_trgm on users using gin (search_text gin_trgm_ops) with (fastupdate = off);

create function note_email_change() returns trigger language plpgsql as $$ begin new.email_changed_at := now(); return new; end $$;
create trigger users_email_changed before update of email on users for each row when (old.email is distinct from new.email) execute function note_email_change();

-- The embedded identity provider's side of a person: how they sign in.
create table accounts (
  id serial primary key,
  email text not null unique check (email = lower(email)),
  password_hash text not null,
  client_roles text[] not null default '{}',
  created_at timestamptz not null default now()
);

create table salespersons (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  user_id integer references users (id),
  name text not null,
  email text not null unique check (email = lower(email)),
  phone text not null default '',
  mobile text not null default '',
  latest_login timestamptz,
  status integer not null default 1,
  search_text text generated always as (lower(name || ' ' || email)) stored,
  unique (tenant_id, id),
  unique (id, tenant_id)
);
create index salespersons_name_prefix_idx on salespersons (tenant_id, lower(name) collate "C");
create index salespersons_search_trgm on salespersons using gin (search_text gin_trgm_ops) with (fastupdate = off);

create table teams (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  name text not null constraint teams_name_trimmed check (name = btrim(name) and length(name) between 1 and 100),
  unique (id, tenant_id)
);
create unique index teams_tenant_lower_name_key on teams (tenant_id, lower(name));

-- A member belongs to the team's tenant: both keys carry it.
create table team_members (
  team_id integer not null,
  salesperson_id integer not null,
  tenant_id integer not null,
  primary key (team_id, salesperson_id),
  foreign key (team_id, tenant_id) references teams (id, tenant_id) on delete cascade,
  foreign key (salesperson_id, tenant_id) references salespersons (id, tenant_id) on delete cascade
);
create index team_members_salesperson_idx on team_members (salesperson_id);

create table customers (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  name text not null check (length(name) between 1 and 200),
  company text not null default '' check (length(company) <= 200),
  email text not null default '' check (email = lower(email) and length(email) <= 254),
  phone text not null default '' check (length(phone) <= 32),
  notes text not null default '' check (length(notes) <= 2000),
  created_at timestamptz not null default now(),
  search_text text generated always as (lower(name || ' ' || company || ' ' || email)) stored,
  unique (tenant_id, id)
);
create unique index customers_tenant_name_key on customers (tenant_id, lower(name));
create index customers_name_prefix_idx on customers (tenant_id, lower(name) collate "C");
create index customers_search_trgm on customers using gin (search_text gin_trgm_ops) with (fastupdate = off);

create table opportunities (
  id serial primary key,
  tenant_id integer not null,
  salesperson_id integer not null,
  customer text not null default '',
  stage text not null default 'qualification',
  created_date timestamptz not null,
  revenue numeric(14, 2) not null check (revenue >= 0),
  probability integer not null check (probability between 0 and 100),
  unique (tenant_id, id),
  foreign key (tenant_id, salesperson_id) references salespersons (tenant_id, id)
);
-- The year's answers read a tenant's range of dates, in date order; the list pages by it.
create index opportunities_tenant_created_id_idx on opportunities (tenant_id, created_date, id);
create index opportunities_tenant_customer_idx on opportunities (tenant_id, lower(customer), created_date desc);
create index opportunities_tenant_salesperson_idx on opportunities (tenant_id, salesperson_id);
-- The board's columns: a stage's deals, heaviest first.
create index opportunities_tenant_stage_weight_idx on opportunities (tenant_id, stage, (revenue * probability) desc, id);

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
  search_text text generated always as (lower(subject)) stored,
  foreign key (tenant_id, salesperson_id) references salespersons (tenant_id, id),
  foreign key (tenant_id, opportunity_id) references opportunities (tenant_id, id) on delete set null (opportunity_id)
);
create index activities_tenant_due_idx on activities (tenant_id, due_at);
create index activities_salesperson_idx on activities (salesperson_id);
create index activities_opportunity_idx on activities (opportunity_id);
create index activities_subject_prefix_idx on activities (tenant_id, lower(subject) collate "C");
create index activities_search_trgm on activities using gin (search_text gin_trgm_ops) with (fastupdate = off);

create table calendar_events (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  title text not null check (length(title) between 1 and 200),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  all_day boolean not null default false,
  location text not null default '' check (length(location) <= 200),
  salesperson_id integer references salespersons (id) on delete set null,
  notes text not null default '' check (length(notes) <= 2000),
  created_at timestamptz not null default now(),
  opportunity_id integer,
  search_text text generated always as (lower(title || ' ' || location)) stored,
  check (ends_at >= starts_at),
  -- An all-day event runs from midnight to midnight, UTC.
  check (not all_day or (extract(epoch from starts_at) % 86400 = 0 and extract(epoch from ends_at) % 86400 = 0)),
  constraint calendar_events_opportunity_fkey foreign key (tenant_id, opportunity_id) references opportunities (tenant_id, id) on delete set null (opportunity_id)
);
create index calendar_events_tenant_starts_idx on calendar_events (tenant_id, starts_at);
create index calendar_events_tenant_all_day_starts_idx on calendar_events (tenant_id, all_day, starts_at);
create index calendar_events_tenant_all_day_ends_idx on calendar_events (tenant_id, all_day, ends_at);
create index calendar_events_opportunity_idx on calendar_events (opportunity_id) where opportunity_id is not null;
create index calendar_events_title_prefix_idx on calendar_events (tenant_id, lower(title) collate "C");
create index calendar_events_search_trgm on calendar_events using gin (search_text gin_trgm_ops) with (fastupdate = off);

create table attachments (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  file_name text not null check (length(file_name) between 1 and 255 and file_name !~ '[/\\[:cntrl:]]'),
  media_type text not null check (length(media_type) between 1 and 255),
  size_bytes integer not null check (size_bytes between 1 and 5242880),
  content bytea not null,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  opportunity_id integer,
  uploaded_by integer not null references users (id),
  note text not null default '' check (length(note) <= 500),
  created_at timestamptz not null default now(),
  check (octet_length(content) = size_bytes),
  constraint attachments_opportunity_tenant_fkey foreign key (tenant_id, opportunity_id) references opportunities (tenant_id, id) on delete set null (opportunity_id)
);
create index attachments_tenant_created_idx on attachments (tenant_id, created_at);
create index attachments_opportunity_idx on attachments (opportunity_id) where opportunity_id is not null;

-- Notes on a deal or a customer (exactly one of them).
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

-- Who changed which field of a deal or a customer, and when: the record's history.
create table record_changes (
  id bigserial primary key,
  tenant_id integer not null,
  record_kind text not null check (record_kind in ('opportunity', 'customer')),
  record_id integer not null,
  action text not null check (action in ('created', 'updated', 'deleted')),
  changes jsonb not null default '[]' check (jsonb_typeof(changes) = 'array'),
  changed_by integer,
  changed_by_name text not null,
  changed_at timestamptz not null default now(),
  constraint record_changes_author_fkey foreign key (tenant_id, changed_by) references users (tenant_id, id) on delete set null (changed_by)
);
create index record_changes_record_idx on record_changes (tenant_id, record_kind, record_id, changed_at desc, id desc);

create table saved_views (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  user_id integer not null references users (id) on delete cascade,
  list text not null check (list in ('opportunity', 'customer', 'activity', 'salesperson', 'team', 'user')),
  name text not null check (length(name) between 1 and 80 and btrim(name) <> ''),
  query text not null default '' check (length(query) <= 500),
  created_at timestamptz not null default now()
);
create unique index saved_views_user_name_key on saved_views (user_id, lower(name));

-- The embedded identity provider's records (server/oidc/adapter.ts) and signing keys.
create table oidc_payloads (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  uid text,
  user_code text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);
create index oidc_payloads_expires_idx on oidc_payloads (expires_at);
create index oidc_payloads_grant_idx on oidc_payloads (model, grant_id) where grant_id is not null;
create unique index oidc_payloads_session_uid_key on oidc_payloads (uid) where model = 'Session';
create unique index oidc_payloads_user_code_key on oidc_payloads (model, user_code) where user_code is not null;

create table oidc_keys (
  name text primary key,
  secret jsonb not null,
  created_at timestamptz not null default now()
);

-- A tenant's data version per subject: the ETag of the answers made from that
-- subject's rows (server/caching/README.md). The database moves it in the writing
-- transaction, from statement triggers, so every write path moves it; versions come
-- from one sequence and never come back. No foreign key: a version outliving its
-- tenant harms nothing.
create sequence data_version_seq;
create table data_versions (
  tenant_id integer not null,
  subject text not null check (subject in ('opportunities', 'customers')),
  version bigint not null,
  primary key (tenant_id, subject)
);

-- One new version per tenant a statement touched (an update's old and new rows both).
create function move_data_versions() returns trigger language plpgsql as $$ begin if tg_op = 'INSERT' then insert into data_versions (tenant_id, subject, version) select tenant_id, tg_table_name, nextval('data_version_seq') from (select distinct tenant_id from new_rows) as touched on conflict (tenant_id, subject) do update set version = excluded.version; elsif tg_op = 'DELETE' then insert into data_versions (tenant_id, subject, version) select tenant_id, tg_table_name, nextval('data_version_seq') from (select distinct tenant_id from old_rows) as touched on conflict (tenant_id, subject) do update set version = excluded.version; else insert into data_versions (tenant_id, subject, version) select tenant_id, tg_table_name, nextval('data_version_seq') from (select tenant_id from old_rows union select tenant_id from new_rows) as touched on conflict (tenant_id, subject) do update set version = excluded.version; end if; return null; end $$;
-- TRUNCATE has no transition table: every tenant's version of the subject moves.
create function move_all_data_versions() returns trigger language plpgsql as $$ begin update data_versions set version = nextval('data_version_seq') where subject = tg_table_name; return null; end $$;

create trigger opportunities_inserted after insert on opportunities referencing new table as new_rows for each statement execute function move_data_versions();
create trigger opportunities_updated after update on opportunities referencing old table as old_rows new table as new_rows for each statement execute function move_data_versions();
create trigger opportunities_deleted after delete on opportunities referencing old table as old_rows for each statement execute function move_data_versions();
create trigger opportunities_truncated after truncate on opportunities for each statement execute function move_all_data_versions();
create trigger customers_inserted after insert on customers referencing new table as new_rows for each statement execute function move_data_versions();
create trigger customers_updated after update on customers referencing old table as old_rows new table as new_rows for each statement execute function move_data_versions();
create trigger customers_deleted after delete on customers referencing old table as old_rows for each statement execute function move_data_versions();
create trigger customers_truncated after truncate on customers for each statement execute function move_all_data_versions();
