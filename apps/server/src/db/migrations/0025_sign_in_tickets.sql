-- Issue 16.3: after activating an invitation the person lands signed in. The activation answers a
-- short-lived single-use ticket; the web app starts the usual sign-in with it, and the embedded
-- provider's interaction accepts the ticket in place of the password (once, within two minutes).
create table sign_in_tickets (
  ticket_hash text primary key,
  user_id uuid not null references users (user_id),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
grant select, insert, update, delete on sign_in_tickets to formwork_app;
