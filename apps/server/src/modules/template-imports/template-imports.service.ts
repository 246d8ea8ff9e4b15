import { randomUUID } from 'node:crypto';
import type {
  TemplateImport,
  TemplateImportList,
  TemplateImportSummary,
} from '@formwork/shared/schemas/template-imports';
import {
  cannotConvert,
  imageReason,
  macroExtensions,
  macroReason,
  type TemplateImportKind,
  templateImportKindOf,
  templateImportMaxBytes,
  templateImportMaxFiles,
  templateImportMessages,
} from '@formwork/shared/templates/template-imports';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import type { FileStorage } from '../../files/storage.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { type JobHandler, jobQueued } from '../../jobs/runner.ts';
import { recordEvents } from '../activity/record-events.ts';
import { ConversionRefused } from './convert/conversion-refused.ts';
import { convertDocument, draftOf } from './convert/convert-document.ts';
import { csvSampleBytes } from './convert/csv.ts';
import { type FieldImprover, improveConversion } from './convert/field-improver.ts';
import { type Sniffed, sniff } from './convert/sniff.ts';
import * as queries from './template-imports.queries.ts';

/**
 * Template import from documents (issue 22.1; ADR 0021). An upload is one file's raw bytes,
 * streamed to the file storage (never held whole in memory), sniffed and recorded as an import with
 * its job in one transaction with the audit event. The job converts the file by the rule of its
 * kind (convert/) into a draft template; the user reviews it in the editor and saves it through the
 * ordinary template create, then dismisses the import (or dismisses a failed one).
 */

export const templateImportJobKind = 'templates.import';

const imageExtensions = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'tif', 'tiff', 'webp', 'heic', 'heif'];
/** What the first bytes must be for each kind the name claims. */
const expectedBytes: Record<TemplateImportKind, Sniffed> = { pdf: 'pdf', xlsx: 'zip', docx: 'zip', csv: 'text' };
const sniffBytes = 8192;

function refused(message: string, code: string, status: 'validationFailed' | 'payloadTooLarge' = 'validationFailed') {
  return new AppError(status, { detail: message, errors: [{ path: 'body', message, code }] });
}

/** The kind the file's name claims, or the refusal of its type (spec 8.2). */
export function kindOfUpload(fileName: string): TemplateImportKind {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if ((macroExtensions as readonly string[]).includes(extension)) throw refused(cannotConvert(macroReason), 'macros');
  if (imageExtensions.includes(extension)) throw refused(cannotConvert(imageReason), 'image');
  const kind = templateImportKindOf(fileName);
  if (!kind) throw refused(templateImportMessages.unsupportedType, 'unsupportedType');
  return kind;
}

/**
 * The request's bytes as they arrive, checked on the way: the first bytes must be what the name
 * claims, and the file may not pass the limit. Each refusal stops the copy (the storage removes
 * what it wrote).
 */
async function* checkedBytes(body: AsyncIterable<Buffer>, kind: TemplateImportKind) {
  let size = 0;
  let head: Buffer | null = Buffer.alloc(0);
  // Read by hand, not with for-await: a refusal must not destroy the request (its socket would be
  // reset and the client would never read the answer); Node discards what is left of it.
  const reader = body[Symbol.asyncIterator]();
  for (;;) {
    const next = await reader.next();
    if (next.done) break;
    const chunk = next.value;
    size += chunk.length;
    if (size > templateImportMaxBytes) throw refused(templateImportMessages.tooLarge, 'tooLarge', 'payloadTooLarge');
    if (head) {
      head = Buffer.concat([head, chunk]);
      if (head.length < sniffBytes) continue;
      checkHead(head, kind);
      yield head;
      head = null;
      continue;
    }
    yield chunk;
  }
  if (head) {
    if (head.length === 0) throw refused(templateImportMessages.uploadFailed, 'empty');
    checkHead(head, kind);
    yield head;
  }
}

function checkHead(head: Buffer, kind: TemplateImportKind) {
  const found = sniff(head);
  if (found === expectedBytes[kind]) return;
  if (found === 'image') throw refused(cannotConvert(imageReason), 'image');
  throw refused(templateImportMessages.unsupportedType, 'unsupportedType');
}

function toSummary(row: queries.ImportRow): TemplateImportSummary {
  return {
    importId: row.importId,
    folderId: row.folderId,
    fileName: row.fileName,
    kind: row.kind,
    sizeBytes: row.sizeBytes,
    state: row.state,
    progress: row.progress,
    error: row.error,
    fieldCount: row.fieldCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function auditEvent(ctx: AccessContext, action: string, importId: string, details: Record<string, unknown>) {
  return {
    workspaceId: ctx.workspace.workspaceId,
    actorUserId: ctx.user.userId,
    action,
    subjectType: 'file' as const,
    subjectId: importId,
    folderPath: [...ctx.folder.path],
    details,
  };
}

/** Uploads one file and queues its conversion (202 with the import). */
export async function startImport(
  db: AppDb,
  storage: FileStorage,
  ctx: AccessContext,
  upload: { fileName: string; declaredBytes: number | null; body: AsyncIterable<Buffer> },
): Promise<TemplateImportSummary> {
  if (ctx.folder.state !== 'active')
    throw new AppError('conflict', { detail: 'Templates can only be created in an active folder.' });
  const kind = kindOfUpload(upload.fileName);
  if (upload.declaredBytes !== null && upload.declaredBytes > templateImportMaxBytes)
    throw refused(templateImportMessages.tooLarge, 'tooLarge', 'payloadTooLarge');
  const workspaceId = ctx.workspace.workspaceId;
  const folderId = ctx.folder.folderId;
  const pending = await inScope(db, ctx.scope, (tx) => queries.pendingCount(tx, workspaceId, folderId));
  if (pending >= templateImportMaxFiles) throw refused(templateImportMessages.tooManyFiles, 'tooManyFiles');
  const importId = randomUUID();
  const storageKey = `${workspaceId}/${importId}.${kind}`;
  const sizeBytes = await storage.putStream(storageKey, checkedBytes(upload.body, kind));
  try {
    const row = await inScope(db, ctx.scope, async (tx) => {
      const inserted = await queries.insertImport(tx, {
        workspaceId,
        importId,
        folderId,
        fileName: upload.fileName,
        kind,
        sizeBytes,
        storageKey,
        createdBy: ctx.user.userId,
      });
      await enqueueJob(tx, {
        workspaceId,
        jobId: importId,
        kind: templateImportJobKind,
        folderId,
        params: { importId },
        createdBy: ctx.user.userId,
      });
      await recordEvents(tx, [
        auditEvent(ctx, 'template.importStarted', importId, { fileName: upload.fileName, kind, sizeBytes }),
      ]);
      return inserted;
    });
    jobQueued(db);
    return toSummary(row);
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
}

export async function listImports(db: AppDb, ctx: AccessContext): Promise<TemplateImportList> {
  const rows = await inScope(db, ctx.scope, (tx) =>
    queries.folderImports(tx, ctx.workspace.workspaceId, ctx.folder.folderId),
  );
  return { imports: rows.map(toSummary) };
}

async function importOf(db: AppDb, ctx: AccessContext, importId: string) {
  const row = await inScope(db, ctx.scope, (tx) =>
    queries.findImport(tx, ctx.workspace.workspaceId, importId, ctx.folder.folderId),
  );
  if (!row) throw new AppError('notFound', { detail: 'Template import not found' });
  return row;
}

export async function getImport(db: AppDb, ctx: AccessContext, importId: string): Promise<TemplateImport> {
  const row = await importOf(db, ctx, importId);
  return { ...toSummary(row), draft: row.draft, sourceText: row.sourceText, notes: row.notes };
}

/** Removes an import from the list (its draft saved as a template, or not wanted), with its bytes. */
export async function dismissImport(db: AppDb, storage: FileStorage, ctx: AccessContext, importId: string) {
  const row = await inScope(db, ctx.scope, async (tx) => {
    const found = await queries.findImport(tx, ctx.workspace.workspaceId, importId, ctx.folder.folderId);
    if (!found) throw new AppError('notFound', { detail: 'Template import not found' });
    await queries.deleteImport(tx, ctx.workspace.workspaceId, importId);
    await recordEvents(tx, [
      auditEvent(ctx, 'template.importDismissed', importId, { fileName: found.fileName, state: found.state }),
    ]);
    return found;
  });
  if (row.storageKey) await storage.remove(row.storageKey);
}

/** The stored file, or its first `limit` bytes (a CSV's sample: a 100MB CSV is never read whole). */
async function readStored(storage: FileStorage, key: string, limit = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = storage.read(key);
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= limit) break;
  }
  stream.destroy();
  return Buffer.concat(chunks);
}

/**
 * The conversion job: reads the stored file, runs its kind's rule and records the draft (or why
 * not). A refusal or an unexpected error fails the import, never the job: a hostile file is not
 * tried again. The optional improver (a language model) may then better the labels and types.
 */
export function templateImportJobHandler(
  db: AppDb,
  storage: FileStorage,
  log?: { error: (obj: unknown, msg: string) => void; warn: (obj: unknown, msg: string) => void },
  improver?: FieldImprover,
): JobHandler {
  return async (job) => {
    const { importId } = job.params as { importId: string };
    const workspaceId = job.workspaceId;
    const scope = { workspaceId, userId: job.createdBy, isAdmin: false };
    const found = await inScope(db, scope, async (tx) => {
      const row = await queries.findImport(tx, workspaceId, importId);
      if (row?.storageKey && (await queries.setProgress(tx, workspaceId, importId, 10))) return row;
      return undefined;
    });
    if (!found?.storageKey) return { importId, skipped: true };
    let outcome: Parameters<typeof queries.finishImport>[3];
    try {
      const data = await readStored(storage, found.storageKey, found.kind === 'csv' ? csvSampleBytes + 1 : undefined);
      await inScope(db, scope, (tx) => queries.setProgress(tx, workspaceId, importId, 40));
      const conversion = await improveConversion(await convertDocument(found.kind, data), improver, log);
      const { draft, notes } = draftOf(conversion, found);
      outcome = { state: 'ready', draft, sourceText: conversion.sourceText.slice(0, 200_000), notes };
    } catch (error) {
      if (!(error instanceof ConversionRefused)) log?.error({ err: error, importId }, 'template import failed');
      const message = error instanceof ConversionRefused ? error.message : templateImportMessages.processingFailed;
      outcome = { state: 'failed', error: message };
    }
    await inScope(db, scope, (tx) => queries.finishImport(tx, workspaceId, importId, outcome));
    await storage.remove(found.storageKey);
    return { importId, state: outcome.state };
  };
}
