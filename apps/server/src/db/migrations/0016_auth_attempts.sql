-- Sign-in failures become attempts of a kind, so one limiter throttles sign-in and forgot-password
-- requests alike: by address and account together, by account, and by address (issue 14.13, 14.16).
alter table sign_in_failures rename to auth_attempts;
alter table auth_attempts rename column failure_id to attempt_id;
alter table auth_attempts add column kind text not null default 'sign-in';
alter table auth_attempts alter column kind drop default;
alter table auth_attempts add constraint auth_attempts_kind check (kind in ('sign-in', 'password-reset'));
drop index sign_in_failures_email_idx;
drop index sign_in_failures_ip_idx;
create index auth_attempts_email_idx on auth_attempts (kind, lower(email), created_at);
create index auth_attempts_ip_idx on auth_attempts (kind, ip, created_at);
