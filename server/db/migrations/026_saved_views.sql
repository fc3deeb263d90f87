-- Saved views: a person's named filters of a list screen ('My open deals'), kept on
-- the server so they follow the person to every browser. A view belongs to one
-- user of one tenant; it goes with its user.
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
