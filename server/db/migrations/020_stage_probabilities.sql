-- Each stage of the pipeline carries a default probability, a setting of the tenant
-- (PUT /api/tenant/settings): moving a deal to a stage offers it. The values are the
-- usual first estimates of sales pipelines; src/domain/opportunities/pipeline.ts names
-- the same ones, and tests/server/board.test.ts holds the two face to face.
alter table tenants add column stage_probabilities jsonb not null
  default '{"qualification": 10, "proposal": 30, "negotiation": 60, "closed won": 100, "closed lost": 0}'::jsonb
  check (jsonb_typeof(stage_probabilities) = 'object');

