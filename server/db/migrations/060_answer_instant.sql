-- One writer of every instant the API answers (server/answers/instant.ts): in UTC, to
-- the second, with a Z, as the analysis entries of migration 014 already were. The
-- answers' projections (server/answers/) call it, and so does the trigger keeping each
-- opportunity's analysis entry, so no answer writes a date its own way. Stable, not
-- immutable, as to_char is; as plain SQL the planner inlines it into each query.

create function answer_instant(value timestamptz) returns text language sql stable strict parallel safe as $$ select to_char(value at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') $$;

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
-- The entries' text is unchanged, so the stored ones stay as they are.
create or replace function opportunity_analysis_json() returns trigger language plpgsql as $$ begin select row_to_json(entry)::text into new.analysis_json from (select answer_instant(new.created_date) as created_date, new.revenue::float8 as revenue, new.probability as probability, new.salesperson_id as salesperson_id) as entry; return new; end $$;
