-- Templates, their immutable versions, template tabs and deployment to team folders (spec 3, 4.1,
-- 4.3). A template lives in a folder: the company (Template Library) or a team (a team template).
-- A library template reaches teams through deployment rows, not copies: every team uses the one
-- current version, so editing a template deployed to many teams updates them all in the save's
-- own transaction, and archiving or deleting it takes its deployments along.

create table templates (
  workspace_id uuid not null references workspaces (workspace_id),
  template_id uuid not null,
  folder_id uuid not null,
  name text not null,
  -- The user-visible "Template ID": unique in the workspace, case-insensitively.
  template_code text not null,
  form_name text not null,
  type text not null check (type in ('timeline', 'workflow', 'register')),
  state text not null default 'active' check (state in ('active', 'archived', 'deleted')),
  current_version integer not null default 1 check (current_version >= 1),
  created_by uuid references users (user_id),
  updated_by uuid references users (user_id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, template_id),
  foreign key (workspace_id, folder_id) references folders (workspace_id, folder_id)
);
create unique index templates_code_key on templates (workspace_id, lower(template_code)) where state <> 'deleted';
create index templates_folder_idx on templates (workspace_id, folder_id, state);
-- Template routes carry only the template id: find its workspace (then verify membership).
create index templates_template_id_idx on templates (template_id);

-- Every save writes a new version with the whole definition; versions never change.
create table template_versions (
  workspace_id uuid not null,
  template_id uuid not null,
  version integer not null check (version >= 1),
  name text not null,
  template_code text not null,
  form_name text not null,
  definition jsonb not null,
  created_by uuid references users (user_id),
  created_at timestamptz not null default now(),
  primary key (workspace_id, template_id, version),
  foreign key (workspace_id, template_id) references templates (workspace_id, template_id) on delete cascade
);

-- Template tabs (tags) of the workspace, in the sidebar's order.
create table template_tabs (
  workspace_id uuid not null references workspaces (workspace_id),
  tab_id uuid not null,
  name text not null check (length(btrim(name)) between 1 and 100),
  style text not null check (style in ('red', 'orange', 'yellow', 'lime', 'green', 'sky', 'dark-blue',
    'light-blue', 'purple', 'pink', 'grey', 'shale')),
  sort_value integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, tab_id)
);
create unique index template_tabs_name_key on template_tabs (workspace_id, lower(name));

create table template_tab_links (
  workspace_id uuid not null,
  template_id uuid not null,
  tab_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (workspace_id, template_id, tab_id),
  foreign key (workspace_id, template_id) references templates (workspace_id, template_id) on delete cascade,
  foreign key (workspace_id, tab_id) references template_tabs (workspace_id, tab_id) on delete cascade
);
create index template_tab_links_tab_idx on template_tab_links (workspace_id, tab_id);

-- A library template deployed to a team folder.
create table template_deployments (
  workspace_id uuid not null,
  template_id uuid not null,
  team_id uuid not null,
  deployed_by uuid references users (user_id),
  created_at timestamptz not null default now(),
  primary key (workspace_id, template_id, team_id),
  foreign key (workspace_id, template_id) references templates (workspace_id, template_id) on delete cascade,
  foreign key (workspace_id, team_id) references folders (workspace_id, folder_id)
);
create index template_deployments_team_idx on template_deployments (workspace_id, team_id);

alter table templates enable row level security;
alter table templates force row level security;
create policy tenant_isolation on templates
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));
-- Outside any workspace a person may look up templates of workspaces they belong to (super users
-- any), only to resolve a template route's workspace.
create policy member_lookup on templates for select
  using (
    (select app_workspace_id()) is null
    and (
      (select app_is_admin())
      or workspace_id in (select wu.workspace_id from workspace_users wu where wu.user_id = (select app_user_id()))
    )
  );

alter table template_versions enable row level security;
alter table template_versions force row level security;
create policy tenant_isolation on template_versions
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

alter table template_tabs enable row level security;
alter table template_tabs force row level security;
create policy tenant_isolation on template_tabs
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

alter table template_tab_links enable row level security;
alter table template_tab_links force row level security;
create policy tenant_isolation on template_tab_links
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

alter table template_deployments enable row level security;
alter table template_deployments force row level security;
create policy tenant_isolation on template_deployments
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

grant select, insert, update, delete on templates, template_tabs, template_tab_links, template_deployments
  to formwork_app;
-- Versions are immutable: the application may add and (with their template) remove them, never change them.
grant select, insert, delete on template_versions to formwork_app;
revoke update on template_versions from formwork_app;
