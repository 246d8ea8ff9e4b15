/** Runs statements in one transaction as the application role inside the workspace (forced RLS). */
export function inWorkspace(workspaceId: string, statements: string): string {
  return `begin;
    select set_config('app.workspace_id', '${workspaceId}', true);
    set local role formwork_app;
    ${statements}
    commit;`;
}
