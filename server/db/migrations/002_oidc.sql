-- The embedded identity provider's state: sessions, grants, codes, refresh tokens
-- and the rest of oidc-provider's models, plus its signing and cookie keys.
-- Kept with the data so that a restart signs nobody out and invalidates no token.

create table oidc_payloads (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  uid text,
  user_code text,
  -- Null only for models stored without a lifetime.
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);
create index oidc_payloads_grant_idx on oidc_payloads (model, grant_id) where grant_id is not null;
create unique index oidc_payloads_session_uid_key on oidc_payloads (uid) where model = 'Session';
create unique index oidc_payloads_user_code_key on oidc_payloads (model, user_code) where user_code is not null;
create index oidc_payloads_expires_idx on oidc_payloads (expires_at);

-- Secrets generated on first start: the token-signing key and the cookie-signing keys.
create table oidc_keys (
  name text primary key,
  secret jsonb not null,
  created_at timestamptz not null default now()
);
