-- Template import from documents (issue 22.1; ADR 0021): one row per uploaded file, converted by a
-- job (jobs, kind 'templates.import', same id) into a draft template that the user reviews in the
-- editor and saves through the ordinary template create. The uploaded bytes live in the file
-- storage under storage_key until the conversion ends; the draft and the text read from the source
-- stay here until the user saves or dismisses it (the row is then deleted; the audit trail keeps it).
create table template_imports (
  workspace_id uuid not null references workspaces (workspace_id),
  import_id uuid not null,
  -- The company (Template Library) or team whose template it becomes.
  folder_id uuid not null,
  file_name text not null check (char_length(file_name) between 1 and 255),
  kind text not null check (kind in ('pdf', 'xlsx', 'csv', 'docx')),
  size_bytes bigint not null,
  storage_key text,
  state text not null default 'queued' check (state in ('queued', 'processing', 'ready', 'failed')),
  progress integer not null default 0 check (progress between 0 and 100),
  error text,
  -- The draft template ({name, templateCode, formName, type, definition}) once ready.
  draft jsonb,
  source_text text not null default '',
  notes jsonb not null default '[]',
  created_by uuid references users (user_id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, import_id),
  foreign key (workspace_id, folder_id) references folders (workspace_id, folder_id) on delete cascade
);
create index template_imports_folder_idx on template_imports (workspace_id, folder_id, created_at);

alter table template_imports enable row level security;
alter table template_imports force row level security;
create policy tenant_isolation on template_imports
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

grant select, insert, update, delete on template_imports to formwork_app;
