-- An opportunity's two kept JSON texts, its analysis entry (migrations 060, 090) and its
-- answer entry (migration 071), are made by one trigger instead of two, and joined as
-- text instead of built by row_to_json and json_build_object (issue 17: the CSV import
-- writes 50,000 opportunities in one transaction; README, Performance). Every text is
-- the same to the byte as before: tests/server/answers.test.ts compares the analysis
-- entries with migration 060's query, tests/server/answer-cache.test.ts the answer
-- entries with the Opportunity projection, and a test compares both with the functions
-- they replace. The instant is written once for both.

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
create function opportunity_kept_json() returns trigger language plpgsql as $$ declare instant text := to_json(answer_instant(new.created_date))::text; revenue text := new.revenue::float8::text; begin new.analysis_json := '{"created_date":' || instant || ',"revenue":' || revenue || ',"probability":' || new.probability || ',"salesperson_id":' || new.salesperson_id || '}'; new.answer_json := '{"id" : ' || new.id || ', "created_date" : ' || instant || ', "revenue" : ' || revenue || ', "probability" : ' || new.probability || ', "salesperson_id" : ' || new.salesperson_id || ', "customer" : ' || to_json(new.customer)::text || ', "stage" : ' || to_json(new.stage)::text || '}'; return new; end $$;

create trigger opportunities_kept_json before insert or update on opportunities for each row execute function opportunity_kept_json();
drop trigger opportunities_analysis_json on opportunities;
drop trigger opportunities_answer_json on opportunities;
