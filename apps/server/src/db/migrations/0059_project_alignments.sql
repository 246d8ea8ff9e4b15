-- A project's alignment (issue 19.4): the centreline of its road, rail or pipe, uploaded by a project
-- controller as KML or GeoJSON and kept as lines of [longitude, latitude]. One per project; the
-- gallery measures each photo's chainage and offset along it.
create table project_alignments (
  workspace_id uuid not null,
  project_id uuid not null,
  file_name text not null,
  lines jsonb not null,
  length_m double precision not null,
  updated_by uuid references users (user_id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (workspace_id, project_id),
  foreign key (workspace_id, project_id) references folders (workspace_id, folder_id) on delete cascade
);

alter table project_alignments enable row level security;
alter table project_alignments force row level security;
create policy tenant_isolation on project_alignments
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

grant select, insert, update, delete on project_alignments to formwork_app;
