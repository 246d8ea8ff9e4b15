-- Analytics (spec 2.2, 2.6, 5.1, 6, 9; issue 20): dashboards of a team or of the company, in an
-- order of their own, each holding charts laid out in a grid. A chart's definition (the template,
-- what is measured, how the forms are grouped, the chart type and at most 2 filters) is the shared
-- chartDefinitionSchema's JSON; its values are computed from the forms when asked, never stored.

create table dashboards (
  workspace_id uuid not null references workspaces (workspace_id),
  dashboard_id uuid not null,
  folder_id uuid not null,
  name text not null check (length(btrim(name)) between 1 and 100),
  state text not null default 'active' check (state in ('active', 'archived')),
  position integer not null default 0,
  created_by uuid references users (user_id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, dashboard_id),
  foreign key (workspace_id, folder_id) references folders (workspace_id, folder_id)
);
create index dashboards_folder_idx on dashboards (workspace_id, folder_id, state, position);

create table charts (
  workspace_id uuid not null,
  chart_id uuid not null,
  dashboard_id uuid not null,
  title text not null check (length(btrim(title)) between 1 and 100),
  definition jsonb not null,
  layout jsonb not null,
  created_by uuid references users (user_id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, chart_id),
  foreign key (workspace_id, dashboard_id) references dashboards (workspace_id, dashboard_id) on delete cascade
);
create index charts_dashboard_idx on charts (workspace_id, dashboard_id);

alter table dashboards enable row level security;
alter table dashboards force row level security;
create policy tenant_isolation on dashboards
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

alter table charts enable row level security;
alter table charts force row level security;
create policy tenant_isolation on charts
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

grant select, insert, update, delete on dashboards, charts to formwork_app;
