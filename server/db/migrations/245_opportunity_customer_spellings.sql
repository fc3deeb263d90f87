-- The opportunity list's searched page found the customers holding the text through the trigram
-- index of `opportunities.customer` (migration 070). Every one of a large tenant's 150,000 names
-- holds the trigrams of the words the names share ("customer"), so each search intersected long
-- posting lists, 10–15 ms for a text of one customer (README, Performance, issue 19, session 16).
-- A tenant's opportunities name few distinct customers: their spellings are kept here, one row
-- each, and matched here; the page then reads each matched name's opportunities of the year
-- through (tenant_id, lower(customer), created_date) (server/routes/opportunity-views.ts).
--
-- The trigram index of `opportunities.customer` served only that search. Dropped, it costs no
-- opportunity written its dozen index entries (appended to a pending list that every search
-- read whole, as PGlite runs no VACUUM).
--
-- A spelling stays when its last opportunity goes or is renamed: the table holds every spelling
-- in use and perhaps some no longer used, which match no opportunity, so what is found is the
-- same. No foreign key, as the opportunities' month versions (migration 080): each spelling is
-- some opportunity's, whose own key holds its tenant.

drop index opportunities_customer_trgm;

create table opportunity_customer_spellings (
  tenant_id integer not null,
  customer text not null,
  primary key (tenant_id, customer)
);

create index opportunity_customer_spellings_trgm on opportunity_customer_spellings using gin (customer gin_trgm_ops) with (fastupdate = off);

insert into opportunity_customer_spellings (tenant_id, customer) select distinct tenant_id, customer from opportunities;

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
create function note_opportunity_customer_spellings() returns trigger language plpgsql as $$ begin insert into opportunity_customer_spellings (tenant_id, customer) select distinct tenant_id, customer from written_rows on conflict do nothing; return null; end $$;

create trigger opportunities_inserted_customer_spellings after insert on opportunities referencing new table as written_rows for each statement execute function note_opportunity_customer_spellings();
create trigger opportunities_updated_customer_spellings after update on opportunities referencing new table as written_rows for each statement execute function note_opportunity_customer_spellings();

-- Enabled ALWAYS, as the opportunities' other triggers (migration 150): the CSV import writes
-- opportunities with session_replication_role = replica, and a trigger enabled only by
-- default would both be skipped there and send the import the ordinary way.
alter table opportunities enable always trigger opportunities_inserted_customer_spellings;
alter table opportunities enable always trigger opportunities_updated_customer_spellings;
