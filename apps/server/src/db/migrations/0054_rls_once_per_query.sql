-- Row-level security read once per query (issue 16, the Users page on PostgreSQL): these policies
-- called app_workspace_id() and app_user_id() bare, so PostgreSQL ran current_setting() for every
-- row a scan met (a company's 10,000 memberships cost ~20 ms of it per query). Wrapped in a
-- sub-select, as every later table's policy is, each is an InitPlan: read once per query. The rules
-- themselves do not change.
alter policy tenant_isolation on workspace_users
  using (workspace_id = (select app_workspace_id()) or user_id = (select app_user_id()))
  with check (workspace_id = (select app_workspace_id()));
alter policy tenant_isolation on memberships
  using (workspace_id = (select app_workspace_id()) or user_id = (select app_user_id()))
  with check (workspace_id = (select app_workspace_id()));
alter policy tenant_isolation on audit_events
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));
alter policy tenant_isolation on invitations
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));
alter policy tenant_isolation on checkouts
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));
alter policy tenant_isolation on payment_events
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));
alter policy tenant_isolation on workspace_domains
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));
alter policy tenant_isolation on sso_connections
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));
alter policy tenant_isolation on sso_group_mappings
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));
alter policy tenant_isolation on workspaces
  using (
    workspace_id = (select app_workspace_id())
    or (select app_is_admin())
    or exists (select 1 from workspace_users wu where wu.workspace_id = workspaces.workspace_id and wu.user_id = (select app_user_id()))
  )
  with check (workspace_id = (select app_workspace_id()));
