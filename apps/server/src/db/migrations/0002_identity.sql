-- Identity: the embedded OpenID provider's keys and state, password resets, sign-in throttling
-- and the mail outbox. These belong to people and the provider, not to one workspace.

-- Signing keys of the embedded provider, kept so tokens survive a restart.
create table idp_signing_keys (
  kid text primary key,
  private_jwk jsonb not null,
  created_at timestamptz not null default now()
);

-- Secrets the provider needs across restarts and processes (cookie signing keys).
create table idp_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

-- oidc-provider's models (sessions, interactions, codes, grants, refresh tokens...).
create table idp_payloads (
  kind text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  uid text,
  user_code text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (kind, id)
);
create index idp_payloads_grant_idx on idp_payloads (grant_id);
create index idp_payloads_uid_idx on idp_payloads (uid);
create index idp_payloads_expires_idx on idp_payloads (expires_at);

create table password_reset_tokens (
  token_hash text primary key,
  user_id uuid not null references users (user_id),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

-- Failed sign-ins, for rate limiting per account and per address.
create table sign_in_failures (
  failure_id bigint generated always as identity primary key,
  email text not null,
  ip text not null,
  created_at timestamptz not null default now()
);
create index sign_in_failures_email_idx on sign_in_failures (lower(email), created_at);
create index sign_in_failures_ip_idx on sign_in_failures (ip, created_at);

-- Outgoing e-mail: written in the transaction that causes it, sent (or kept) by the mail module.
create table mail_outbox (
  mail_id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts int not null default 0,
  last_error text
);
create index mail_outbox_unsent_idx on mail_outbox (created_at) where sent_at is null;

grant select, insert, update, delete on idp_signing_keys, idp_secrets, idp_payloads, password_reset_tokens,
  sign_in_failures, mail_outbox to formwork_app;
grant usage, select on all sequences in schema public to formwork_app;
