import { sql } from 'drizzle-orm';
import { uuidArray } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

/**
 * Explicit SQL of PDF exports: what a form's PDF shows besides the form (folder names, stored
 * files, actions); the form itself is loaded by the forms module's loadForm. Files and actions are
 * read with our own SQL (no other module's queries are imported). Every function takes the
 * verified workspace id.
 */

/** The names on a team's path: workspace (company folder), project and team. */
export async function pathNames(
  tx: Tx,
  workspaceId: string,
  teamId: string,
): Promise<{ workspace: string; project: string; team: string }> {
  const result = await tx.execute<{ workspace: string; project: string; team: string }>(sql`
    select c.name as workspace, p.name as project, t.name as team
      from folders t
      join folders p on p.workspace_id = t.workspace_id and p.folder_id = t.parent_id
      join folders c on c.workspace_id = t.workspace_id and c.folder_id = t.workspace_id
     where t.workspace_id = ${workspaceId} and t.folder_id = ${teamId}`);
  return result.rows[0] ?? { workspace: '', project: '', team: '' };
}

export type StoredImage = { fileId: string; storageKey: string; width: number; height: number; contentType: string };

/** Whose files a form of this team may show: the team's, and its authors' own uploads. */
export type FileScope = { workspaceId: string; teamId: string; authors: string[] };

/**
 * Stored files by id (their storage keys and pixel sizes), checked again at rendering as on save:
 * files the values name must belong to the form's team or be an upload of one of its authors;
 * template images must belong to the team, its project or the company.
 */
export async function storedFiles(
  tx: Tx,
  scope: FileScope,
  fileIds: { values: readonly string[]; template: readonly string[] },
): Promise<StoredImage[]> {
  if (fileIds.values.length === 0 && fileIds.template.length === 0) return [];
  const { workspaceId, teamId } = scope;
  const result = await tx.execute<{
    file_id: string;
    storage_key: string;
    width: number;
    height: number;
    content_type: string;
  }>(sql`
    select file_id, storage_key, width, height, content_type from files
     where workspace_id = ${workspaceId}
       and ((file_id = any(${uuidArray(fileIds.values)})
             and (folder_id = ${teamId} or created_by = any(${uuidArray(scope.authors)})))
         or (file_id = any(${uuidArray(fileIds.template)})
             and (folder_id = ${workspaceId} or folder_id = ${teamId}
                  or folder_id = (select parent_id from folders where workspace_id = ${workspaceId} and folder_id = ${teamId}))))`);
  return result.rows.map((r) => ({
    fileId: r.file_id,
    storageKey: r.storage_key,
    width: Number(r.width),
    height: Number(r.height),
    contentType: r.content_type,
  }));
}

/** The actions raised on a form, oldest first. */
export async function formActions(tx: Tx, workspaceId: string, formId: string) {
  const result = await tx.execute<{
    field_id: string | null;
    title: string;
    state: string;
    assignee: string | null;
    due_date: unknown;
  }>(sql`
    select a.field_id, a.title, a.state, nullif(trim(u.first_name || ' ' || u.last_name), '') as assignee, a.due_date
      from actions a left join users u on u.user_id = a.assignee_id
     where a.workspace_id = ${workspaceId} and a.form_id = ${formId}
     order by a.created_at, a.action_id`);
  return result.rows.map((r) => ({
    fieldId: r.field_id,
    title: r.title,
    state: r.state,
    assigneeName: r.assignee,
    dueDate:
      r.due_date === null
        ? null
        : r.due_date instanceof Date
          ? r.due_date.toISOString().slice(0, 10)
          : String(r.due_date),
  }));
}

/** Which of the ids are forms of the team (not deleted, nor of a deleted template, as loadForm), for a bulk export. */
export async function formsOfTeam(tx: Tx, workspaceId: string, teamId: string, formIds: readonly string[]) {
  if (formIds.length === 0) return new Set<string>();
  const result = await tx.execute<{ form_id: string }>(sql`
    select f.form_id from forms f
      join templates t on t.workspace_id = f.workspace_id and t.template_id = f.template_id
     where f.workspace_id = ${workspaceId} and f.folder_id = ${teamId} and f.form_id = any(${uuidArray(formIds)})
       and f.state <> 'deleted' and t.state <> 'deleted'`);
  return new Set(result.rows.map((r) => r.form_id));
}
