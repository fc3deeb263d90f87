-- The opportunity list's search finds a stage that holds the text among the tenant's
-- few stages, read one by one along the (tenant_id, stage, …) index of migration 085,
-- instead of through a trigram index of every opportunity's stage (migration 070).
-- That index gave each opportunity written about fifteen entries for one of a
-- handful of texts: of the CSV import's 50,000 rows, about a tenth of the database's
-- work (issue 17; README, Performance).
drop index opportunities_stage_trgm;
