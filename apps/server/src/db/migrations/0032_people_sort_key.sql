-- The Users page sorts people by name (issue 16.1): the key it compares is stored with the person
-- instead of being lowered and joined again for every person of the workspace on every page.
alter table users add column name_key text generated always as (lower(first_name || ' ' || last_name || ' ' || email)) stored;
create index users_name_key_idx on users (name_key, user_id);
