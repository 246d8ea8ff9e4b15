-- Self-service checkout (issue 17.4; spec 4.4, 5.6, 7, 9). One row per checkout started: what it
-- buys and what the server computed it costs (from the price table, never the browser), which
-- payment provider took it and its state. The provider's notification marks it paid (the account
-- then moves to the plan bought) or cancelled.
create table checkouts (
  workspace_id uuid not null references workspaces (workspace_id),
  checkout_id uuid not null,
  account_id uuid not null references accounts (account_id),
  created_by uuid not null references users (user_id),
  provider text not null check (provider in ('test', 'stripe')),
  -- The provider's own id for the payment page (Stripe's Checkout Session id).
  provider_reference text,
  plan_type text not null check (plan_type in ('standard', 'pro', 'premium', 'platinum')),
  subscription_term text not null check (subscription_term in ('monthly', 'one_year')),
  contributor_users_paid integer not null check (contributor_users_paid >= 1),
  paid_users_paid integer not null check (paid_users_paid >= 0),
  currency text not null check (currency in ('USD', 'AUD', 'EUR', 'ZAR')),
  amount_total bigint not null check (amount_total >= 0),
  return_url text not null,
  state text not null default 'open' check (state in ('open', 'paid', 'cancelled')),
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  primary key (workspace_id, checkout_id)
);

alter table checkouts enable row level security;
alter table checkouts force row level security;
create policy tenant_isolation on checkouts
  using (workspace_id = app_workspace_id())
  with check (workspace_id = app_workspace_id());

-- The provider notifications already handled, by the provider's event id: a replayed notification
-- changes nothing (idempotent). Kept in the workspace the verified notification is about.
create table payment_events (
  workspace_id uuid not null references workspaces (workspace_id),
  provider text not null check (provider in ('test', 'stripe')),
  event_id text not null check (char_length(event_id) between 1 and 200),
  event_type text not null,
  outcome text not null,
  received_at timestamptz not null default now(),
  primary key (workspace_id, provider, event_id)
);

alter table payment_events enable row level security;
alter table payment_events force row level security;
create policy tenant_isolation on payment_events
  using (workspace_id = app_workspace_id())
  with check (workspace_id = app_workspace_id());

-- When billing was last recalculated (the job run 10 s after a checkout succeeds, spec 9).
alter table accounts add column billing_recalculated_at timestamptz;

grant select, insert, update, delete on checkouts, payment_events to formwork_app;
