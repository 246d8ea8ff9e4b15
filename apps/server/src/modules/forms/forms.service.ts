import { cloneFormValues } from '@formwork/shared/forms/clone-form';
import { type FormValueError, validateFormValues } from '@formwork/shared/forms/validate-form-values';
import { valueReferences } from '@formwork/shared/forms/value-references';
import { limitsFor } from '@formwork/shared/limits';
import {
  type CreateFormBody,
  type Form,
  type FormActionResult,
  type FormDetail,
  formActionFailureMessages,
  type SaveFormBody,
} from '@formwork/shared/schemas/forms';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { commitWithNext, inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { withListSnapshots } from '../lists/list-fields.service.ts';
import { recordFormPhotos } from '../photos/photos.service.ts';
import {
  archivedFolder,
  createHashOf,
  invalid,
  parseDefinition,
  stale,
  type TeamContext,
  toForm,
} from './form-model.ts';
import * as queries from './forms.queries.ts';
import { loadForm, requireForm, teamPlace } from './load-form.service.ts';
import { valueNames } from './value-names.service.ts';

/**
 * People and related forms named in the values must exist in this workspace; files must belong to
 * the form's team or be the saver's own upload (a form must not carry another team's photo into
 * its PDF). Files the form already named (`kept`, its saved values) stay: they passed when added.
 */
export async function checkReferences(
  tx: Tx,
  scope: { workspaceId: string; teamId: string; userId: string },
  definition: TemplateDefinition,
  values: Record<string, unknown>,
  kept: Record<string, unknown> = {},
): Promise<FormValueError[]> {
  const { workspaceId } = scope;
  const refs = valueReferences(definition.fields, values);
  const keptFiles = new Set(valueReferences(definition.fields, kept).files.map((r) => r.id));
  const [usable, users, forms] = await Promise.all([
    queries.usableFiles(
      tx,
      scope,
      [...new Set(refs.files.map((r) => r.id))].filter((id) => !keptFiles.has(id)),
    ),
    queries.existingUsers(tx, workspaceId, [...new Set(refs.users.map((r) => r.id))]),
    queries.existingForms(tx, workspaceId, [...new Set(refs.forms.map((r) => r.id))]),
  ]);
  const errors: FormValueError[] = [];
  for (const r of refs.files)
    if (!usable.has(r.id) && !keptFiles.has(r.id))
      errors.push({ ...r, message: 'This file was not uploaded here', code: 'invalid' });
  for (const r of refs.users)
    if (!users.has(r.id)) errors.push({ ...r, message: 'This person is not in the workspace', code: 'invalid' });
  for (const r of refs.forms)
    if (!forms.has(r.id)) errors.push({ ...r, message: 'This form does not exist', code: 'invalid' });
  return errors;
}

/** Where a form's list fields read their lists: the team's project (issue 18.5). */
function listPlace(ctx: TeamContext): { workspaceId: string; projectId: string } {
  return { workspaceId: ctx.workspace.workspaceId, projectId: ctx.folder.path[1] as string };
}

/**
 * A new form's values, checked: its list items snapshotted from the lists the project reads, then
 * validated (a workflow form may start incomplete). Field errors are one 400.
 */
async function checkedNewValues(
  tx: Tx,
  place: { workspaceId: string; projectId: string },
  templateType: queries.TeamTemplate['type'],
  definition: TemplateDefinition,
  values: Record<string, unknown>,
) {
  const { checked, errors } = await newValueErrors(tx, place, templateType, definition, values);
  if (errors.length > 0) throw invalid(errors);
  return checked;
}

/** The checks of checkedNewValues, answering the errors instead of throwing them (bulk rows). */
async function newValueErrors(
  tx: Tx,
  place: { workspaceId: string; projectId: string },
  templateType: queries.TeamTemplate['type'],
  definition: TemplateDefinition,
  values: Record<string, unknown>,
) {
  const listed = await withListSnapshots(tx, place, definition.fields, values);
  const checked = validateFormValues(definition, listed.values, { requireComplete: templateType !== 'workflow' });
  return { checked, errors: [...listed.errors, ...checked.errors] };
}

/** A new form of the template's current version, in its first workflow column for a workflow. */
function newFormRow(
  template: queries.TeamTemplate,
  form: Pick<queries.NewForm, 'workspaceId' | 'formId' | 'teamId' | 'values' | 'createHash' | 'userId'>,
): queries.NewForm {
  return {
    ...form,
    templateId: template.templateId,
    templateVersion: template.version,
    formName: template.formName,
    workflowColumn: template.type === 'workflow' ? 0 : null,
    textCells: {},
    clonedFrom: null,
    change: 'created',
  };
}

/** The files of the form's photo fields (they join the team's gallery). */
function photoFileIds(definition: TemplateDefinition, values: Record<string, unknown>): string[] {
  const photoFields = new Set(definition.fields.filter((f) => f.type === 'photos').map((f) => f.id));
  return valueReferences(definition.fields, values)
    .files.filter((r) => photoFields.has(r.fieldId))
    .map((r) => r.id);
}

function audit(ctx: TeamContext, action: string, details: Record<string, unknown> = {}): queries.Audit {
  return { actorUserId: ctx.user.userId, folderPath: ctx.folder.path as string[], action, details };
}

async function signaturesOf(tx: Tx, ctx: TeamContext, form: queries.FormRecord, type: string) {
  return type === 'workflow' ? queries.workflowSignatures(tx, ctx.workspace.workspaceId, form.formId) : [];
}

/** A create or clone sent again: the same content answers the form it made, other content 409. */
async function replay(tx: Tx, ctx: TeamContext, formId: string, hash: string): Promise<Form> {
  const taken = await queries.formIdTaken(tx, ctx.workspace.workspaceId, formId);
  if (!taken || taken.teamId !== ctx.folder.folderId || taken.createHash !== hash) {
    throw new AppError('duplicate', { detail: 'A different form already has this id' });
  }
  const form = await requireForm(tx, teamPlace(ctx), formId);
  return toForm(
    ctx,
    form,
    { type: form.template.type, definition: form.definition },
    await signaturesOf(tx, ctx, form, form.template.type),
    [],
  );
}

/**
 * Creates a form on the template's current version. Idempotent by the client's form id: a retry
 * of the same create returns the existing form (created: false).
 */
export async function createForm(
  db: AppDb,
  access: AccessContext,
  teamId: string,
  body: CreateFormBody,
): Promise<{ created: boolean; form: Form }> {
  const ctx = access;
  const workspaceId = ctx.workspace.workspaceId;
  const hash = createHashOf({ teamId, templateId: body.templateId, values: body.values });
  return inScope(db, ctx.scope, async (tx) => {
    if (await queries.formIdTaken(tx, workspaceId, body.formId)) {
      return { created: false, form: await replay(tx, ctx, body.formId, hash) };
    }
    if (archivedFolder(ctx)) throw new AppError('formReadOnly');
    const template = await queries.templateForTeam(tx, workspaceId, teamId, body.templateId);
    if (template?.state !== 'active') throw new AppError('formTemplateUnavailable');
    const definition = parseDefinition(workspaceId, template.templateId, template.version, template.definition);
    const checked = await checkedNewValues(tx, listPlace(ctx), template.type, definition, body.values);
    const missing = await checkReferences(
      tx,
      { workspaceId, teamId, userId: access.user.userId },
      definition,
      checked.values,
    );
    if (missing.length > 0) throw invalid(missing);
    const row = await queries.insertForm(
      tx,
      newFormRow(template, {
        workspaceId,
        formId: body.formId,
        teamId,
        values: checked.values,
        createHash: hash,
        userId: access.user.userId,
      }),
      audit(ctx, 'form.created', { templateId: template.templateId }),
    );
    // A concurrent create with the same id committed first: answer like a replay.
    if (!row) return { created: false, form: await replay(tx, ctx, body.formId, hash) };
    await recordFormPhotos(tx, { workspaceId, teamId, formId: body.formId }, photoFileIds(definition, checked.values));
    return { created: true, form: toForm(ctx, row, { type: template.type, definition }, [], checked.formulaErrors) };
  });
}

/** Where a form submitted through a link lands (issue 21): the link's team, found by its token. */
export type SubmissionPlace = { workspaceId: string; teamId: string; folderPath: readonly string[] };

/**
 * A form submitted through a link by someone without an account (issue 21), in the caller's
 * transaction: the same template lookup, list snapshots, validation, numbering and first version as
 * createForm, made by no user. Values may name only the files uploaded through the link for this
 * submission (`uploads`), never people or other forms (the submitter must not learn the
 * workspace's people); its photos join the team's gallery as a signed-in form's do. Idempotent by
 * the form id: the same submission again answers the form it made (created: false).
 */
export async function createSubmittedForm(
  tx: Tx,
  place: SubmissionPlace,
  body: { formId: string; templateId: string; values: Record<string, unknown> },
  details: Record<string, unknown>,
  uploads: ReadonlySet<string> = new Set(),
): Promise<{ created: boolean; formId: string; fileIds: string[] }> {
  const { workspaceId, teamId } = place;
  const hash = createHashOf({ teamId, templateId: body.templateId, values: body.values });
  const replayOf = async () => {
    const taken = await queries.formIdTaken(tx, workspaceId, body.formId);
    if (!taken || taken.teamId !== teamId || taken.createHash !== hash)
      throw new AppError('duplicate', { detail: 'A different form already has this id' });
    return { created: false, formId: body.formId, fileIds: [] };
  };
  if (await queries.formIdTaken(tx, workspaceId, body.formId)) return replayOf();
  const template = await queries.templateForTeam(tx, workspaceId, teamId, body.templateId);
  if (template?.state !== 'active') throw new AppError('formTemplateUnavailable');
  const definition = parseDefinition(workspaceId, template.templateId, template.version, template.definition);
  const projectId = place.folderPath[1] as string;
  const checked = await checkedNewValues(tx, { workspaceId, projectId }, template.type, definition, body.values);
  const refs = valueReferences(definition.fields, checked.values);
  const named = [...refs.users, ...refs.forms];
  const notUploaded = refs.files.filter((r) => !uploads.has(r.id));
  if (named.length > 0 || notUploaded.length > 0)
    throw invalid([
      ...notUploaded.map((r) => ({ ...r, message: 'This file was not uploaded here', code: 'invalid' as const })),
      ...named.map((r) => ({
        ...r,
        message: 'This field cannot be filled in through a link',
        code: 'invalid' as const,
      })),
    ]);
  const row = await queries.insertForm(
    tx,
    newFormRow(template, {
      workspaceId,
      formId: body.formId,
      teamId,
      values: checked.values,
      createHash: hash,
      userId: null,
    }),
    { actorUserId: null, folderPath: [...place.folderPath], action: 'form.submitted', details },
  );
  if (!row) return replayOf();
  await recordFormPhotos(tx, { workspaceId, teamId, formId: body.formId }, photoFileIds(definition, checked.values));
  return { created: true, formId: body.formId, fileIds: [...new Set(refs.files.map((r) => r.id))] };
}

/** Where a batch of forms is made by a signed-in person (bulk creation from a CSV, issue 21.4). */
export type BatchPlace = { workspaceId: string; teamId: string; folderPath: readonly string[]; userId: string };

/** The template a team's new forms are made of (active, its current version), else formTemplateUnavailable. */
export async function newFormTemplate(tx: Tx, place: BatchPlace, templateId: string) {
  const template = await queries.templateForTeam(tx, place.workspaceId, place.teamId, templateId);
  if (template?.state !== 'active') throw new AppError('formTemplateUnavailable');
  const definition = parseDefinition(place.workspaceId, template.templateId, template.version, template.definition);
  return { template, definition };
}

type NewTemplate = Awaited<ReturnType<typeof newFormTemplate>>;

/**
 * One new form's values checked as createForm checks them (list snapshots, validation, the people,
 * files and forms they name), answering the problems instead of throwing them.
 */
async function batchRow(tx: Tx, place: BatchPlace, made: NewTemplate, values: Record<string, unknown>) {
  const { workspaceId, teamId, userId } = place;
  const projectId = place.folderPath[1] as string;
  const { checked, errors } = await newValueErrors(
    tx,
    { workspaceId, projectId },
    made.template.type,
    made.definition,
    values,
  );
  if (errors.length > 0) return { values: checked.values, errors };
  return {
    values: checked.values,
    errors: await checkReferences(tx, { workspaceId, teamId, userId }, made.definition, checked.values),
  };
}

/** Bulk creation's preview: each row's problems by the checks a signed-in create makes (none: it can be made). */
export async function checkNewForms(
  tx: Tx,
  place: BatchPlace,
  made: NewTemplate,
  rows: readonly Record<string, unknown>[],
): Promise<FormValueError[][]> {
  const problems: FormValueError[][] = [];
  for (const values of rows) problems.push((await batchRow(tx, place, made, values)).errors);
  return problems;
}

/**
 * Bulk creation's job, one chunk in the caller's transaction: each row checked again and made as
 * createForm makes a form (numbering, first version, its audit event `details`). A row whose form
 * id exists already was made by an earlier run of the chunk: it is not made twice.
 */
export async function createNewForms(
  tx: Tx,
  place: BatchPlace,
  templateId: string,
  rows: readonly { formId: string; values: Record<string, unknown> }[],
  details: Record<string, unknown>,
): Promise<{ formId: string; created: boolean; errors: { field: string | null; message: string }[] }[]> {
  const { workspaceId, teamId, userId } = place;
  const made = await newFormTemplate(tx, place, templateId);
  const labels = new Map(made.definition.fields.map((f) => [f.id, f.label]));
  const results: { formId: string; created: boolean; errors: { field: string | null; message: string }[] }[] = [];
  for (const row of rows) {
    if (await queries.formIdTaken(tx, workspaceId, row.formId)) {
      results.push({ formId: row.formId, created: false, errors: [] });
      continue;
    }
    const checked = await batchRow(tx, place, made, row.values);
    if (checked.errors.length > 0) {
      const errors = checked.errors.map((e) => ({ field: labels.get(e.fieldId) ?? null, message: e.message }));
      results.push({ formId: row.formId, created: false, errors });
      continue;
    }
    const inserted = await queries.insertForm(
      tx,
      newFormRow(made.template, {
        workspaceId,
        formId: row.formId,
        teamId,
        values: checked.values,
        createHash: createHashOf({ teamId, templateId, values: row.values }),
        userId,
      }),
      {
        actorUserId: userId,
        folderPath: [...place.folderPath],
        action: 'form.created',
        details: { templateId, ...details },
      },
    );
    if (inserted)
      await recordFormPhotos(
        tx,
        { workspaceId, teamId, formId: row.formId },
        photoFileIds(made.definition, checked.values),
      );
    results.push({ formId: row.formId, created: Boolean(inserted), errors: [] });
  }
  return results;
}

/**
 * Saves values over the version the edit was based on; a stale base answers 409 staleVersion.
 * `source` names what wrote the values when it was not the person's own edit (a macro's answer);
 * it is kept in the save's audit event.
 */
export async function saveForm(
  db: AppDb,
  access: AccessContext,
  teamId: string,
  formId: string,
  body: SaveFormBody,
  source?: Record<string, unknown>,
): Promise<Form> {
  const ctx = access;
  const workspaceId = ctx.workspace.workspaceId;
  const result = await inScope(db, ctx.scope, async (tx) => {
    const form = await requireForm(tx, teamPlace(ctx), formId);
    const { definition } = form;
    const type = form.template.type;
    if (archivedFolder(ctx) || form.state !== 'active') throw new AppError('formReadOnly');
    const rights = toForm(ctx, form, { type, definition }, [], []).access;
    if (!rights.edit) throw new AppError('formAccessDenied');
    if (form.version !== body.baseVersion) throw stale(form.version);
    const listed = await withListSnapshots(tx, listPlace(ctx), definition.fields, body.values, form.values);
    const checked = validateFormValues(definition, listed.values, {
      requireComplete: type !== 'workflow',
      kept: form.values,
    });
    if (listed.errors.length + checked.errors.length > 0) throw invalid([...listed.errors, ...checked.errors]);
    const missing = await checkReferences(
      tx,
      { workspaceId, teamId, userId: access.user.userId },
      definition,
      checked.values,
      form.values,
    );
    if (missing.length > 0) throw invalid(missing);
    await recordFormPhotos(tx, { workspaceId, teamId, formId }, photoFileIds(definition, checked.values));
    // The update (form, history row, audit event) is the last statement unless a workflow form's
    // signatures are read after it: its commit goes in its round trip.
    if (type !== 'workflow') commitWithNext(tx);
    const saved = await queries.updateFormValues(
      tx,
      workspaceId,
      formId,
      body.baseVersion,
      { values: checked.values, kind: 'saved', userId: access.user.userId },
      audit(ctx, 'form.saved', { version: body.baseVersion + 1, ...(source ? { source } : {}) }),
    );
    if (!saved) return { stale: true as const };
    return {
      stale: false as const,
      form: toForm(ctx, saved, { type, definition }, await signaturesOf(tx, ctx, saved, type), checked.formulaErrors),
    };
  });
  if (!result.stale) return result.form;
  // A concurrent save won between the version check and the update (which then changed nothing).
  throw stale(await inScope(db, ctx.scope, (tx) => queries.currentVersion(tx, workspaceId, formId)));
}

export async function getForm(db: AppDb, access: AccessContext, formId: string): Promise<FormDetail> {
  const ctx = access;
  return inScope(db, ctx.scope, async (tx) => {
    const form = await requireForm(tx, teamPlace(ctx), formId);
    const { definition } = form;
    const type = form.template.type;
    const { formulaErrors } = validateFormValues(definition, form.values, {
      requireComplete: false,
      kept: form.values,
    });
    return {
      form: toForm(ctx, form, { type, definition }, await signaturesOf(tx, ctx, form, type), formulaErrors),
      template: {
        templateId: form.templateId,
        name: form.template.name,
        templateCode: form.template.templateCode,
        formName: form.template.formName,
        type,
        version: form.templateVersion,
        definition,
      },
    };
  });
}

export async function formHistory(db: AppDb, access: AccessContext, formId: string) {
  const ctx = access;
  return inScope(db, ctx.scope, async (tx) => {
    await requireForm(tx, teamPlace(ctx), formId);
    const versions = await queries.formHistory(tx, ctx.workspace.workspaceId, formId);
    return { versions: versions.map(({ values: _values, ...v }) => v), timeZone: ctx.workspace.timeZone };
  });
}

export async function formVersion(db: AppDb, access: AccessContext, formId: string, version: number) {
  const ctx = access;
  return inScope(db, ctx.scope, async (tx) => {
    const { definition } = await requireForm(tx, teamPlace(ctx), formId);
    const row = await queries.formVersion(tx, ctx.workspace.workspaceId, formId, version);
    if (!row) throw new AppError('formUnavailable');
    const values = row.values ?? {};
    const names = await valueNames(tx, ctx.workspace.workspaceId, definition.fields, [{ values }]);
    return {
      ...row,
      values,
      people: Object.fromEntries(names.people),
      formTitles: Object.fromEntries(names.formTitles),
      timeZone: ctx.workspace.timeZone,
    };
  });
}

/**
 * Clones a form of the team into a new one (spec 5.1 rules, see cloneFormValues) on the template's
 * current version. Idempotent by the new form's client id, like a create.
 */
export async function cloneForm(
  db: AppDb,
  access: AccessContext,
  teamId: string,
  sourceFormId: string,
  newFormId: string,
): Promise<{ created: boolean; form: Form }> {
  const ctx = access;
  const workspaceId = ctx.workspace.workspaceId;
  const hash = createHashOf({ teamId, cloneOf: sourceFormId });
  return inScope(db, ctx.scope, async (tx) => {
    if (await queries.formIdTaken(tx, workspaceId, newFormId)) {
      return { created: false, form: await replay(tx, ctx, newFormId, hash) };
    }
    const source = await requireForm(tx, teamPlace(ctx), sourceFormId);
    if (archivedFolder(ctx)) throw new AppError('formReadOnly');
    const template = await queries.templateForTeam(tx, workspaceId, teamId, source.templateId);
    if (template?.state !== 'active') throw new AppError('formTemplateUnavailable');
    const definition = parseDefinition(workspaceId, template.templateId, template.version, template.definition);
    const cloned = cloneFormValues(source.definition, source.values, limitsFor(ctx.workspace.plan).fieldsPerTemplate);
    // Values the current version no longer accepts (a field removed or changed) are left out.
    const ids = new Set(definition.fields.map((f) => f.id));
    let values = Object.fromEntries(Object.entries(cloned.values).filter(([id]) => ids.has(id)));
    let checked = validateFormValues(definition, values, { requireComplete: false });
    if (checked.errors.length > 0) {
      const bad = new Set(checked.errors.map((e) => e.fieldId));
      values = Object.fromEntries(Object.entries(values).filter(([id]) => !bad.has(id)));
      checked = validateFormValues(definition, values, { requireComplete: false });
    }
    const row = await queries.insertForm(
      tx,
      {
        workspaceId,
        formId: newFormId,
        templateId: template.templateId,
        templateVersion: template.version,
        teamId,
        formName: template.formName,
        workflowColumn: template.type === 'workflow' ? 0 : null,
        values: checked.values,
        textCells: Object.fromEntries(Object.entries(cloned.textCells).filter(([id]) => ids.has(id))),
        createHash: hash,
        clonedFrom: sourceFormId,
        userId: access.user.userId,
        change: 'cloned',
      },
      audit(ctx, 'form.cloned', { templateId: template.templateId, clonedFrom: sourceFormId }),
    );
    if (!row) return { created: false, form: await replay(tx, ctx, newFormId, hash) };
    return { created: true, form: toForm(ctx, row, { type: template.type, definition }, [], checked.formulaErrors) };
  });
}

export type FormAction = 'archive' | 'restore' | 'delete';

/**
 * Archives, restores or deletes forms of the team, each on its own (spec 6: per-item rights): the
 * ones allowed change, the others are answered with why, and the spec's message is given when any
 * was refused.
 */
export async function changeForms(
  db: AppDb,
  access: AccessContext,
  teamId: string,
  action: FormAction,
  formIds: string[],
): Promise<FormActionResult> {
  const ctx = access;
  if (formIds.length === 0) throw new AppError('emptySelection');
  const workspaceId = ctx.workspace.workspaceId;
  const results = await inScope(db, ctx.scope, async (tx) => {
    const out: FormActionResult['results'] = [];
    for (const formId of [...new Set(formIds)]) {
      const form = await loadForm(tx, { workspaceId, teamId }, formId, { forUpdate: true });
      if (!form) {
        out.push({ formId, ok: false, code: 'formUnavailable' });
        continue;
      }
      const rights = toForm(ctx, form, { type: form.template.type, definition: form.definition }, [], []).access;
      const allowed = action === 'archive' ? rights.archive : action === 'restore' ? rights.restore : rights.delete;
      const stateOk =
        action === 'archive' ? form.state === 'active' : action === 'restore' ? form.state === 'archived' : true;
      if (!stateOk || archivedFolder(ctx)) {
        out.push({ formId, ok: false, code: 'invalidState' });
        continue;
      }
      if (!allowed) {
        out.push({ formId, ok: false, code: 'forbidden' });
        continue;
      }
      if (action === 'delete') {
        await queries.markDeleted(tx, workspaceId, formId, access.user.userId, audit(ctx, 'form.deleted'));
      } else {
        await queries.updateFormValues(
          tx,
          workspaceId,
          formId,
          form.version,
          {
            values: form.values,
            state: action === 'archive' ? 'archived' : 'active',
            kind: action === 'archive' ? 'archived' : 'restored',
            userId: access.user.userId,
          },
          audit(ctx, action === 'archive' ? 'form.archived' : 'form.restored'),
        );
      }
      out.push({ formId, ok: true, code: null });
    }
    return out;
  });
  return {
    results,
    failureMessage: results.some((r) => !r.ok) ? formActionFailureMessages[action] : null,
  };
}

/*
 * Form writes inside a transaction the caller runs (the demo seed makes its forms with them): the
 * same statements, numbering and audit events as the routes above.
 */

/** A new form, numbered in its team, with its first version and audit event. */
export function writeForm(tx: Tx, form: queries.NewForm, audit: queries.Audit) {
  return queries.insertForm(tx, form, audit);
}

/** New values (a save, a move or a reset) on the version they were based on. */
export function writeFormValues(...args: Parameters<typeof queries.updateFormValues>) {
  return queries.updateFormValues(...args);
}

/** A workflow approval signature of a form. */
export function writeSignature(...args: Parameters<typeof queries.insertSignature>) {
  return queries.insertSignature(...args);
}
