/**
 * The address of one action (the API routes below it add /assign, /complete, /reset). Kept apart
 * from schemas/actions.ts, which loads zod: the shell (My actions) uses it on the first screen.
 */
export function actionPath(action: { workspaceId: string; actionId: string }): string {
  return `/api/workspaces/${encodeURIComponent(action.workspaceId)}/actions/${encodeURIComponent(action.actionId)}`;
}
