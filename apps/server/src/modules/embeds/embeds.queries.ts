import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.ts';

/** The workspace's allowed embed origins, alphabetically. */
export async function embedOrigins(tx: Tx, workspaceId: string): Promise<string[]> {
  const result = await tx.execute<{ origin: string }>(sql`
    select origin from workspace_embed_origins where workspace_id = ${workspaceId} order by origin`);
  return result.rows.map((r) => r.origin);
}

export async function addEmbedOrigin(tx: Tx, workspaceId: string, origin: string, userId: string): Promise<void> {
  await tx.execute(sql`
    insert into workspace_embed_origins (workspace_id, origin, created_by)
    values (${workspaceId}, ${origin}, ${userId}) on conflict do nothing`);
}

export async function removeEmbedOrigin(tx: Tx, workspaceId: string, origin: string): Promise<void> {
  await tx.execute(sql`
    delete from workspace_embed_origins where workspace_id = ${workspaceId} and origin = ${origin}`);
}
