-- Verified domains (spec 1, issue 23.2): an org controller adds a company e-mail domain and proves
-- the workspace holds it by a DNS TXT record or by a link e-mailed to an address at the domain.
-- workspace_domains is the workspace's own list (a tenant table); verified_domains is the global
-- claim (one workspace per proven domain), read before anyone is signed in (single sign-on by
-- domain); domain_link_tokens are the e-mailed links' tokens, opened before a workspace is known.
create table workspace_domains (
  workspace_id uuid not null references workspaces (workspace_id),
  domain text not null check (domain = lower(domain) and length(domain) between 3 and 253),
  txt_token text not null,
  verified_at timestamptz,
  method text check (method in ('dns', 'email')),
  email_sent_to text,
  created_by uuid references users (user_id),
  created_at timestamptz not null default now(),
  primary key (workspace_id, domain)
);
alter table workspace_domains enable row level security;
alter table workspace_domains force row level security;
create policy tenant_isolation on workspace_domains
  using (workspace_id = app_workspace_id())
  with check (workspace_id = app_workspace_id());

create table verified_domains (
  domain text primary key,
  workspace_id uuid not null references workspaces (workspace_id),
  verified_at timestamptz not null default now()
);
create index verified_domains_workspace_idx on verified_domains (workspace_id);

create table domain_link_tokens (
  token_hash text primary key,
  workspace_id uuid not null,
  domain text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index domain_link_tokens_domain_idx on domain_link_tokens (workspace_id, domain);

grant select, insert, update, delete on workspace_domains, verified_domains, domain_link_tokens to formwork_app;
