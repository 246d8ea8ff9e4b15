-- Foundation: the application role, the global directory (users), and the first tenant tables.
-- Tenant tables: workspace_id leads the primary key, row-level security enabled and forced.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'formwork_app') then
    create role formwork_app nologin;
  end if;
exception when duplicate_object then null; -- another database in the cluster created it first
end
$$;
grant formwork_app to current_user;
grant usage on schema public to formwork_app;
alter default privileges in schema public grant select, insert, update, delete on tables to formwork_app;
alter default privileges in schema public grant usage, select on sequences to formwork_app;

-- The signed-in person, the workspace scope and the super-user flag of the current transaction.
create function app_user_id() returns uuid language sql stable
  as $$ select nullif(current_setting('app.user_id', true), '')::uuid $$;
create function app_workspace_id() returns uuid language sql stable
  as $$ select nullif(current_setting('app.workspace_id', true), '')::uuid $$;
create function app_is_admin() returns boolean language sql stable
  as $$ select coalesce(current_setting('app.is_admin', true), '') = 'on' $$;

-- Global directory: one row per person, whatever workspaces they belong to.
create table users (
  user_id uuid primary key default gen_random_uuid(),
  email text not null,
  first_name text not null default '',
  last_name text not null default '',
  mobile text,
  password_hash text,
  is_admin boolean not null default false,
  is_sso boolean not null default false,
  is_visitor_only boolean not null default false,
  activated boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table workspaces (
  workspace_id uuid primary key,
  name text not null,
  logo_url text,
  brand_colour text,
  archived boolean not null default false,
  plan text not null default 'free_trial'
    check (plan in ('standard', 'pro', 'premium', 'platinum', 'free_trial')),
  region text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Who belongs to a workspace, as internal Contributor or external Visitor.
create table workspace_users (
  workspace_id uuid not null references workspaces (workspace_id),
  user_id uuid not null references users (user_id),
  user_type text not null check (user_type in ('contributor', 'visitor')),
  created_at timestamptz not null default now(),
  primary key (workspace_id, user_id)
);
create index workspace_users_user_idx on workspace_users (user_id);

-- The company (folder_id = workspace_id), its project folders and their team folders.
create table folders (
  workspace_id uuid not null references workspaces (workspace_id),
  folder_id uuid not null,
  kind text not null check (kind in ('company', 'project', 'team')),
  parent_id uuid,
  name text not null,
  state text not null default 'active' check (state in ('active', 'archived', 'deleted')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, folder_id),
  foreign key (workspace_id, parent_id) references folders (workspace_id, folder_id),
  check ((kind = 'company') = (parent_id is null)),
  check (kind <> 'company' or folder_id = workspace_id)
);
create index folders_parent_idx on folders (workspace_id, parent_id);

-- A role held at one folder level: controller or member of the company, a project or a team.
create table memberships (
  workspace_id uuid not null,
  folder_id uuid not null,
  user_id uuid not null,
  role text not null check (role in ('controller', 'member')),
  created_at timestamptz not null default now(),
  primary key (workspace_id, folder_id, user_id),
  foreign key (workspace_id, folder_id) references folders (workspace_id, folder_id),
  foreign key (workspace_id, user_id) references workspace_users (workspace_id, user_id)
);
create index memberships_user_idx on memberships (user_id);

-- What happened, by whom, where: written in the same transaction as the change it records.
create table audit_events (
  workspace_id uuid not null references workspaces (workspace_id),
  event_id bigint generated always as identity,
  folder_path uuid[] not null default '{}',
  actor_user_id uuid references users (user_id),
  action text not null,
  subject_type text not null,
  subject_id uuid,
  details jsonb not null default '{}',
  created_at timestamptz not null default now(),
  primary key (workspace_id, event_id)
);
create index audit_events_path_idx on audit_events using gin (folder_path);

-- Row-level security. Tenant rows are visible inside their workspace's transaction; a person also
-- sees their own memberships (to list the workspaces they may open), and super users see every
-- workspace row (to search workspaces).
alter table workspaces enable row level security;
alter table workspaces force row level security;
create policy tenant_isolation on workspaces
  using (
    workspace_id = app_workspace_id()
    or app_is_admin()
    or exists (select 1 from workspace_users wu where wu.workspace_id = workspaces.workspace_id and wu.user_id = app_user_id())
  )
  with check (workspace_id = app_workspace_id());

alter table workspace_users enable row level security;
alter table workspace_users force row level security;
create policy tenant_isolation on workspace_users
  using (workspace_id = app_workspace_id() or user_id = app_user_id())
  with check (workspace_id = app_workspace_id());

alter table folders enable row level security;
alter table folders force row level security;
create policy tenant_isolation on folders
  using (workspace_id = app_workspace_id())
  with check (workspace_id = app_workspace_id());

alter table memberships enable row level security;
alter table memberships force row level security;
create policy tenant_isolation on memberships
  using (workspace_id = app_workspace_id() or user_id = app_user_id())
  with check (workspace_id = app_workspace_id());

alter table audit_events enable row level security;
alter table audit_events force row level security;
create policy tenant_isolation on audit_events
  using (workspace_id = app_workspace_id())
  with check (workspace_id = app_workspace_id());

grant select, insert, update, delete on all tables in schema public to formwork_app;
grant usage, select on all sequences in schema public to formwork_app;
