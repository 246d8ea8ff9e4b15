-- A workspace's plan is its account's (0010). Every writer now names the workspace's account
-- (routes, the demo seed, tests and benchmarks), so the column kept for statements written before
-- accounts, and the trigger that carried a plan written there over to the account, go.
drop trigger workspaces_plan_to_account on workspaces;
drop function workspaces_plan_to_account();
alter table workspaces drop constraint workspaces_plan_on_account, drop column plan;
