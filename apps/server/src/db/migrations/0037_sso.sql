-- Single sign-on per workspace (spec 1, 8.1; issue 23.3). A workspace connects one OpenID Connect
-- provider (its issuer, client id and secret, the secret kept encrypted and never sent back); the
-- people of its verified domains then sign in there. Group claims map to folder levels.
create table sso_connections (
  workspace_id uuid primary key references workspaces (workspace_id),
  issuer text not null,
  client_id text not null,
  client_secret_enc text not null,
  -- The claim of the ID token or userinfo that lists the person's groups.
  groups_claim text not null default 'groups',
  tested_by_email text not null,
  updated_by uuid references users (user_id),
  updated_at timestamptz not null default now()
);
alter table sso_connections enable row level security;
alter table sso_connections force row level security;
create policy tenant_isolation on sso_connections
  using (workspace_id = app_workspace_id())
  with check (workspace_id = app_workspace_id());

create table sso_group_mappings (
  workspace_id uuid not null references workspaces (workspace_id),
  group_name text not null check (length(btrim(group_name)) between 1 and 200),
  folder_id uuid not null,
  role text not null check (role in ('controller', 'member')),
  primary key (workspace_id, group_name, folder_id),
  foreign key (workspace_id, folder_id) references folders (workspace_id, folder_id) on delete cascade
);
alter table sso_group_mappings enable row level security;
alter table sso_group_mappings force row level security;
create policy tenant_isolation on sso_group_mappings
  using (workspace_id = app_workspace_id())
  with check (workspace_id = app_workspace_id());

-- One sign-in at the workspace's provider, from the redirect to its callback (state -> what it is
-- for): a person's sign-in (the embedded provider's interaction) or an org controller's test of a
-- connection before it is saved (its settings travel here, the secret encrypted). Global: the
-- callback arrives before anyone is signed in.
create table sso_attempts (
  state text primary key,
  workspace_id uuid not null references workspaces (workspace_id),
  purpose text not null check (purpose in ('signIn', 'test')),
  interaction_uid text,
  code_verifier text not null,
  nonce text not null,
  issuer text not null,
  client_id text not null,
  client_secret_enc text not null,
  groups_claim text not null default 'groups',
  started_by uuid references users (user_id),
  -- Filled by the callback: who signed in at the provider.
  result_user_id uuid references users (user_id),
  result_email text,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index sso_attempts_workspace_idx on sso_attempts (workspace_id);

grant select, insert, update, delete on sso_connections, sso_group_mappings, sso_attempts to formwork_app;
