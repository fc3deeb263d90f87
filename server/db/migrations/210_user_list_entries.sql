-- The user list (GET /api/users/getAllData, 10,000 users on the bench tenant) was made anew
-- after nearly every sign-in: a person's first token binds their user to its subject
-- (`update users set subject = …`, migration 012), and any update of a user, or of an account
-- (a new password), moved the tenant's `users` version although the list shows none of it. And
-- making it (json_build_object per user, and per user an `exists` over the accounts) was one
-- statement of 80 ms or more on PGlite's one thread (README, Performance, issue 19, session 15).
--
-- Each user now keeps their entry of the list as JSON text, written with the row, as salespersons
-- and customers do (migrations 087, 141): the fields and forms of the USER projection
-- (server/answers/projections.ts), whose password is a mask when an account of the user's e-mail
-- exists. An account inserted, removed or given another e-mail writes its users' entries anew
-- (below), so the entry is the only thing of `users` and `accounts` the list reads, and the
-- tenant's `users` version moves on an update only when an entry (or a row's key or tenant)
-- changed. tests/server/users-list.test.ts compares the list with each user's record and holds
-- the versions to that; tests/server/cache-trigger-coverage.test.ts holds the list to reading
-- no other column of `users`.

alter table users add column answer_json text;

-- Kept on one line each: migrations are split into statements at a semicolon ending a line.
create function user_answer_json() returns trigger language plpgsql as $$ begin select row_to_json(entry)::text into new.answer_json from (select new.id as id, new.name as name, new.email as email, case when exists (select 1 from accounts a where a.email = new.email) then '********' else '' end as password, new.tenant_id as tenant_id, new.role_id as role_id, new.status as status, case new.role_id when 1 then 'Super Admin' when 2 then 'Admin' when 3 then 'User' end as role, new.phone as phone, new.mobile as mobile) as entry; return new; end $$;

create trigger users_answer_json before insert or update on users for each row execute function user_answer_json();

-- The trigger fills in every existing row.
update users set answer_json = null;

alter table users alter column answer_json set not null;

-- An account's e-mail is what its users' entries show of it: each e-mail an account statement
-- inserted, removed or moved from or to has its users written anew (their trigger reads the
-- accounts as they are now). A new password or client role writes nothing.
create function rewrite_user_entries_of_accounts() returns trigger language plpgsql as $$ begin if tg_op = 'INSERT' then update users set answer_json = null where email in (select email from new_rows); elsif tg_op = 'DELETE' then update users set answer_json = null where email in (select email from old_rows); else update users set answer_json = null where email in (select unnest(array[old_rows.email, new_rows.email]) from old_rows full join new_rows on new_rows.id = old_rows.id where old_rows.email is distinct from new_rows.email); end if; return null; end $$;

-- TRUNCATE has no transition table: every entry is written anew.
create function rewrite_all_user_entries() returns trigger language plpgsql as $$ begin update users set answer_json = null; return null; end $$;

drop trigger accounts_inserted_version on accounts;
drop trigger accounts_updated_old_version on accounts;
drop trigger accounts_updated_new_version on accounts;
drop trigger accounts_deleted_version on accounts;
drop trigger accounts_truncated_version on accounts;
drop function bump_users_version_of_accounts();

create trigger accounts_inserted_user_entries after insert on accounts referencing new table as new_rows for each statement execute function rewrite_user_entries_of_accounts();
create trigger accounts_updated_user_entries after update on accounts referencing old table as old_rows new table as new_rows for each statement execute function rewrite_user_entries_of_accounts();
create trigger accounts_deleted_user_entries after delete on accounts referencing old table as old_rows for each statement execute function rewrite_user_entries_of_accounts();
create trigger accounts_truncated_user_entries after truncate on accounts for each statement execute function rewrite_all_user_entries();

-- An update moves the `users` version only of the tenants of rows whose entry, key or tenant
-- changed: binding a subject, noting an e-mail change's time or counting a row's version shows nothing.
create function bump_users_version() returns trigger language plpgsql as $$ begin insert into data_versions (tenant_id, subject, version) select tenant_id, 'users', nextval('data_version_seq') from (select distinct unnest(array[old_rows.tenant_id, new_rows.tenant_id]) as tenant_id from old_rows full join new_rows on new_rows.id = old_rows.id where old_rows.tenant_id is distinct from new_rows.tenant_id or old_rows.answer_json is distinct from new_rows.answer_json) as touched where tenant_id is not null on conflict (tenant_id, subject) do update set version = excluded.version; return null; end $$;

drop trigger users_updated_old_version on users;
drop trigger users_updated_new_version on users;

create trigger users_updated_version after update on users referencing old table as old_rows new table as new_rows for each statement execute function bump_users_version();

-- The list joins one tenant's entries in id order (server/routes/user-records.ts).
create index users_tenant_id_idx on users (tenant_id, id);

drop index users_tenant_idx;
