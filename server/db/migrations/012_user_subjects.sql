-- Who a caller is: the identity provider's subject (the token's `sub`), stored per user
-- the first time a token with the user's verified e-mail is presented, and from then on
-- the only way to that user (issue 19). An e-mail is a mutable claim: it moves between
-- people, and another tenant may take an address one tenant let go.
alter table users add column subject text;

create unique index users_subject_key on users (subject);

-- When the e-mail last changed, however it was written: tokens issued before it are refused.
alter table users add column email_changed_at timestamptz;

-- Kept on one line: migrations are split into statements at a semicolon ending a line.
create function note_email_change() returns trigger language plpgsql as $$ begin new.email_changed_at := now(); return new; end $$;

create trigger users_email_changed before update of email on users for each row when (old.email is distinct from new.email) execute function note_email_change();
