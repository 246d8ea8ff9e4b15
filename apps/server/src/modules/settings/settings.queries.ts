import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.ts';

/** A folder's own time zone and its project's (a team's parent), both null when not set. */
export async function folderZones(
  tx: Tx,
  workspaceId: string,
  folderId: string,
): Promise<{ own: string | null; parent: string | null }> {
  const result = await tx.execute<{ own: string | null; parent: string | null }>(sql`
    select f.time_zone as own, p.time_zone as parent
      from folders f left join folders p on p.workspace_id = f.workspace_id and p.folder_id = f.parent_id
     where f.workspace_id = ${workspaceId} and f.folder_id = ${folderId}`);
  return result.rows[0] ?? { own: null, parent: null };
}

export async function setFolderZone(tx: Tx, workspaceId: string, folderId: string, zone: string | null): Promise<void> {
  await tx.execute(sql`
    update folders set time_zone = ${zone} where workspace_id = ${workspaceId} and folder_id = ${folderId}`);
}
