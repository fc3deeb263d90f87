-- The analysis answer (analysisJson in server/routes/opportunities.ts) reads a year in
-- pieces ordered by (created_date, id), each starting after the last key of the one
-- before. With id in the index as well, that key is a range of it and the rows come
-- out in the answer's order, instead of being sorted again within every date.
-- It serves every query the (tenant_id, created_date) index served, so it replaces it.
create index opportunities_tenant_created_id_idx on opportunities (tenant_id, created_date, id);
drop index opportunities_tenant_created_idx;
