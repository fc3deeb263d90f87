-- The tenant's library of e-mail attachments: files a salesperson received or sent
-- by e-mail, kept with the CRM and optionally linked to one opportunity.

create table attachments (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  -- A bare name: no path separators and no control characters, so it is safe in a
  -- Content-Disposition header and on any file system it is saved to.
  file_name text not null check (length(file_name) between 1 and 255 and file_name !~ '[/\\[:cntrl:]]'),
  media_type text not null check (length(media_type) between 1 and 255),
  size_bytes integer not null check (size_bytes between 1 and 5242880),
  content bytea not null,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  opportunity_id integer references opportunities (id) on delete set null,
  uploaded_by integer not null references users (id),
  note text not null default '' check (length(note) <= 500),
  created_at timestamptz not null default now(),
  -- The stored size is the content's, never a client's claim.
  check (octet_length(content) = size_bytes)
);
create index attachments_tenant_created_idx on attachments (tenant_id, created_at);
