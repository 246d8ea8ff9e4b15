-- Issue 16: people join a workspace by invitation, and are managed from the Users page.

-- The e-mail domains a workspace owns (contributors use them; visitors must not) and whether
-- visitors may be added at all (spec 5.3). No domains: contributors are not restricted by domain.
alter table workspaces add column email_domains text[] not null default '{}';
alter table workspaces add column visitors_allowed boolean not null default true;

-- A person's standing in a workspace: deactivated by an org controller, and when last seen there.
alter table workspace_users add column deactivated_at timestamptz;
alter table workspace_users add column last_active_at timestamptz;

-- An invitation to a folder with a level (the folder's kind and a role) and a type. Single-use and
-- expiring: the activation link carries a random token, only its hash is kept; resending or
-- copying the link makes a new token (one live link per invitation).
create table invitations (
  workspace_id uuid not null references workspaces (workspace_id),
  invitation_id uuid not null,
  email text not null check (char_length(email) between 3 and 254),
  folder_id uuid not null,
  role text not null check (role in ('controller', 'member')),
  user_type text not null check (user_type in ('contributor', 'visitor')),
  status text not null default 'pending' check (status in ('pending', 'accepted', 'revoked')),
  invited_by uuid references users (user_id),
  accepted_by uuid references users (user_id),
  expires_at timestamptz not null,
  -- The outbox row of the last e-mail sent for it: its delivery status.
  mail_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, invitation_id),
  foreign key (workspace_id, folder_id) references folders (workspace_id, folder_id)
);
-- One pending invitation per address and workspace.
create unique index invitations_pending_email_key on invitations (workspace_id, lower(email)) where status = 'pending';
create index invitations_folder_idx on invitations (workspace_id, folder_id);

alter table invitations enable row level security;
alter table invitations force row level security;
create policy tenant_isolation on invitations
  using (workspace_id = app_workspace_id())
  with check (workspace_id = app_workspace_id());

-- The activation link's token -> its invitation: opened before anyone is signed in or any workspace
-- is known, so it is global (like password reset tokens); the invitation itself stays a tenant row.
create table invitation_tokens (
  token_hash text primary key,
  workspace_id uuid not null,
  invitation_id uuid not null,
  created_at timestamptz not null default now()
);
create index invitation_tokens_invitation_idx on invitation_tokens (workspace_id, invitation_id);

grant select, insert, update, delete on invitations, invitation_tokens to formwork_app;
