-- The global search's trigram indexes (migrations 025, 075) keep no pending list.
-- A GIN index by default first appends new entries to a pending list, which every
-- search through the index reads whole, and which only VACUUM (autovacuum on
-- PostgreSQL) or reaching gin_pending_list_limit (4 MB) folds into the index. PGlite
-- runs no autovacuum, so there each of these indexes carried up to 4 MB of unsorted
-- entries that every search read again, and the planner, counting them, preferred to
-- read whole tables (README, Performance: "The global search, cold and warm"). Each
-- write now goes straight into the index: a record is written once, searched many times.
alter index customers_search_trgm set (fastupdate = off);
alter index activities_search_trgm set (fastupdate = off);
alter index calendar_events_search_trgm set (fastupdate = off);
alter index salespersons_search_trgm set (fastupdate = off);
alter index users_search_trgm set (fastupdate = off);

-- What is pending already is folded in now.
select gin_clean_pending_list(index_name::regclass)
from unnest(array['customers_search_trgm', 'activities_search_trgm', 'calendar_events_search_trgm', 'salespersons_search_trgm', 'users_search_trgm']) as index_name;
