-- Folder policies that read the settings once per query (an init plan) instead of once per row:
-- a large workspace's tree reads tens of thousands of folders. Same rules as 0001 and 0003.
drop policy tenant_isolation on folders;
create policy tenant_isolation on folders
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

drop policy member_lookup on folders;
create policy member_lookup on folders for select
  using (
    (select app_workspace_id()) is null
    and (
      (select app_is_admin())
      or workspace_id in (select wu.workspace_id from workspace_users wu where wu.user_id = (select app_user_id()))
    )
  );
