import { sql } from 'drizzle-orm';
import type { AppDb } from './client.ts';

export type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

/** The verified scope of a request: who is asking and, once checked, in which workspace. */
export type Scope = {
  userId: string | null;
  workspaceId: string | null;
  isAdmin: boolean;
};

export const appRole = 'formwork_app';

/**
 * Every application query runs here: one transaction, as the non-owner application role, with the
 * scope in transaction-local settings that the row-level security policies read.
 */
export async function inScope<T>(db: AppDb, scope: Scope, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip: the scope settings and the role (set_config('role') is SET LOCAL ROLE).
    await tx.execute(sql`select
      set_config('app.user_id', ${scope.userId ?? ''}, true),
      set_config('app.workspace_id', ${scope.workspaceId ?? ''}, true),
      set_config('app.is_admin', ${scope.isAdmin ? 'on' : 'off'}, true),
      set_config('role', ${appRole}, true)`);
    return work(tx);
  });
}

/** For work that belongs to no workspace and no person (sign-in lookups, the job runner's claim). */
export const systemScope: Scope = { userId: null, workspaceId: null, isAdmin: false };
