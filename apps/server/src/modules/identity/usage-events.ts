import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.ts';

export type UsageEventRecord = {
  /** Null for the sign-up steps, taken before there is an account. */
  userId: string | null;
  name: string;
  context: Record<string, string>;
  workspaceId?: string;
};

/**
 * Records a product event (spec 7) in the caller's transaction. It is recorded in a workspace only
 * if the person belongs to it: answers false, recording nothing, for a workspace that is not theirs.
 */
export async function recordUsageEvent(tx: Tx, event: UsageEventRecord): Promise<boolean> {
  const workspaceId = event.workspaceId ?? null;
  const result = await tx.execute(sql`
    insert into usage_events (user_id, workspace_id, name, context)
    select ${event.userId}::uuid, ${workspaceId}::uuid, ${event.name}, ${JSON.stringify(event.context)}::jsonb
     where ${workspaceId}::uuid is null
        or exists (select 1 from workspace_users where user_id = ${event.userId}::uuid and workspace_id = ${workspaceId}::uuid)
    returning usage_event_id`);
  return result.rows.length > 0;
}
