-- Allowed embed origins (issue 22.3, spec 2.6 Settings > Security): the sites that may frame the
-- workspace's embedded templates (/embed/s/{token}). The page under /embed names exactly these in
-- its Content-Security-Policy frame-ancestors; a workspace with none may not be framed anywhere.
create table workspace_embed_origins (
  workspace_id uuid not null references workspaces (workspace_id) on delete cascade,
  origin text not null,
  created_by uuid references users (user_id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (workspace_id, origin)
);

alter table workspace_embed_origins enable row level security;
alter table workspace_embed_origins force row level security;
create policy tenant_isolation on workspace_embed_origins
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

grant select, insert, update, delete on workspace_embed_origins to formwork_app;
