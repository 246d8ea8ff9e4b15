/** Runs statements in one transaction as the application role inside the workspace (forced RLS). */
export function inWorkspace(workspaceId: string, statements: string): string {
  return `begin;
    select set_config('app.workspace_id', '${workspaceId}', true);
    set local role formwork_app;
    ${statements}
    commit;`;
}

/** SQL of a workspace on its own managed account (the account first: a workspace names its account). */
export function workspaceSql(workspaceId: string, name: string, plan: 'premium' | 'platinum'): string {
  return `insert into accounts (account_id, name, account_type, plan_type, subscription_status)
      values ('${workspaceId}', '${name}', 'managed', '${plan}', 'active');
    insert into workspaces (workspace_id, account_id, name, region) values ('${workspaceId}', '${workspaceId}', '${name}', 'local');`;
}
