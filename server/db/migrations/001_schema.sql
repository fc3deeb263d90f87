-- Tenants, CRM users, sign-in accounts, salespersons, teams and opportunities.
-- What must never be false is enforced here, not only in code.

create table tenants (
  id serial primary key,
  name text not null unique,
  subscription_expires_at timestamptz
);

create table users (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  name text not null check (length(name) between 1 and 200),
  email text not null check (email = lower(email)),
  role_id integer not null check (role_id in (1, 2, 3)),
  status integer not null default 1,
  phone text not null default '',
  mobile text not null default '',
  -- Bumped on every update, so that concurrent writers can detect each other.
  version integer not null default 1,
  created_at timestamptz not null default now()
);
create unique index users_email_key on users (email);
create index users_tenant_idx on users (tenant_id);

-- The identity provider's side of a person: how they sign in.
create table accounts (
  id serial primary key,
  email text not null check (email = lower(email)),
  password_hash text not null,
  client_roles text[] not null default '{}',
  created_at timestamptz not null default now()
);
create unique index accounts_email_key on accounts (email);

create table salespersons (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  user_id integer references users (id),
  name text not null,
  email text not null check (email = lower(email)),
  phone text not null default '',
  mobile text not null default '',
  latest_login timestamptz,
  status integer not null default 1
);
create unique index salespersons_email_key on salespersons (email);
create index salespersons_tenant_idx on salespersons (tenant_id);

create table teams (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  name text not null,
  unique (tenant_id, name)
);

create table team_members (
  team_id integer not null references teams (id) on delete cascade,
  salesperson_id integer not null references salespersons (id) on delete cascade,
  primary key (team_id, salesperson_id)
);
create index team_members_salesperson_idx on team_members (salesperson_id);

create table opportunities (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  salesperson_id integer not null references salespersons (id),
  customer text not null default '',
  stage text not null default 'qualification',
  created_date timestamptz not null,
  revenue numeric(14, 2) not null check (revenue >= 0),
  probability integer not null check (probability between 0 and 100)
);
create index opportunities_tenant_created_idx on opportunities (tenant_id, created_date);
