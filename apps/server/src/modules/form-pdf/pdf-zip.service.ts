import type { Readable } from 'node:stream';
import { isoDay } from '@formwork/shared/forms/date-text';
import { uniquePdfFilenames } from '@formwork/shared/pdf-filename';
import { exportStateLabels } from '@formwork/shared/schemas/forms';
import type { CreatePdfExportBody, PdfExportJob } from '@formwork/shared/schemas/pdf-exports';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import { inScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import type { FileStorage } from '../../files/storage.ts';
import { type ZipEntry, zipStream } from '../../files/zip-stream.ts';
import { enqueueJob, findJob, type Job } from '../../jobs/job-queue.ts';
import { type JobHandler, jobQueued } from '../../jobs/runner.ts';
import { renderFormPdf } from '../../pdf/render-form-pdf.ts';
import * as queries from './form-pdf.queries.ts';
import { loadPdfForm, type PdfForm, pdfModel, pdfOptions, withWorkspaceSettings } from './form-pdf.service.ts';

/** The job kind of a ZIP of selected forms' PDFs (run by the generic job runner). */
export const pdfZipJobKind = 'forms.pdfZip';

/** `entryTimeZone` is the workspace's when queued; jobs queued before it was recorded use `timeZone`. */
type PdfZipParams = { teamId: string; formIds: string[]; timeZone: string; entryTimeZone?: string };
type PdfZipResult = { key: string; fileName: string; writtenCount: number; bytes: number };

function toPdfExportJob(job: Job): PdfExportJob {
  const params = job.params as PdfZipParams;
  const result = job.result as Partial<PdfZipResult> | null;
  const state = job.state === 'succeeded' ? 'ready' : job.state;
  return {
    exportId: job.jobId,
    format: 'zip',
    state,
    stateLabel: exportStateLabels[state],
    formCount: params.formIds.length,
    writtenCount: result?.writtenCount ?? null,
    fileName: result?.fileName ?? null,
    downloadUrl: state === 'ready' ? `/api/teams/${params.teamId}/pdf-exports/${job.jobId}/download` : null,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

/** Queues a ZIP of the selected forms' PDFs; forms not in the team answer 404 now, not a failed job later. */
export async function createPdfExport(
  db: AppDb,
  access: AccessContext,
  teamId: string,
  body: CreatePdfExportBody,
): Promise<PdfExportJob> {
  const ctx = access;
  const { timeZone, entryTimeZone } = pdfOptions(ctx.workspace.timeZone, body.timeZone);
  const workspaceId = ctx.workspace.workspaceId;
  const formIds = [...new Set(body.formIds)];
  const queued = await inScope(db, ctx.scope, async (tx) => {
    const found = await queries.formsOfTeam(tx, workspaceId, teamId, formIds);
    const missing = formIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw new AppError('formUnavailable', { meta: { formIds: missing } });
    const job = await enqueueJob(tx, {
      workspaceId,
      jobId: crypto.randomUUID(),
      kind: pdfZipJobKind,
      folderId: teamId,
      params: { teamId, formIds, timeZone, entryTimeZone } satisfies PdfZipParams,
      createdBy: access.user.userId,
    });
    await tx.insert(auditEvents).values({
      workspaceId,
      actorUserId: access.user.userId,
      action: 'export.requested',
      subjectType: 'export',
      subjectId: job.jobId,
      folderPath: ctx.folder.path as string[],
      details: { format: 'pdf', formCount: formIds.length },
    });
    return toPdfExportJob(job);
  });
  jobQueued(db);
  return queued;
}

async function pdfExportOfTeam(db: AppDb, access: AccessContext, teamId: string, exportId: string) {
  const ctx = access;
  const job = await inScope(db, ctx.scope, (tx) => findJob(tx, ctx.workspace.workspaceId, exportId, pdfZipJobKind));
  if (!job || job.folderId !== teamId) throw new AppError('exportNotFound');
  return job;
}

export async function getPdfExport(db: AppDb, access: AccessContext, teamId: string, exportId: string) {
  return toPdfExportJob(await pdfExportOfTeam(db, access, teamId, exportId));
}

export async function downloadPdfExport(
  db: AppDb,
  storage: FileStorage,
  access: AccessContext,
  teamId: string,
  exportId: string,
): Promise<{ stream: Readable; fileName: string }> {
  const job = await pdfExportOfTeam(db, access, teamId, exportId);
  if (job.state !== 'succeeded') throw new AppError('exportNotReady');
  const result = job.result as PdfZipResult;
  return { stream: storage.read(result.key), fileName: result.fileName };
}

/**
 * The ZIP job: the forms are listed first (names need their values, not their images), then each
 * PDF is rendered when the archive reaches it and deflated into storage as it streams, so memory
 * holds one form's images at a time. Forms deleted since the request are left out.
 */
export function pdfZipJobHandler(db: AppDb, storage: FileStorage): JobHandler {
  return async (job) => {
    const params = job.params as PdfZipParams;
    const { workspaceId } = job;
    const times = {
      exportedAt: new Date(),
      timeZone: params.timeZone,
      entryTimeZone: params.entryTimeZone ?? params.timeZone,
    };
    return inScope(db, { workspaceId, userId: job.createdBy, isAdmin: false }, async (tx) => {
      const options = await withWorkspaceSettings(tx, workspaceId, times, job.createdBy);
      const loaded: PdfForm[] = [];
      for (const formId of params.formIds) {
        const form = await loadPdfForm(tx, { workspaceId, teamId: params.teamId }, formId, options);
        if (form) loaded.push(form);
      }
      if (loaded.length === 0) throw new Error('None of the selected forms is available any more');
      const names = uniquePdfFilenames(
        loaded.map((l) => ({
          fileName: l.fileName,
          formNumber: l.form.number,
          separator: l.pdfFilename.separator,
        })),
      );
      const entries: ZipEntry[] = loaded.map((form, i) => ({
        name: names[i] as string,
        data: (async function* () {
          const model = await pdfModel(tx, storage, workspaceId, params.teamId, form, options);
          for await (const chunk of renderFormPdf(model)) yield chunk as Buffer;
        })(),
      }));
      const key = `${workspaceId}/${job.jobId}.zip`;
      const bytes = await storage.putStream(key, zipStream(entries));
      const fileName = `forms-${isoDay(options.exportedAt, options.timeZone)}.zip`;
      return { key, fileName, writtenCount: loaded.length, bytes } satisfies PdfZipResult;
    });
  };
}
