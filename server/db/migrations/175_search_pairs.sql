-- The global search (server/routes/search.ts) for two-letter words. No trigram serves a
-- word of two letters, so each kind was read until 50 rows contained it, and wholly where
-- few or none do ('zz', 'cu' among the users): the slowest searches a person typing waits
-- for. Each searched record now keeps the distinct two-letter pieces of its search text
-- (migration 075's, lowercased the same way), with a GIN index: a text contains a word of
-- two letters exactly when the word is one of its pieces, so the index finds the few rows
-- that do, and the planner still reads a table in order where most rows do.
create function text_pairs(t text) returns text[] language sql immutable parallel safe strict
  as $$ select array(select distinct substr(t, i, 2) from generate_series(1, char_length(t) - 1) as i) $$;

-- A generated column cannot read another (search_text), so each repeats its expression;
-- tests/server/search.test.ts checks the two agree on every row.
alter table customers add column search_pairs text[] generated always as (text_pairs(lower(name || ' ' || company || ' ' || email))) stored;
alter table activities add column search_pairs text[] generated always as (text_pairs(lower(subject))) stored;
alter table calendar_events add column search_pairs text[] generated always as (text_pairs(lower(title || ' ' || location))) stored;
alter table salespersons add column search_pairs text[] generated always as (text_pairs(lower(name || ' ' || email))) stored;
alter table users add column search_pairs text[] generated always as (text_pairs(lower(name || ' ' || email))) stored;

-- Without a pending list, as migration 155's trigram indexes: PGlite runs no autovacuum to fold one in.
create index customers_search_pairs on customers using gin (search_pairs) with (fastupdate = off);
create index activities_search_pairs on activities using gin (search_pairs) with (fastupdate = off);
create index calendar_events_search_pairs on calendar_events using gin (search_pairs) with (fastupdate = off);
create index salespersons_search_pairs on salespersons using gin (search_pairs) with (fastupdate = off);
create index users_search_pairs on users using gin (search_pairs) with (fastupdate = off);
