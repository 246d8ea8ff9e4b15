import type { Readable } from 'node:stream';
import { type DocumentSettings, effectivePdfFilename } from '@formwork/shared/document-settings';
import type { Field } from '@formwork/shared/fields/field';
import type { PdfFilenameSettings } from '@formwork/shared/fields/pdf-filename-settings';
import { valueReferences } from '@formwork/shared/forms/value-references';
import { fieldValueText } from '@formwork/shared/forms/value-text';
import type { Locale } from '@formwork/shared/locales';
import { buildPdfFilename, type PdfFilenameValue } from '@formwork/shared/pdf-filename';
import type { FormPdfQuery } from '@formwork/shared/schemas/pdf-exports';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import type { FileStorage } from '../../files/storage.ts';
import { userLocale } from '../../i18n/recipient-locale.ts';
import type { FormPdfModel, PdfImage } from '../../pdf/form-pdf-model.ts';
import { renderFormPdf } from '../../pdf/render-form-pdf.ts';
import { type FormPlace, type LoadedForm, loadForm } from '../forms/load-form.service.ts';
import { valueNames } from '../forms/value-names.service.ts';
import { workspaceDocuments } from '../workspaces/workspaces.service.ts';
import * as queries from './form-pdf.queries.ts';

/**
 * When and where a PDF is made: `timeZone` shows its times (the workspace's, unless the caller
 * named one); `entryTimeZone` stands for where forms were filled in, which forms do not record
 * yet: the workspace's ("local to data entry" dates of file names).
 */
export type PdfTimes = { exportedAt: Date; timeZone: string; entryTimeZone: string };

/**
 * Everything a workspace's PDFs share: the times, and its Documents & Formatting settings, the
 * logo its PDFs show (Branding's PDF logo, else the General logo) and its brand colour (issue 23.1).
 */
export type PdfOptions = PdfTimes & {
  /** The exporter's locale (issue 26): the PDF's own words, dates and numbers. */
  locale: Locale;
  documents: DocumentSettings;
  logoFileId: string | null;
  brandColour: string | null;
};

export function pdfOptions(workspaceTimeZone: string, asked: string | undefined): PdfTimes {
  return { exportedAt: new Date(), timeZone: asked ?? workspaceTimeZone, entryTimeZone: workspaceTimeZone };
}

/**
 * The times with the workspace's document settings, PDF logo and brand colour, and the exporter's
 * locale (null: no one signed in, the workspace's default), read in the export's transaction.
 */
export async function withWorkspaceSettings(
  tx: Tx,
  workspaceId: string,
  times: PdfTimes,
  exporterId: string | null,
): Promise<PdfOptions> {
  const { documents, pdfLogoFileId, brandColour } = await workspaceDocuments(tx, workspaceId);
  const locale = await userLocale(tx, workspaceId, exporterId);
  return { ...times, locale, documents, logoFileId: pdfLogoFileId, brandColour };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The files a PDF shows: those the values name (photos, signatures, sketches) and the template's images. */
function fileIdsOf(definition: TemplateDefinition, values: Record<string, unknown>, workspaceLogo: string | null) {
  const template = new Set<string>(workspaceLogo ? [workspaceLogo] : []);
  for (const item of [...definition.header.items, ...definition.footer.items]) {
    if ((item.type === 'logo' || item.type === 'image') && item.image?.fileId) template.add(item.image.fileId);
  }
  for (const field of definition.fields)
    if (field.type === 'logo' && field.image?.fileId) template.add(field.image.fileId);
  return {
    values: [...new Set(valueReferences(definition.fields, values).files.map((f) => f.id))],
    template: [...template],
  };
}

/**
 * Images from storage, as stored (JPEG or PNG); one that cannot be read prints as unavailable. Only
 * files the form may show are read (queries.storedFiles): a file of another team prints as unavailable.
 */
async function loadImages(
  tx: Tx,
  storage: FileStorage,
  scope: queries.FileScope,
  fileIds: { values: string[]; template: string[] },
) {
  const stored = await queries.storedFiles(tx, scope, fileIds);
  const images = new Map<string, PdfImage>();
  await Promise.all(
    stored
      .filter((f) => f.contentType === 'image/jpeg' || f.contentType === 'image/png')
      .map(async (f) => {
        try {
          images.set(f.fileId, { data: await readAll(storage.read(f.storageKey)), width: f.width, height: f.height });
        } catch {
          // A file missing from storage must not fail the whole export.
        }
      }),
  );
  return images;
}

/** A form to print, with its PDF file name and the file name settings it is exported with. */
export type PdfForm = { form: LoadedForm; fileName: string; pdfFilename: PdfFilenameSettings };

/** The PDF's file name from the template's settings (spec 3, 9). */
function fileNameOf(
  form: LoadedForm,
  settings: PdfFilenameSettings,
  path: { workspace: string; project: string; team: string },
  options: PdfOptions,
  people: ReadonlyMap<string, string>,
): string {
  const { definition } = form;
  const byId = new Map<string, Field>(definition.fields.map((f) => [f.id, f]));
  const fieldValues: Record<string, PdfFilenameValue> = {};
  for (const part of settings.parts) {
    if (part.kind !== 'field') continue;
    const field = byId.get(part.fieldId);
    const value = form.values[part.fieldId];
    if (!field || value === undefined || value === null) continue;
    // Days and instants as the file name writes dates (YYYY-MM-DD, sortable); the rest as everywhere.
    if (field.type === 'date' || field.type === 'expiryDate') fieldValues[part.fieldId] = String(value);
    else if (field.type === 'dateTime') fieldValues[part.fieldId] = new Date(String(value));
    else {
      fieldValues[part.fieldId] = fieldValueText(field, value, {
        userName: (id) => people.get(id),
        timeZone: options.timeZone,
        dateDisplay: settings.dateDisplay,
      });
    }
  }
  return buildPdfFilename(settings, {
    metadata: {
      templateName: form.template.name,
      templateId: form.template.templateCode,
      formName: form.template.formName,
      formNumber: form.number,
      formVersion: form.version,
      createdDate: new Date(form.createdAt),
      exportedDate: options.exportedAt,
      workspaceName: path.workspace,
      projectName: path.project,
      teamName: path.team,
    },
    fieldValues,
    entryTimeZone: options.entryTimeZone,
    exporterTimeZone: options.timeZone,
  });
}

/** A form of the team and its PDF file name (no images yet): cheap, for listing a ZIP's entries. */
export async function loadPdfForm(
  tx: Tx,
  place: FormPlace,
  formId: string,
  options: PdfOptions,
): Promise<PdfForm | undefined> {
  const { workspaceId, teamId } = place;
  const form = await loadForm(tx, place, formId);
  if (!form) return undefined;
  const { definition } = form;
  const pdfFilename = effectivePdfFilename(definition.pdfFilename, options.documents);
  const nameParts = pdfFilename.parts.flatMap((p) => (p.kind === 'field' ? [p.fieldId] : []));
  const named = definition.fields.filter((f) => nameParts.includes(f.id));
  const [path, people] = await Promise.all([
    queries.pathNames(tx, workspaceId, teamId),
    valueNames(tx, workspaceId, named, [{ values: form.values }]),
  ]);
  return { form, pdfFilename, fileName: fileNameOf(form, pdfFilename, path, options, people.people) };
}

/** Everything the renderer needs for one loaded form: names, images from storage, actions. */
export async function pdfModel(
  tx: Tx,
  storage: FileStorage,
  workspaceId: string,
  teamId: string,
  loaded: PdfForm,
  options: PdfOptions,
): Promise<FormPdfModel> {
  const { form } = loaded;
  const { definition } = form;
  const [path, names, images, actions] = await Promise.all([
    queries.pathNames(tx, workspaceId, teamId),
    valueNames(tx, workspaceId, definition.fields, [form]),
    loadImages(
      tx,
      storage,
      { workspaceId, teamId, authors: [form.createdBy, form.updatedBy].filter((id): id is string => id !== null) },
      fileIdsOf(definition, form.values, options.logoFileId),
    ),
    queries.formActions(tx, workspaceId, form.formId),
  ]);
  const { people, formTitles: titles } = names;
  const columns = definition.workflow?.columns ?? [];
  return {
    template: {
      name: form.template.name,
      templateCode: form.template.templateCode,
      version: form.templateVersion,
      type: form.template.type,
      definition,
    },
    form: {
      number: form.number,
      title: form.title,
      version: form.version,
      state: form.state,
      values: form.values,
      textCells: form.textCells,
      createdAt: form.createdAt,
      updatedAt: form.updatedAt,
      createdByName: form.createdBy ? (people.get(form.createdBy) ?? null) : null,
      updatedByName: form.updatedBy ? (people.get(form.updatedBy) ?? null) : null,
      workflowColumnName: form.template.type === 'workflow' ? (columns[form.workflowColumn ?? 0]?.name ?? null) : null,
    },
    path,
    people,
    images,
    formTitles: titles,
    actions,
    exportedAt: options.exportedAt,
    timeZone: options.timeZone,
    locale: options.locale,
    dateDisplay: loaded.pdfFilename.dateDisplay,
    workspaceLogo: (options.logoFileId && images.get(options.logoFileId)) || null,
    exportDisclaimer: options.documents.exportDisclaimer,
    brandColour: options.brandColour,
  };
}

/**
 * One form's PDF for someone who may view the team's forms: rendered from the form's template
 * version and streamed; the file name follows the template's PDF filename settings.
 */
export async function formPdf(
  db: AppDb,
  storage: FileStorage,
  access: AccessContext,
  teamId: string,
  formId: string,
  query: FormPdfQuery,
): Promise<{ stream: Readable; fileName: string }> {
  const ctx = access;
  const times = pdfOptions(ctx.workspace.timeZone, query.timeZone);
  const workspaceId = ctx.workspace.workspaceId;
  const model = await inScope(db, ctx.scope, async (tx) => {
    const options = await withWorkspaceSettings(tx, workspaceId, times, ctx.user.userId);
    const loaded = await loadPdfForm(tx, { workspaceId, teamId }, formId, options);
    if (!loaded) throw new AppError('formUnavailable');
    return { model: await pdfModel(tx, storage, workspaceId, teamId, loaded, options), fileName: loaded.fileName };
  });
  return { stream: renderFormPdf(model.model), fileName: model.fileName };
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 one (RFC 6266). */
export function attachmentHeader(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
