-- The global search (server/routes/search.ts) tests every row it cannot rule out for
-- containing each word. ILIKE over a concatenation lowercases and joins the texts
-- again for every row and every word, which in PGlite costs more than reading the
-- row; each searched record now keeps its search text joined and lowercased once,
-- when written, and the search matches it with a plain LIKE of the lowercased word.
alter table customers add column search_text text generated always as (lower(name || ' ' || company || ' ' || email)) stored;
alter table activities add column search_text text generated always as (lower(subject)) stored;
alter table calendar_events add column search_text text generated always as (lower(title || ' ' || location)) stored;
alter table salespersons add column search_text text generated always as (lower(name || ' ' || email)) stored;
alter table users add column search_text text generated always as (lower(name || ' ' || email)) stored;

drop index customers_search_trgm;
drop index activities_search_trgm;
drop index calendar_events_search_trgm;
drop index salespersons_search_trgm;
drop index users_search_trgm;

create index customers_search_trgm on customers using gin (search_text gin_trgm_ops);
create index activities_search_trgm on activities using gin (search_text gin_trgm_ops);
create index calendar_events_search_trgm on calendar_events using gin (search_text gin_trgm_ops);
create index salespersons_search_trgm on salespersons using gin (search_text gin_trgm_ops);
create index users_search_trgm on users using gin (search_text gin_trgm_ops);

-- Titles starting with the text: in byte order ("C"), one index range both finds them
-- and gives them in order, whatever the database's collation. 025's text_pattern_ops
-- ranges found them but could not order them, so a text that thousands of titles
-- start with sorted them all.
drop index customers_name_prefix_idx;
drop index activities_subject_prefix_idx;
drop index calendar_events_title_prefix_idx;
drop index salespersons_name_prefix_idx;
drop index users_name_prefix_idx;

create index customers_name_prefix_idx on customers (tenant_id, (lower(name) collate "C"));
create index activities_subject_prefix_idx on activities (tenant_id, (lower(subject) collate "C"));
create index calendar_events_title_prefix_idx on calendar_events (tenant_id, (lower(title) collate "C"));
create index salespersons_name_prefix_idx on salespersons (tenant_id, (lower(name) collate "C"));
create index users_name_prefix_idx on users (tenant_id, (lower(name) collate "C"));
