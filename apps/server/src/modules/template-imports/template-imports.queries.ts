import type { TemplateImportDraft, TemplateImportState } from '@formwork/shared/schemas/template-imports';
import type { TemplateImportKind } from '@formwork/shared/templates/template-imports';
import { sql } from 'drizzle-orm';
import { type Int, iso, type Json, onlyRow, parseJson, type Timestamp } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

export type ImportRow = {
  workspaceId: string;
  importId: string;
  folderId: string;
  fileName: string;
  kind: TemplateImportKind;
  sizeBytes: number;
  storageKey: string | null;
  state: TemplateImportState;
  progress: number;
  error: string | null;
  draft: TemplateImportDraft | null;
  sourceText: string;
  notes: string[];
  fieldCount: number | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
};

type Row = {
  workspace_id: string;
  import_id: string;
  folder_id: string;
  file_name: string;
  kind: TemplateImportKind;
  size_bytes: Int;
  storage_key: string | null;
  state: TemplateImportState;
  progress: Int;
  error: string | null;
  draft: Json;
  source_text: string;
  notes: Json;
  field_count: Int | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

function toImport(r: Row): ImportRow {
  return {
    workspaceId: r.workspace_id,
    importId: r.import_id,
    folderId: r.folder_id,
    fileName: r.file_name,
    kind: r.kind,
    sizeBytes: Number(r.size_bytes),
    storageKey: r.storage_key,
    state: r.state,
    progress: Number(r.progress),
    error: r.error,
    draft: parseJson<TemplateImportDraft | null>(r.draft) ?? null,
    sourceText: r.source_text ?? '',
    notes: parseJson<string[] | null>(r.notes) ?? [],
    fieldCount: r.field_count === null ? null : Number(r.field_count),
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** The summary columns: the draft and source text stay in the database when a list is polled. */
const fieldCount = sql`jsonb_array_length(draft -> 'definition' -> 'fields') as field_count`;
const summaryColumns = sql`workspace_id, import_id, folder_id, file_name, kind, size_bytes, storage_key, state,
  progress, error, null::jsonb as draft, '' as source_text, '[]'::jsonb as notes, ${fieldCount},
  created_by, created_at, updated_at`;

export async function insertImport(
  tx: Tx,
  row: Pick<ImportRow, 'workspaceId' | 'importId' | 'folderId' | 'fileName' | 'kind' | 'sizeBytes' | 'storageKey'> & {
    createdBy: string;
  },
): Promise<ImportRow> {
  const result = await tx.execute<Row>(sql`
    insert into template_imports (workspace_id, import_id, folder_id, file_name, kind, size_bytes, storage_key, created_by)
    values (${row.workspaceId}, ${row.importId}, ${row.folderId}, ${row.fileName}, ${row.kind}, ${row.sizeBytes},
            ${row.storageKey}, ${row.createdBy})
    returning *, null::int as field_count`);
  return toImport(onlyRow(result.rows, 'insert into template_imports'));
}

/** The folder's imports, oldest first, without their drafts' bodies. */
export async function folderImports(tx: Tx, workspaceId: string, folderId: string): Promise<ImportRow[]> {
  const result = await tx.execute<Row>(sql`
    select ${summaryColumns} from template_imports
     where workspace_id = ${workspaceId} and folder_id = ${folderId}
     order by created_at, import_id`);
  return result.rows.map(toImport);
}

/** Imports of the folder still waiting for or in conversion. */
export async function pendingCount(tx: Tx, workspaceId: string, folderId: string): Promise<number> {
  const result = await tx.execute<{ n: Int }>(sql`
    select count(*)::int as n from template_imports
     where workspace_id = ${workspaceId} and folder_id = ${folderId} and state in ('queued', 'processing')`);
  return Number(result.rows[0]?.n ?? 0);
}

/** One import, found through its folder (another folder's or none: undefined). */
export async function findImport(
  tx: Tx,
  workspaceId: string,
  importId: string,
  folderId?: string,
): Promise<ImportRow | undefined> {
  const result = await tx.execute<Row>(sql`
    select *, ${fieldCount} from template_imports
     where workspace_id = ${workspaceId} and import_id = ${importId}
       ${folderId ? sql`and folder_id = ${folderId}` : sql``}`);
  const r = result.rows[0];
  return r ? toImport(r) : undefined;
}

export async function setProgress(tx: Tx, workspaceId: string, importId: string, progress: number): Promise<boolean> {
  const result = await tx.execute(sql`
    update template_imports set state = 'processing', progress = ${progress}, updated_at = now()
     where workspace_id = ${workspaceId} and import_id = ${importId} and state in ('queued', 'processing')
    returning import_id`);
  return result.rows.length > 0;
}

export async function finishImport(
  tx: Tx,
  workspaceId: string,
  importId: string,
  outcome:
    | { state: 'ready'; draft: TemplateImportDraft; sourceText: string; notes: string[] }
    | { state: 'failed'; error: string },
): Promise<void> {
  const ready = outcome.state === 'ready';
  await tx.execute(sql`
    update template_imports
       set state = ${outcome.state}, progress = 100, updated_at = now(), storage_key = null,
           error = ${ready ? null : outcome.error},
           draft = ${ready ? JSON.stringify(outcome.draft) : null}::jsonb,
           source_text = ${ready ? outcome.sourceText : ''},
           notes = ${JSON.stringify(ready ? outcome.notes : [])}::jsonb
     where workspace_id = ${workspaceId} and import_id = ${importId}`);
}

export async function deleteImport(tx: Tx, workspaceId: string, importId: string): Promise<void> {
  await tx.execute(sql`delete from template_imports where workspace_id = ${workspaceId} and import_id = ${importId}`);
}
