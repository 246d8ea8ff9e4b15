import type { LonLat, ProjectAlignment } from '@formwork/shared/schemas/photos';
import { sql } from 'drizzle-orm';
import { iso, type Json, parseJson, type Timestamp } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

type AlignmentRow = { project_id: string; file_name: string; lines: Json; length_m: number; updated_at: Timestamp };

function toAlignment(row: AlignmentRow): ProjectAlignment {
  return {
    projectId: row.project_id,
    fileName: row.file_name,
    lines: parseJson<LonLat[][]>(row.lines),
    lengthM: Number(row.length_m),
    updatedAt: iso(row.updated_at),
  };
}

export async function alignmentOf(tx: Tx, workspaceId: string, projectId: string) {
  const result = await tx.execute<AlignmentRow>(sql`
    select project_id, file_name, lines, length_m, updated_at from project_alignments
     where workspace_id = ${workspaceId} and project_id = ${projectId}`);
  const [row] = result.rows;
  return row ? toAlignment(row) : null;
}

/** Writes the project's alignment, replacing the one it had; answers whether it replaced one. */
export async function saveAlignment(
  tx: Tx,
  row: { workspaceId: string; projectId: string; fileName: string; lines: LonLat[][]; lengthM: number; userId: string },
) {
  const result = await tx.execute<AlignmentRow & { replaced: boolean }>(sql`
    insert into project_alignments (workspace_id, project_id, file_name, lines, length_m, updated_by)
    values (${row.workspaceId}, ${row.projectId}, ${row.fileName}, ${JSON.stringify(row.lines)}::jsonb,
            ${row.lengthM}, ${row.userId})
    on conflict (workspace_id, project_id) do update
       set file_name = excluded.file_name, lines = excluded.lines, length_m = excluded.length_m,
           updated_by = excluded.updated_by, updated_at = now()
    returning project_id, file_name, lines, length_m, updated_at, (xmax <> 0) as replaced`);
  const [saved] = result.rows;
  if (!saved) throw new Error('saving an alignment answered no row');
  return { alignment: toAlignment(saved), replaced: saved.replaced };
}

export async function deleteAlignment(tx: Tx, workspaceId: string, projectId: string) {
  const result = await tx.execute<{ file_name: string }>(sql`
    delete from project_alignments where workspace_id = ${workspaceId} and project_id = ${projectId}
    returning file_name`);
  return result.rows[0]?.file_name ?? null;
}
