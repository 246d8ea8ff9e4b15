import type { Readable } from 'node:stream';
import { effectivePdfFilename } from '@formwork/shared/document-settings';
import { formatInstant, isoDay } from '@formwork/shared/forms/date-text';
import { fieldValueText, type TextContext, valueWords } from '@formwork/shared/forms/value-text';
import {
  type CreateExportBody,
  type ExportJob,
  exportStateLabels,
  formSourceText,
} from '@formwork/shared/schemas/forms';
import { sql } from 'drizzle-orm';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import { parseJson } from '../../db/sql-values.ts';
import { inScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { csvChunks, type ExportCell } from '../../files/csv.ts';
import type { FileStorage } from '../../files/storage.ts';
import { enqueueJob, findJob, type Job } from '../../jobs/job-queue.ts';
import { type JobHandler, jobQueued } from '../../jobs/runner.ts';
import { workspaceDocuments } from '../workspaces/workspaces.service.ts';
import { xlsxChunks } from './export-writers.ts';
import { parseDefinition } from './form-model.ts';
import { type FormRow, templateForTeam } from './forms.queries.ts';
import { registerSelect, type SourceRow, sourceOf } from './register.queries.ts';
import { listedFields, registerScope, seenTemplate } from './register.service.ts';
import { withStoredSortKeys } from './register-order.service.ts';
import { valueNames } from './value-names.service.ts';

const stateLabels: Record<string, string> = { active: 'Active', archived: 'Archived', deleted: 'Deleted' };

export const exportJobKind = 'forms.export';

/** `timeZone`: the workspace's when queued (jobs queued before it was recorded: UTC). */
type ExportParams = CreateExportBody & { teamId: string; templateId: string; timeZone?: string };

const contentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

function toExportJob(job: Job): ExportJob {
  const params = job.params as ExportParams;
  const state = job.state === 'succeeded' ? 'ready' : job.state;
  const result = job.result as { rowCount?: number; fileName?: string } | null;
  return {
    exportId: job.jobId,
    templateId: params.templateId,
    format: params.format,
    state,
    stateLabel: exportStateLabels[state],
    rowCount: result?.rowCount ?? null,
    fileName: result?.fileName ?? null,
    downloadUrl: state === 'ready' ? `/api/teams/${params.teamId}/exports/${job.jobId}/download` : null,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

/** Queues an export of the register as filtered and sorted; the runner writes the file. */
export async function createExport(
  db: AppDb,
  access: AccessContext,
  teamId: string,
  templateId: string,
  body: CreateExportBody,
): Promise<ExportJob> {
  const ctx = access;
  const queued = await inScope(db, ctx.scope, async (tx) => {
    const { template, definition } = await seenTemplate(tx, ctx, templateId);
    // Checked now, so a bad sort or filter is a 400 here rather than a failed job later.
    registerScope({ workspaceId: ctx.workspace.workspaceId, teamId, templateId }, definition, body);
    const job = await enqueueJob(tx, {
      workspaceId: ctx.workspace.workspaceId,
      jobId: crypto.randomUUID(),
      kind: exportJobKind,
      folderId: teamId,
      params: { ...body, teamId, templateId, timeZone: ctx.workspace.timeZone } satisfies ExportParams,
      createdBy: access.user.userId,
    });
    await tx.insert(auditEvents).values({
      workspaceId: ctx.workspace.workspaceId,
      actorUserId: access.user.userId,
      action: 'export.requested',
      subjectType: 'export',
      subjectId: job.jobId,
      folderPath: ctx.folder.path as string[],
      details: { name: template.name, format: body.format, templateId },
    });
    return toExportJob(job);
  });
  jobQueued(db);
  return queued;
}

async function exportOfTeam(db: AppDb, access: AccessContext, teamId: string, exportId: string) {
  const ctx = access;
  const job = await inScope(db, ctx.scope, (tx) => findJob(tx, ctx.workspace.workspaceId, exportId, exportJobKind));
  if (!job || job.folderId !== teamId) throw new AppError('exportNotFound');
  return job;
}

export async function getExport(db: AppDb, access: AccessContext, teamId: string, exportId: string) {
  return toExportJob(await exportOfTeam(db, access, teamId, exportId));
}

export async function downloadExport(
  db: AppDb,
  storage: FileStorage,
  access: AccessContext,
  teamId: string,
  exportId: string,
): Promise<{ stream: Readable; fileName: string; contentType: string }> {
  const job = await exportOfTeam(db, access, teamId, exportId);
  if (job.state !== 'succeeded') throw new AppError('exportNotReady');
  const result = job.result as { key: string; fileName: string };
  const format = (job.params as ExportParams).format;
  return { stream: storage.read(result.key), fileName: result.fileName, contentType: contentTypes[format] };
}

function fileNameFor(templateName: string, format: string, timeZone: string): string {
  const base =
    templateName
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .replace(/\s+/g, '-') || 'register';
  return `${base}-register-${isoDay(new Date(), timeZone)}.${format}`;
}

/**
 * Rows per fetch: each batch is two round trips (the rows, the names of the people and forms they
 * name), so 1,000,000 forms are 2,000 of them rather than 10,000; a batch's rows are a few MB.
 */
const defaultBatchSize = 1000;

/**
 * What an exported row needs of a form row. Its times stay as the driver gives them (a Date on
 * PostgreSQL) for formatInstant: an ISO string in between was two conversions per time per row.
 */
function exportRecord(r: FormRow & SourceRow) {
  return {
    number: Number(r.number),
    title: r.title,
    state: r.state,
    workflowColumn: r.workflow_column === null ? null : Number(r.workflow_column),
    values: parseJson<Record<string, unknown>>(r.field_values),
    textCells: parseJson<Record<string, string>>(r.text_cells),
    createdBy: r.created_by,
    source: sourceOf(r),
    createdAt: r.created_at,
    updatedBy: r.updated_by,
    updatedAt: r.updated_at,
  };
}

/**
 * The export job: the register's rows read through a server-side cursor a batch at a time and
 * written to file storage as they come, so memory stays flat whatever the number of forms.
 */
export function exportJobHandler(
  db: AppDb,
  storage: FileStorage,
  { batchSize = defaultBatchSize }: { batchSize?: number } = {},
): JobHandler {
  return async (job) => {
    const params = job.params as ExportParams;
    const workspaceId = job.workspaceId;
    return inScope(db, { workspaceId, userId: job.createdBy, isAdmin: false }, async (tx) => {
      const template = await templateForTeam(tx, workspaceId, params.teamId, params.templateId);
      if (!template) throw new Error('The template is no longer available');
      const definition = parseDefinition(workspaceId, template.templateId, template.version, template.definition);
      const ids = { workspaceId, teamId: params.teamId, templateId: params.templateId };
      const sorted = await withStoredSortKeys(
        tx,
        registerScope(ids, definition, params),
        definition,
        params.sort,
        null,
      );
      const scope = sorted.scope;
      // Every field unless the exporter asked for the visible ones (jobs queued before the choice
      // existed named their columns only when they wanted fewer).
      const chosen =
        params.columnSet === 'visible' || (params.columnSet === undefined && params.columns)
          ? new Set(params.columns ?? [])
          : undefined;
      const fields = listedFields(definition).filter((f) => !chosen || chosen.has(f.id));
      const timeZone = params.timeZone ?? 'UTC';
      const instantOptions = { timeZone };
      const now = new Date();
      const columns = definition.workflow?.columns ?? [];
      // Dates show as the template's PDF settings say, or the workspace's when it follows them.
      const { documents } = await workspaceDocuments(tx, workspaceId);
      const { dateDisplay } = effectivePdfFilename(definition.pdfFilename, documents);
      const isWorkflow = template.type === 'workflow';
      const header = [
        'Number',
        'Title',
        'State',
        'Created',
        'Updated',
        'Created by',
        'Updated by',
        ...(isWorkflow ? ['Workflow column'] : []),
        ...fields.map((f) => f.label || f.id),
      ];
      let rowCount = 0;
      await tx.execute(sql`declare form_export no scroll cursor for ${registerSelect(scope, undefined, null)}`);
      /** A batch of rows with the names they need; null after the last row. */
      const readBatch = async () => {
        const result = await tx.execute<FormRow & SourceRow>(sql.raw(`fetch ${batchSize} from form_export`));
        if (result.rows.length === 0) return null;
        const records = result.rows.map(exportRecord);
        return { records, names: await valueNames(tx, workspaceId, fields, records) };
      };
      // The next batch is read while this one is written: the database works on it meanwhile
      // instead of waiting for the server to ask. Whatever happens to the file, the transaction
      // waits for that read before it ends (below), so no statement of it outlives the transaction;
      // a read the file no longer wants must not fail unhandled.
      const readAhead = () => {
        const read = readBatch();
        read.catch(() => {});
        return read;
      };
      let reading = readAhead();
      const batches = async function* (): AsyncGenerator<ExportCell[][]> {
        for (;;) {
          const batch = await reading;
          if (!batch) return;
          reading = readAhead();
          const { records, names } = batch;
          rowCount += records.length;
          const context: TextContext = {
            userName: (id) => names.people.get(id),
            formTitle: (id) => names.formTitles.get(id),
            timeZone,
            dateDisplay,
            now,
          };
          const person = (id: string | null) => (id ? (names.people.get(id) ?? valueWords.unknownPerson) : '');
          // One array per row, filled in place (a row of spreads made three more per row).
          yield records.map((r) => {
            const row: ExportCell[] = [
              r.number,
              r.title,
              stateLabels[r.state] ?? r.state,
              formatInstant(r.createdAt, instantOptions),
              formatInstant(r.updatedAt, instantOptions),
              // A form submitted through a link was made by no one of the workspace: its source (issue 21).
              r.source ? formSourceText(r.source) : person(r.createdBy),
              person(r.updatedBy),
            ];
            if (isWorkflow) row.push(columns[r.workflowColumn ?? 0]?.name ?? '');
            for (const f of fields) {
              const value = r.values[f.id];
              if (typeof value === 'number' && (f.type === 'number' || f.type === 'formula')) row.push(value);
              else row.push(fieldValueText(f, value, context) || (r.textCells[f.id] ?? ''));
            }
            return row;
          });
        }
      };
      const format = params.format;
      const key = `${workspaceId}/${job.jobId}.${format}`;
      let bytes: number;
      try {
        bytes = await storage.putStream(
          key,
          format === 'csv' ? csvChunks(header, batches()) : xlsxChunks(template.name, header, batches()),
        );
      } finally {
        await reading.catch(() => {});
      }
      await tx.execute(sql`close form_export`);
      return { key, fileName: fileNameFor(template.name, format, timeZone), rowCount, bytes };
    });
  };
}
