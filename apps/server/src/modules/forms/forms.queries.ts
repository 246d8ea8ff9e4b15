import type { FormChangeKind, FormState } from '@formwork/shared/schemas/forms';
import type { TemplateType } from '@formwork/shared/templates/template-definition';
import { sql } from 'drizzle-orm';
import { type Int, iso, type Json, parseJson, type Timestamp, uuidArray } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

/**
 * Explicit SQL of the forms module. Every function takes the verified workspace id; forms are
 * always found through their team (`folder_id`), never by a bare id. Templates and their versions
 * are read here with our own SQL (no other module's queries are imported).
 */

export type TeamTemplate = {
  templateId: string;
  name: string;
  templateCode: string;
  formName: string;
  type: TemplateType;
  state: 'active' | 'archived';
  version: number;
  definition: unknown;
};

/**
 * A template of the team: living in the team, or a library template deployed to it; active or
 * archived (new forms need an active one; forms of an archived one stay readable and listed). Its
 * current version's definition comes along.
 */
export async function templateForTeam(
  tx: Tx,
  workspaceId: string,
  teamId: string,
  templateId: string,
): Promise<TeamTemplate | undefined> {
  const result = await tx.execute<{
    template_id: string;
    name: string;
    template_code: string;
    form_name: string;
    type: TemplateType;
    state: TeamTemplate['state'];
    current_version: Int;
    definition: Json;
  }>(sql`
    select t.template_id, t.name, t.template_code, t.form_name, t.type, t.state, t.current_version, v.definition
      from templates t
      join template_versions v
        on v.workspace_id = t.workspace_id and v.template_id = t.template_id and v.version = t.current_version
     where t.workspace_id = ${workspaceId} and t.template_id = ${templateId} and t.state <> 'deleted'
       and (t.folder_id = ${teamId}
            or exists (select 1 from template_deployments d
                        where d.workspace_id = t.workspace_id and d.template_id = t.template_id
                          and d.team_id = ${teamId}))`);
  const r = result.rows[0];
  if (!r) return undefined;
  return {
    templateId: r.template_id,
    name: r.name,
    templateCode: r.template_code,
    formName: r.form_name,
    type: r.type,
    state: r.state,
    version: Number(r.current_version),
    definition: parseJson(r.definition),
  };
}

export type FormRecord = {
  formId: string;
  teamId: string;
  templateId: string;
  templateVersion: number;
  number: number;
  title: string;
  state: FormState;
  workflowColumn: number | null;
  version: number;
  values: Record<string, unknown>;
  textCells: Record<string, string>;
  createHash: string;
  clonedFrom: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedBy: string | null;
  updatedAt: string;
};

/**
 * A form with its template: the names, Template ID and definition of the version it was filled on
 * (the screen and the PDF show the same header), the template's type and its state now.
 */
export type FormWithTemplate = FormRecord & {
  template: {
    name: string;
    templateCode: string;
    formName: string;
    type: TemplateType;
    state: 'active' | 'archived';
    definition: unknown;
  };
};

export const formColumns =
  sql.raw(`f.form_id, f.folder_id, f.template_id, f.template_version, f.number, f.title, f.state,
  f.workflow_column, f.version, f.field_values, f.text_cells, f.create_hash, f.cloned_from, f.created_by,
  f.created_at, f.updated_by, f.updated_at`);

/** A row of `formColumns`, as the drivers return it. */
export type FormRow = {
  form_id: string;
  folder_id: string;
  template_id: string;
  template_version: Int;
  number: Int;
  title: string;
  state: FormState;
  workflow_column: Int | null;
  version: Int;
  field_values: Json;
  text_cells: Json;
  create_hash: string;
  cloned_from: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_by: string | null;
  updated_at: Timestamp;
};

export function toFormRecord(r: FormRow): FormRecord {
  return {
    formId: r.form_id,
    teamId: r.folder_id,
    templateId: r.template_id,
    templateVersion: Number(r.template_version),
    number: Number(r.number),
    title: r.title,
    state: r.state,
    workflowColumn: r.workflow_column === null ? null : Number(r.workflow_column),
    version: Number(r.version),
    values: parseJson(r.field_values),
    textCells: parseJson(r.text_cells),
    createHash: r.create_hash,
    clonedFrom: r.cloned_from,
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    updatedBy: r.updated_by,
    updatedAt: iso(r.updated_at),
  };
}

/**
 * The one join that finds a form: in its team (`folder_id`), with its template and the template
 * version it was filled on. Deleted forms, and forms of deleted templates, are not found: deleting
 * a template removes the forms saved from it (spec). Callers go through load-form.service.ts.
 */
export async function formWithTemplate(
  tx: Tx,
  workspaceId: string,
  teamId: string,
  formId: string,
  options: { forUpdate?: boolean } = {},
): Promise<FormWithTemplate | undefined> {
  const result = await tx.execute<
    FormRow & {
      t_name: string;
      t_code: string;
      t_form_name: string;
      t_type: TemplateType;
      t_state: FormWithTemplate['template']['state'];
      t_definition: Json;
    }
  >(sql`
    select ${formColumns}, v.name as t_name, v.template_code as t_code, v.form_name as t_form_name,
           t.type as t_type, t.state as t_state, v.definition as t_definition
      from forms f
      join templates t on t.workspace_id = f.workspace_id and t.template_id = f.template_id
      join template_versions v
        on v.workspace_id = f.workspace_id and v.template_id = f.template_id and v.version = f.template_version
     where f.workspace_id = ${workspaceId} and f.form_id = ${formId} and f.folder_id = ${teamId}
       and t.state <> 'deleted' and f.state <> 'deleted'
       ${options.forUpdate ? sql`for update of f` : sql``}`);
  const r = result.rows[0];
  if (!r) return undefined;
  return {
    ...toFormRecord(r),
    template: {
      name: r.t_name,
      templateCode: r.t_code,
      formName: r.t_form_name,
      type: r.t_type,
      state: r.t_state,
      definition: parseJson(r.t_definition),
    },
  };
}

/** Whether a form id is taken in the workspace, in any team (a client id reused elsewhere). */
export async function formIdTaken(
  tx: Tx,
  workspaceId: string,
  formId: string,
): Promise<{ teamId: string; createHash: string } | undefined> {
  const result = await tx.execute<{ folder_id: string; create_hash: string }>(sql`
    select folder_id, create_hash from forms where workspace_id = ${workspaceId} and form_id = ${formId}`);
  const r = result.rows[0];
  return r ? { teamId: r.folder_id, createHash: r.create_hash } : undefined;
}

/** `actorUserId` null: no user did it (a form submitted through a link, issue 21). */
export type Audit = {
  actorUserId: string | null;
  folderPath: string[];
  action: string;
  details: Record<string, unknown>;
};

function auditInsert(workspaceId: string, audit: Audit, subjectIdSql: ReturnType<typeof sql>, from: string) {
  return sql`insert into audit_events (workspace_id, folder_path, actor_user_id, action, subject_type, subject_id, details)
    select ${workspaceId}, ${`{${audit.folderPath.join(',')}}`}::uuid[], ${audit.actorUserId}, ${audit.action}, 'form',
           ${subjectIdSql}, ${JSON.stringify(audit.details)}::jsonb || jsonb_build_object('name', title)
      from ${sql.raw(from)}`;
}

export type NewForm = {
  workspaceId: string;
  formId: string;
  templateId: string;
  templateVersion: number;
  teamId: string;
  formName: string;
  workflowColumn: number | null;
  values: Record<string, unknown>;
  textCells: Record<string, string>;
  createHash: string;
  clonedFrom: string | null;
  /** Null: made by no user (submitted through a link, issue 21). */
  userId: string | null;
  change: 'created' | 'cloned';
};

/**
 * One statement: the next form number of the template, the form, its first version and the audit
 * event (so the counter row is locked only for this statement and the commit). A concurrent
 * create of the same id waits, then inserts nothing: undefined, and the caller reads what won.
 */
export async function insertForm(tx: Tx, form: NewForm, audit: Audit): Promise<FormRecord | undefined> {
  const values = JSON.stringify(form.values);
  const result = await tx.execute<FormRow>(sql`
    with counter as (
      insert into form_counters as c (workspace_id, template_id, last_number)
      values (${form.workspaceId}, ${form.templateId}, 1)
      on conflict (workspace_id, template_id) do update set last_number = c.last_number + 1
      returning last_number
    ), inserted as (
      insert into forms (workspace_id, form_id, template_id, template_version, folder_id, number, title,
                         workflow_column, field_values, text_cells, create_hash, cloned_from, created_by, updated_by)
      select ${form.workspaceId}, ${form.formId}, ${form.templateId}, ${form.templateVersion}, ${form.teamId},
             counter.last_number, ${form.formName} || ' ' || counter.last_number, ${form.workflowColumn},
             ${values}::jsonb, ${JSON.stringify(form.textCells)}::jsonb, ${form.createHash}, ${form.clonedFrom},
             ${form.userId}, ${form.userId}
        from counter
      on conflict (workspace_id, form_id) do nothing
      returning *
    ), history as (
      insert into form_versions (workspace_id, form_id, version, change, state, workflow_column, field_values, saved_by, saved_at)
      select workspace_id, form_id, 1, ${form.change}, state, workflow_column, field_values, created_by, created_at
        from inserted
    ), event as (
      ${auditInsert(form.workspaceId, audit, sql`form_id`, 'inserted')}
    )
    select ${formColumns} from inserted f`);
  const r = result.rows[0];
  return r ? toFormRecord(r) : undefined;
}

/**
 * Saves new values over `baseVersion` in one statement (form, history row, audit event). No row
 * when the form moved on meanwhile (a concurrent save won): the caller answers 409.
 */
export async function updateFormValues(
  tx: Tx,
  workspaceId: string,
  formId: string,
  baseVersion: number,
  change: {
    values: Record<string, unknown>;
    workflowColumn?: number | null;
    state?: FormState;
    kind: 'saved' | 'moved' | 'reset' | 'archived' | 'restored';
    userId: string;
  },
  audit: Audit,
): Promise<FormRecord | undefined> {
  const result = await tx.execute<FormRow>(sql`
    with updated as (
      update forms set
        field_values = ${JSON.stringify(change.values)}::jsonb,
        ${change.workflowColumn === undefined ? sql`` : sql`workflow_column = ${change.workflowColumn},`}
        ${change.state === undefined ? sql`` : sql`state = ${change.state},`}
        version = version + 1, updated_by = ${change.userId}, updated_at = now()
      where workspace_id = ${workspaceId} and form_id = ${formId} and version = ${baseVersion} and state <> 'deleted'
      returning *
    ), history as (
      insert into form_versions (workspace_id, form_id, version, change, state, workflow_column, field_values, saved_by, saved_at)
      select workspace_id, form_id, version, ${change.kind}, state, workflow_column, field_values, updated_by, updated_at
        from updated
    ), event as (
      ${auditInsert(workspaceId, audit, sql`form_id`, 'updated')}
    )
    select ${formColumns} from updated f`);
  const r = result.rows[0];
  return r ? toFormRecord(r) : undefined;
}

/** Deleted forms are gone for good from every list; their history goes with them. */
export async function markDeleted(tx: Tx, workspaceId: string, formId: string, userId: string, audit: Audit) {
  await tx.execute(sql`
    with updated as (
      update forms set state = 'deleted', version = version + 1, updated_by = ${userId}, updated_at = now(),
                       field_values = '{}'::jsonb, text_cells = '{}'::jsonb
       where workspace_id = ${workspaceId} and form_id = ${formId} and state <> 'deleted'
      returning form_id, title
    ), history as (
      delete from form_versions where workspace_id = ${workspaceId} and form_id = ${formId}
    ), event as (
      ${auditInsert(workspaceId, audit, sql`form_id`, 'updated')}
    )
    select 1`);
  await tx.execute(sql`delete from workflow_signatures where workspace_id = ${workspaceId} and form_id = ${formId}`);
}

export async function currentVersion(tx: Tx, workspaceId: string, formId: string): Promise<number | undefined> {
  const result = await tx.execute<{ version: number }>(
    sql`select version from forms where workspace_id = ${workspaceId} and form_id = ${formId}`,
  );
  const r = result.rows[0];
  return r ? Number(r.version) : undefined;
}

export type VersionRow = {
  version: number;
  change: FormChangeKind;
  state: FormState;
  workflowColumn: number | null;
  savedBy: string | null;
  savedAt: string;
  values?: Record<string, unknown>;
};

type FormVersionRow = {
  version: Int;
  change: FormChangeKind;
  state: FormState;
  workflow_column: Int | null;
  saved_by: string | null;
  saved_at: Timestamp;
  field_values?: Json;
};

function toVersionRow(r: FormVersionRow): VersionRow {
  return {
    version: Number(r.version),
    change: r.change,
    state: r.state,
    workflowColumn: r.workflow_column === null ? null : Number(r.workflow_column),
    savedBy: r.saved_by,
    savedAt: iso(r.saved_at),
    ...(r.field_values !== undefined ? { values: parseJson<Record<string, unknown>>(r.field_values) } : {}),
  };
}

export async function formHistory(tx: Tx, workspaceId: string, formId: string): Promise<VersionRow[]> {
  const result = await tx.execute<FormVersionRow>(sql`
    select version, change, state, workflow_column, saved_by, saved_at from form_versions
     where workspace_id = ${workspaceId} and form_id = ${formId} order by version desc`);
  return result.rows.map(toVersionRow);
}

export async function formVersion(
  tx: Tx,
  workspaceId: string,
  formId: string,
  version: number,
): Promise<VersionRow | undefined> {
  const result = await tx.execute<FormVersionRow>(sql`
    select version, change, state, workflow_column, saved_by, saved_at, field_values from form_versions
     where workspace_id = ${workspaceId} and form_id = ${formId} and version = ${version}`);
  const r = result.rows[0];
  return r ? toVersionRow(r) : undefined;
}

export type SignatureRow = {
  column: number;
  fieldId: string | null;
  fileId: string;
  signerName: string | null;
  signedBy: string | null;
  signedAt: string;
};

export async function workflowSignatures(tx: Tx, workspaceId: string, formId: string): Promise<SignatureRow[]> {
  const result = await tx.execute<{
    column_index: Int;
    field_id: string | null;
    file_id: string;
    signer_name: string | null;
    signed_by: string | null;
    signed_at: Timestamp;
  }>(sql`
    select column_index, field_id, file_id, signer_name, signed_by, signed_at from workflow_signatures
     where workspace_id = ${workspaceId} and form_id = ${formId} order by column_index`);
  return result.rows.map((r) => ({
    column: Number(r.column_index),
    fieldId: r.field_id,
    fileId: r.file_id,
    signerName: r.signer_name,
    signedBy: r.signed_by,
    signedAt: iso(r.signed_at),
  }));
}

export async function insertSignature(
  tx: Tx,
  row: {
    workspaceId: string;
    formId: string;
    column: number;
    fieldId: string | null;
    fileId: string;
    signerName: string | null;
    userId: string;
    formVersion: number;
  },
) {
  await tx.execute(sql`
    insert into workflow_signatures (workspace_id, form_id, column_index, field_id, file_id, signer_name, signed_by, form_version)
    values (${row.workspaceId}, ${row.formId}, ${row.column}, ${row.fieldId}, ${row.fileId}, ${row.signerName},
            ${row.userId}, ${row.formVersion})`);
}

export async function deleteSignaturesAfter(tx: Tx, workspaceId: string, formId: string, column: number) {
  await tx.execute(sql`
    delete from workflow_signatures
     where workspace_id = ${workspaceId} and form_id = ${formId} and column_index > ${column}`);
}

/**
 * Which of these files a form of the team may name: uploaded for the team, or by this user; not one
 * uploaded through a link and waiting for its own submission (only that submission may name it).
 */
export async function usableFiles(
  tx: Tx,
  scope: { workspaceId: string; teamId: string; userId: string },
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const result = await tx.execute<{ file_id: string }>(sql`
    select file_id from files
     where workspace_id = ${scope.workspaceId} and file_id = any(${uuidArray(ids)})
       and (folder_id = ${scope.teamId} or created_by = ${scope.userId})
       and not exists (select 1 from link_uploads u
                        where u.workspace_id = files.workspace_id and u.file_id = files.file_id
                          and u.submitted_at is null)`);
  return new Set(result.rows.map((r) => r.file_id));
}

/** Which of these user ids belong to the workspace. */
export async function existingUsers(tx: Tx, workspaceId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const result = await tx.execute<{ user_id: string }>(sql`
    select user_id from workspace_users where workspace_id = ${workspaceId} and user_id = any(${uuidArray(ids)})`);
  return new Set(result.rows.map((r) => r.user_id));
}

/** Which of these form ids are live forms of the workspace. */
export async function existingForms(tx: Tx, workspaceId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const result = await tx.execute<{ form_id: string }>(sql`
    select form_id from forms
     where workspace_id = ${workspaceId} and form_id = any(${uuidArray(ids)}) and state <> 'deleted'`);
  return new Set(result.rows.map((r) => r.form_id));
}

/** Titles of forms of the workspace (not deleted) by id, as related forms are shown: `Title (No. 4)`. */
export async function formTitles(tx: Tx, workspaceId: string, formIds: readonly string[]) {
  if (formIds.length === 0) return new Map<string, string>();
  const result = await tx.execute<{ form_id: string; title: string; number: number }>(sql`
    select form_id, title, number from forms
     where workspace_id = ${workspaceId} and form_id = any(${uuidArray(formIds)}) and state <> 'deleted'`);
  return new Map(result.rows.map((r) => [r.form_id, `${r.title} (No. ${r.number})`]));
}
