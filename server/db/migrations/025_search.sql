-- The global search (GET /api/search/{tenant_id}): what a person types is found
-- anywhere inside the names, subjects and titles of the tenant's records, so the
-- searched texts carry trigram indexes (pg_trgm, which PGlite ships as well), and
-- an opportunity is found through its customer's name, newest first.
create extension if not exists pg_trgm;

create index customers_search_trgm on customers using gin ((name || ' ' || company || ' ' || email) gin_trgm_ops);
create index opportunities_tenant_customer_idx on opportunities (tenant_id, lower(customer), created_date desc);
create index activities_search_trgm on activities using gin (subject gin_trgm_ops);
create index calendar_events_search_trgm on calendar_events using gin ((title || ' ' || location) gin_trgm_ops);
create index salespersons_search_trgm on salespersons using gin ((name || ' ' || email) gin_trgm_ops);
create index users_search_trgm on users using gin ((name || ' ' || email) gin_trgm_ops);

-- Titles starting with the text come first; these ranges find them without reading every match.
create index customers_name_prefix_idx on customers (tenant_id, lower(name) text_pattern_ops);
create index activities_subject_prefix_idx on activities (tenant_id, lower(subject) text_pattern_ops);
create index calendar_events_title_prefix_idx on calendar_events (tenant_id, lower(title) text_pattern_ops);
create index salespersons_name_prefix_idx on salespersons (tenant_id, lower(name) text_pattern_ops);
create index users_name_prefix_idx on users (tenant_id, lower(name) text_pattern_ops);
