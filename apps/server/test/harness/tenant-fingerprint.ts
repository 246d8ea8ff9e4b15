import { sql } from 'drizzle-orm';
import type { AppDb } from '../../src/db/client.ts';

/**
 * A digest of every row a workspace owns, table by table, read as the owner (past row-level
 * security): equal before and after means nothing of the workspace changed.
 */
export async function workspaceFingerprint(db: AppDb, workspaceId: string): Promise<Record<string, string>> {
  const tables = await db.execute<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    where c.table_schema = 'public' and c.column_name = 'workspace_id'
    order by c.table_name`);
  const digest: Record<string, string> = {};
  for (const { table_name: table } of tables.rows) {
    const result = await db.execute<{ digest: string | null }>(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
               from ${table} t where workspace_id = '${workspaceId}'`),
    );
    digest[table] = result.rows[0]?.digest ?? '';
  }
  return digest;
}
