-- The opportunity list's search (GET /api/opportunities/page with `search`) finds the
-- text anywhere in the customer, the stage or the salesperson's name. Each of the three
-- is looked up by an index and the matches are read by id, instead of testing every
-- opportunity of the year: trigram indexes (pg_trgm, migration 025) for the customer and
-- the stage, and the opportunities of a salesperson by (tenant_id, salesperson_id).
create index opportunities_customer_trgm on opportunities using gin (customer gin_trgm_ops);
create index opportunities_stage_trgm on opportunities using gin (stage gin_trgm_ops);
create index opportunities_tenant_salesperson_idx on opportunities (tenant_id, salesperson_id);
