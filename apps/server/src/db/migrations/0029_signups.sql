-- Issue 17.1: self-service sign-up (spec 2.8, 3 sign-up model, 4.5). The browser names each
-- sign-up with its own id: storing the model (Create account) is a PUT of that id, so a replayed
-- call stores the same row again. Finishing it (after the human check) makes the user, the account
-- and the workspace once: the row is locked and marked completed in the same transaction, and a
-- completed row is never completed again. A sign-up belongs to nobody's workspace yet (global).
create table signups (
  signup_id uuid primary key,
  email text not null check (char_length(email) between 3 and 254),
  first_name text not null,
  last_name text not null,
  company_name text not null,
  -- Derived from the e-mail and company name (spec 3); unique among finished sign-ups.
  subdomain text not null check (subdomain ~ '^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$'),
  mobile text not null,
  continent text check (continent in ('AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA')),
  time_zone text check (time_zone is null or char_length(time_zone) between 1 and 64),
  role text not null,
  industry text not null,
  password_hash text not null,
  status text not null default 'pending' check (status in ('pending', 'completed')),
  user_id uuid references users (user_id),
  workspace_id uuid,
  -- The human check's challenge, so one solved check finishes one sign-up only.
  human_check_id text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  check (status = 'pending' or (user_id is not null and workspace_id is not null and completed_at is not null))
);
create unique index signups_subdomain_key on signups (subdomain) where status = 'completed';
create index signups_email_idx on signups (lower(email));

grant select, insert, update on signups to formwork_app;
