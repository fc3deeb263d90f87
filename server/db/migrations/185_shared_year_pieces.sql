-- The pieces of the year answers (a month of the analysis or of the year's opportunities,
-- deflated; a month of the calendar's days or of the customers' sums, as JSON rows) as one
-- server process made them, under the month's version it read before reading the month, so
-- that the other processes on the same PostgreSQL take them instead of reading the month
-- and compressing it again (server/caching/shared-pieces.ts). A piece is taken only under
-- the version its month has now; a newer one replaces it.
--
-- Unlogged: a piece is made again from the opportunities whenever it is missing, so it need
-- not survive a crash (PostgreSQL empties an unlogged table then), and storing one writes no
-- WAL and waits for no flush of it.
create unlogged table shared_year_pieces (
  tenant_id integer not null references tenants (id) on delete cascade,
  name text not null,
  version bigint not null,
  body bytea not null,
  -- For a deflated piece: its text's CRC-32 and length in bytes.
  crc bigint,
  text_length bigint,
  -- The table is bounded in rows, the least recently stored going first (shared-pieces.ts):
  -- drawn anew by every store (a clock can give two stores the same instant).
  stored bigserial not null,
  primary key (tenant_id, name)
);

create index shared_year_pieces_stored on shared_year_pieces (stored);

-- Deflated or short: compressing the body again would only cost CPU.
alter table shared_year_pieces alter column body set storage external;
