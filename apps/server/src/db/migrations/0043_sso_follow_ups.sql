-- Activation and sign-up with single sign-on (spec 2.7, 4.5; issues 16.3, 17.1). A person whose
-- e-mail domain signs in at a workspace's provider sets no password: the activation (or sign-up)
-- answers a short-lived single-use ticket instead, the web app starts the usual sign-in with it, and
-- the embedded provider sends them to their company's provider. What the ticket is for (accept this
-- invitation with these details, finish this sign-up) travels with the attempt and is done by the
-- callback only once the provider has proven the address. Global, like sign_in_tickets: it comes
-- before anyone is signed in.
create table sso_tickets (
  ticket_hash text primary key,
  email text not null,
  follow_up jsonb not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
grant select, insert, update, delete on sso_tickets to formwork_app;

alter table sso_attempts add column follow_up jsonb;
