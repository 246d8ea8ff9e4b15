import { randomUUID } from 'node:crypto';
import { CsvError, type CsvRow, parseCsv } from '@formwork/shared/csv';
import {
  allowsBulkForms,
  type BulkFormField,
  bulkFormColumns,
  bulkFormFileMessages,
  bulkFormMaxRows,
  cellMessages,
  columnKey,
  duplicateColumnNames,
  readCell,
} from '@formwork/shared/forms/bulk-forms';
import type { FormValueError } from '@formwork/shared/forms/validate-form-values';
import type {
  BulkFormBatch,
  BulkFormBody,
  BulkFormPreview,
  BulkFormProblem,
} from '@formwork/shared/schemas/bulk-forms';
import { sql } from 'drizzle-orm';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { csvText } from '../../files/csv.ts';
import { enqueueJob, findJob, type Job, setJobProgress } from '../../jobs/job-queue.ts';
import { type JobHandler, jobQueued } from '../../jobs/runner.ts';
import { recordEvents } from '../activity/record-events.ts';
import { listItemsByName } from '../lists/list-fields.service.ts';
import { teamPeopleByEmail } from '../people/people.service.ts';
import { archivedFolder } from './form-model.ts';
import { type BatchPlace, checkNewForms, createNewForms, newFormTemplate } from './forms.service.ts';

/**
 * Bulk form creation from a CSV (issue 21.4; spec 4.1, 5.3, 8.2, 9): a team member uploads one CSV
 * for a template; every row is read (a column per simple field, headed by its name) and checked as a
 * signed-in create checks a form, and answered as the preview. Creating records the batch (with its
 * audit event) and answers at once; a job creates the valid rows in chunks with their progress. The
 * client names the batch: a retried create answers the batch its first attempt queued.
 */

export const bulkFormJobKind = 'forms.bulkCreate';
/** Rows per transaction of the job: short enough that other requests are answered in between. */
export const bulkFormChunk = 25;

type Rejected = { line: number; cells: string[]; problems: BulkFormProblem[] };
type BatchParams = {
  templateId: string;
  folderPath: string[];
  columns: string[];
  rows: { line: number; cells: string[]; formId: string; values: Record<string, unknown> }[];
  rejected: Rejected[];
};
type BatchProgress = {
  templateId: string;
  total: number;
  processed: number;
  created: number;
  /** Rows refused at upload plus those the checks refused when their chunk ran. */
  rejected: number;
  /** Rows the checks refused when their chunk ran (the template changed meanwhile). */
  failed: Rejected[];
};

function fileRefused(reason: keyof typeof bulkFormFileMessages, detail?: string): AppError {
  const message = detail ?? bulkFormFileMessages[reason];
  return new AppError('validationFailed', { detail: message, errors: [{ path: 'body.csv', message, code: reason }] });
}

const placeOf = (ctx: AccessContext): BatchPlace => ({
  workspaceId: ctx.workspace.workspaceId,
  teamId: ctx.folder.folderId,
  folderPath: ctx.folder.path,
  userId: ctx.user.userId,
});

/** The template's CSV columns; refused when the template cannot take a CSV (spec 5.3). */
function columnsOf(fields: Parameters<typeof bulkFormColumns>[0]): BulkFormField[] {
  if (!allowsBulkForms(fields)) throw fileRefused('noTextOrDateField');
  const twice = duplicateColumnNames(fields);
  if (twice.length > 0)
    throw fileRefused('duplicateFieldNames', `${bulkFormFileMessages.duplicateFieldNames} (${twice.join(', ')})`);
  return bulkFormColumns(fields);
}

/** The CSV template of a template: its header row, one column per field a CSV fills. */
export async function csvTemplate(db: AppDb, ctx: AccessContext, templateId: string) {
  const made = await inScope(db, ctx.scope, (tx) => newFormTemplate(tx, placeOf(ctx), templateId));
  const columns = columnsOf(made.definition.fields);
  return {
    fileName: `${made.template.name}.csv`,
    text: csvText(
      columns.map((f) => f.label),
      [],
    ),
  };
}

type ReadRow = { line: number; cells: string[]; values: Record<string, unknown>; problems: BulkFormProblem[] };

/** The file's rows read against the template's columns: values, and the cells that are not values. */
function readRows(
  csv: string,
  columns: BulkFormField[],
): { header: string[]; fields: BulkFormField[]; rows: ReadRow[] } {
  if (csv.trim() === '') throw fileRefused('noFile');
  let parsed: CsvRow[];
  try {
    parsed = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvError) throw fileRefused('notCsv', error.message);
    throw error;
  }
  const [head, ...body] = parsed;
  const header = (head?.cells ?? []).map((c) => c.trim());
  const byName = new Map(columns.map((f) => [columnKey(f.label), f]));
  const unknown = header.filter((h) => !byName.has(columnKey(h)));
  const repeated = header.filter((h, i) => header.findIndex((g) => columnKey(g) === columnKey(h)) !== i);
  if (header.length === 0 || unknown.length > 0 || repeated.length > 0) {
    const named = unknown.length > 0 ? ` Not a field: ${unknown.join(', ')}.` : '';
    const twice = repeated.length > 0 ? ` Named twice: ${repeated.join(', ')}.` : '';
    throw fileRefused('header', `${bulkFormFileMessages.header}${named}${twice}`);
  }
  if (body.length === 0) throw fileRefused('empty');
  if (body.length > bulkFormMaxRows) throw fileRefused('tooManyRows');
  const fields = header.map((h) => byName.get(columnKey(h)) as BulkFormField);
  const rows = body.map(({ line, cells }) => {
    const values: Record<string, unknown> = {};
    const problems: BulkFormProblem[] = [];
    if (cells.length > header.length)
      problems.push({ column: null, message: `This row has more cells than the header (${header.length})` });
    fields.forEach((field, i) => {
      const read = readCell(field, cells[i] ?? '');
      if ('value' in read) values[field.id] = read.value;
      if ('error' in read) problems.push({ column: header[i] as string, message: read.error });
    });
    return { line, cells: header.map((_, i) => cells[i] ?? ''), values, problems };
  });
  return { header, fields, rows };
}

const assigneeOf = (value: unknown) => (value as { assigneeEmail?: string } | undefined)?.assigneeEmail;
const listNamesOf = (value: unknown) => (value as { listItemNames?: string[] } | undefined)?.listItemNames;

/**
 * The cells that name something of the workspace, found: the assignee's e-mail as the person who
 * can see the team (the Single Person field's value is their user id), list items by their names in
 * the list the team's project reads (as the picker offers them). A name not found is its row's problem.
 */
async function findNamed(tx: Tx, place: BatchPlace, header: string[], fields: BulkFormField[], rows: ReadRow[]) {
  const people = fields.some((f) => f.type === 'singlePerson')
    ? await teamPeopleByEmail(tx, place.workspaceId, [...place.folderPath])
    : new Map();
  const items = new Map<string, Awaited<ReturnType<typeof listItemsByName>>>();
  for (const field of fields) {
    if (field.type !== 'list' || items.has(field.id)) continue;
    const names = rows.flatMap((r) => listNamesOf(r.values[field.id]) ?? []);
    const projectId = place.folderPath[1] as string;
    items.set(field.id, await listItemsByName(tx, { workspaceId: place.workspaceId, projectId }, field.listId, names));
  }
  for (const row of rows) {
    fields.forEach((field, i) => {
      const column = header[i] as string;
      const value = row.values[field.id];
      const email = assigneeOf(value);
      if (email !== undefined) {
        const person = people.get(email);
        if (person) row.values[field.id] = person.userId;
        else {
          delete row.values[field.id];
          row.problems.push({ column, message: cellMessages.assigneeUnknown(email) });
        }
      }
      const names = listNamesOf(value);
      if (names === undefined) return;
      const found = items.get(field.id) ?? new Map();
      const unknown = names.filter((n) => !found.has(n.toLowerCase()));
      if (unknown.length > 0) {
        delete row.values[field.id];
        for (const name of unknown) row.problems.push({ column, message: cellMessages.listItem(name) });
      } else row.values[field.id] = names.map((n) => found.get(n.toLowerCase()));
    });
  }
}

/** A form's problems by the column of their field (the field's name where the file has no column for it). */
function problemsOf(
  errors: FormValueError[],
  header: string[],
  fieldsById: Map<string, BulkFormField | { label: string }>,
) {
  return errors.map((e): BulkFormProblem => {
    const field = fieldsById.get(e.fieldId);
    const column = field ? (header.find((h) => columnKey(h) === columnKey(field.label)) ?? field.label) : null;
    return { column, message: e.message };
  });
}

/** Every row read and checked (the preview, and again when the batch is created). */
async function checkedRows(tx: Tx, ctx: AccessContext, templateId: string, csv: string) {
  if (archivedFolder(ctx)) throw new AppError('formReadOnly');
  const place = placeOf(ctx);
  const made = await newFormTemplate(tx, place, templateId);
  const columns = columnsOf(made.definition.fields);
  const { header, fields, rows } = readRows(csv, columns);
  await findNamed(tx, place, header, fields, rows);
  const checks = await checkNewForms(
    tx,
    place,
    made,
    rows.map((r) => r.values),
  );
  // A column's name, not its field's: the Assignee column's field has a name of its own.
  const fieldsById = new Map([...made.definition.fields, ...columns].map((f) => [f.id, f]));
  const checked = rows.map((row, i) => {
    // A cell that is not a value is its field's problem: what validation then says of it adds nothing.
    const unread = new Set(row.problems.map((p) => p.column));
    const more = problemsOf(checks[i] ?? [], header, fieldsById).filter((p) => !unread.has(p.column));
    return { ...row, problems: [...row.problems, ...more] };
  });
  return { header, rows: checked, templateName: made.template.name };
}

export async function previewBulkForms(
  db: AppDb,
  ctx: AccessContext,
  templateId: string,
  body: BulkFormBody,
): Promise<BulkFormPreview> {
  const { header, rows } = await inScope(db, ctx.scope, (tx) => checkedRows(tx, ctx, templateId, body.csv));
  const valid = rows.filter((r) => r.problems.length === 0).length;
  return {
    columns: header,
    rows: rows.map(({ line, cells, problems }) => ({ line, cells, problems })),
    valid,
    rejected: rows.length - valid,
  };
}

function toBatch(job: Job): BulkFormBatch {
  const progress = job.result as BatchProgress;
  return {
    batchId: job.jobId,
    templateId: progress.templateId,
    state: job.state === 'succeeded' ? 'done' : job.state,
    total: progress.total,
    processed: progress.processed ?? 0,
    created: progress.created ?? 0,
    rejected: progress.rejected ?? 0,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

/** The batch of this team and template (another's, or none: 404). */
async function batchJob(tx: Tx, ctx: AccessContext, templateId: string, batchId: string, withParams: boolean) {
  const job = await findJob(tx, ctx.workspace.workspaceId, batchId, bulkFormJobKind, { withoutParams: !withParams });
  if (!job || job.folderId !== ctx.folder.folderId || (job.result as BatchProgress | null)?.templateId !== templateId)
    throw new AppError('notFound', { detail: 'Bulk form creation not found' });
  return job;
}

/**
 * Starts the creation of a CSV's valid rows: checked again, recorded as a batch in one transaction
 * with its audit event, then created by the job (bulkFormJobHandler). A file with no valid row is
 * refused ('CSV file has formatting errors.'). A retried start with the same batch id answers the
 * batch the first queued.
 */
export async function startBulkForms(
  db: AppDb,
  ctx: AccessContext,
  templateId: string,
  body: BulkFormBody,
): Promise<{ batch: BulkFormBatch; isNew: boolean }> {
  const workspaceId = ctx.workspace.workspaceId;
  const queued = await inScope(db, ctx.scope, async (tx) => {
    // The same batch started twice at once: the second waits here, then finds the first's.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bulk-forms:${body.batchId}`}, 0))`);
    const existing = await findJob(tx, workspaceId, body.batchId, bulkFormJobKind, { withoutParams: true });
    if (existing) {
      const same =
        existing.createdBy === ctx.user.userId &&
        existing.folderId === ctx.folder.folderId &&
        (existing.result as BatchProgress).templateId === templateId;
      if (!same) throw new AppError('conflict', { detail: 'This batch id belongs to another bulk form creation.' });
      return { batch: toBatch(existing), isNew: false };
    }
    const { header, rows, templateName } = await checkedRows(tx, ctx, templateId, body.csv);
    const valid = rows.filter((r) => r.problems.length === 0);
    if (valid.length === 0) {
      const errors = rows.flatMap((r) =>
        r.problems.map((p) => ({
          path: 'body.csv',
          message: `Line ${r.line}${p.column ? `, ${p.column}` : ''}: ${p.message}`,
        })),
      );
      throw new AppError('validationFailed', { detail: bulkFormFileMessages.noValidRows, errors });
    }
    const rejected = rows
      .filter((r) => r.problems.length > 0)
      .map(({ line, cells, problems }) => ({ line, cells, problems }));
    const params: BatchParams = {
      templateId,
      folderPath: [...ctx.folder.path],
      columns: header,
      rows: valid.map(({ line, cells, values }) => ({ line, cells, values, formId: randomUUID() })),
      rejected,
    };
    const progress: BatchProgress = {
      templateId,
      total: valid.length,
      processed: 0,
      created: 0,
      rejected: rejected.length,
      failed: [],
    };
    const job = await enqueueJob(tx, {
      workspaceId,
      jobId: body.batchId,
      kind: bulkFormJobKind,
      folderId: ctx.folder.folderId,
      params,
      createdBy: ctx.user.userId,
      progress,
    });
    await recordEvents(tx, [
      {
        workspaceId,
        actorUserId: ctx.user.userId,
        action: 'template.bulkFormsStarted',
        subjectType: 'template',
        subjectId: templateId,
        folderPath: ctx.folder.path as string[],
        details: { name: templateName, batchId: body.batchId, rows: valid.length, rejected: rejected.length },
      },
    ]);
    return { batch: toBatch(job), isNew: true };
  });
  if (queued.isNew) jobQueued(db);
  return queued;
}

export async function bulkFormBatch(db: AppDb, ctx: AccessContext, templateId: string, batchId: string) {
  return toBatch(await inScope(db, ctx.scope, (tx) => batchJob(tx, ctx, templateId, batchId, false)));
}

/** The rows a batch did not create, with why, as a CSV: Line, the file's columns, Problems. */
export async function bulkFormReport(db: AppDb, ctx: AccessContext, templateId: string, batchId: string) {
  const job = await inScope(db, ctx.scope, (tx) => batchJob(tx, ctx, templateId, batchId, true));
  const params = job.params as BatchParams;
  const progress = job.result as BatchProgress;
  const rows = [...params.rejected, ...progress.failed].sort((a, b) => a.line - b.line);
  const text = csvText(
    ['Line', ...params.columns, 'Problems'],
    rows.map((r) => [
      r.line,
      ...r.cells,
      r.problems.map((p) => (p.column ? `${p.column}: ${p.message}` : p.message)).join('; '),
    ]),
  );
  return { fileName: `rejected-rows-${batchId.slice(0, 8)}.csv`, text };
}

/** Lets whatever waits for the event loop run (PGlite runs queries on the process's one thread). */
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The job of a started bulk creation: its rows in chunks of `bulkFormChunk`, each chunk in its own
 * transaction with its forms, their audit events and the progress (so a job claimed again after its
 * runner died goes on after the last committed chunk, and a chunk run again makes no form twice).
 */
export function bulkFormJobHandler(db: AppDb): JobHandler {
  return async (job) => {
    const params = job.params as BatchParams;
    const workspaceId = job.workspaceId;
    const scope = { workspaceId, userId: job.createdBy, isAdmin: false };
    let progress = job.result as BatchProgress;
    while (progress.processed < params.rows.length) {
      const before = progress;
      const chunk = params.rows.slice(before.processed, before.processed + bulkFormChunk);
      progress = await inScope(db, scope, async (tx) => {
        const place: BatchPlace = {
          workspaceId,
          teamId: job.folderId,
          folderPath: params.folderPath,
          userId: job.createdBy as string,
        };
        const results = await createNewForms(tx, place, params.templateId, chunk, { batchId: job.jobId });
        const failed = results.flatMap((r, i) => {
          const row = chunk[i];
          if (!row || r.errors.length === 0) return [];
          return [
            { line: row.line, cells: row.cells, problems: r.errors.map((e) => ({ column: null, message: e.message })) },
          ];
        });
        const next: BatchProgress = {
          ...before,
          processed: before.processed + chunk.length,
          created: before.created + results.filter((r) => r.created).length,
          rejected: before.rejected + failed.length,
          failed: [...before.failed, ...failed],
        };
        await setJobProgress(tx, job, next);
        return next;
      });
      await yieldToOthers();
    }
    return progress;
  };
}
