-- When a person's password last changed: the API refuses access tokens issued before it (issue 14.14).
alter table users add column password_changed_at timestamptz;
