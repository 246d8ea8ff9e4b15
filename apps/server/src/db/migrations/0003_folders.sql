-- Folders: state changes that cascade, and the lookups the folder routes need.

-- A team archived because its project was archived comes back when the project is restored.
alter table folders add column archived_with_project boolean not null default false;

-- Project and team routes carry only the folder id: find its workspace (then verify membership).
create index folders_folder_id_idx on folders (folder_id);

-- Outside any workspace (app.workspace_id unset), a person may look up the folders of the
-- workspaces they belong to, and super users any folder; only to resolve a route's workspace.
create policy member_lookup on folders for select
  using (
    app_workspace_id() is null
    and (
      app_is_admin()
      or exists (
        select 1 from workspace_users wu where wu.workspace_id = folders.workspace_id and wu.user_id = app_user_id()
      )
    )
  );

