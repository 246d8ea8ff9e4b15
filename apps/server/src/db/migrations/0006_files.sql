-- Uploaded files (photos, signatures, sketches, template images): bytes in file storage under
-- the workspace's prefix, facts here. A file belongs to the folder it was uploaded for.
create table files (
  workspace_id uuid not null references workspaces (workspace_id),
  file_id uuid not null,
  folder_id uuid not null,
  purpose text not null check (purpose in ('photo', 'image', 'logo', 'signature', 'sketch')),
  content_type text not null,
  byte_size integer not null check (byte_size > 0),
  width integer not null,
  height integer not null,
  sha256 text not null,
  storage_key text not null,
  location jsonb,
  created_by uuid references users (user_id),
  created_at timestamptz not null default now(),
  primary key (workspace_id, file_id),
  foreign key (workspace_id, folder_id) references folders (workspace_id, folder_id)
);

alter table files enable row level security;
alter table files force row level security;
create policy tenant_isolation on files
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

grant select, insert, update, delete on files to formwork_app;
