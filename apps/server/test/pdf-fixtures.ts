import { randomUUID } from 'node:crypto';
import type { TemplateDefinitionInput } from '@formwork/shared/templates/template-definition';
import sharp from 'sharp';
import type { Persona, TestWorkspace } from './factories.ts';
import type { TestContext } from './test-app.ts';

/**
 * A site inspection exercising what a PDF shows: header and footer items, every common field type,
 * a logic-hidden field, a formula, photos, a signature, a long table, an Actions field, and PDF
 * filename settings (static text, Template ID, a field, the form number; underscores, UPPERCASE).
 */
export const pdfDefinition: TemplateDefinitionInput = {
  header: {
    items: [
      { id: 'h1', type: 'logo', position: 'left' },
      { id: 'h2', type: 'workspaceProjectTeam', position: 'centre' },
      { id: 'h3', type: 'templateId', position: 'right' },
      { id: 'h4', type: 'templateVersion', position: 'right' },
      { id: 'h5', type: 'filePath', position: 'centre' },
    ],
  },
  footer: {
    items: [
      { id: 'f1', type: 'formVersion', position: 'left' },
      { id: 'f2', type: 'pdfCreationDateTime', position: 'left' },
      { id: 'f3', type: 'exportDisclaimer', position: 'centre' },
      { id: 'f4', type: 'pdfPageNumber', position: 'right' },
      { id: 'f5', type: 'prefilledText', position: 'right', text: 'Uncontrolled when printed' },
    ],
  },
  pdfFilename: {
    parts: [
      { kind: 'static', text: 'Site' },
      { kind: 'metadata', key: 'templateId' },
      { kind: 'field', fieldId: 'title' },
      { kind: 'metadata', key: 'formNumber' },
    ],
    separator: 'underscores',
    letterCase: 'uppercase',
    dateDisplay: 'localToExporter',
  },
  fields: [
    { id: 'intro', type: 'prefilledText', label: 'Instructions', text: 'Walk the site and record every hazard.' },
    { id: 'title', type: 'singleLineText', label: 'Inspection title', required: true },
    { id: 'when', type: 'date', label: 'Inspection date' },
    { id: 'started', type: 'dateTime', label: 'Started at' },
    { id: 'safe', type: 'yesNoNa', label: 'Site safe?', withText: true },
    { id: 'issue', type: 'multiLineText', label: 'Issue found' },
    {
      id: 'weather',
      type: 'dropdown',
      label: 'Weather',
      options: [
        { id: 'sun', label: 'Sunny' },
        { id: 'rain', label: 'Rain' },
      ],
    },
    { id: 'crew', type: 'number', label: 'Crew on site', unit: 'people' },
    { id: 'hours', type: 'number', label: 'Hours each', decimals: 1 },
    { id: 'total', type: 'formula', label: 'Total hours', expression: '{crew} * {hours}', decimals: 1 },
    { id: 'lead', type: 'singlePerson', label: 'Site lead' },
    { id: 'where', type: 'location', label: 'Location' },
    { id: 'notes', type: 'multiLineText', label: 'Notes' },
    { id: 'pics', type: 'photos', label: 'Site photos', size: 'S' },
    {
      id: 'checks',
      type: 'defaultTable',
      label: 'Checklist',
      columns: [
        { id: 'item', heading: 'Item', width: 'L', cellType: 'text' },
        { id: 'qty', heading: 'Qty', width: 'S', cellType: 'number' },
        { id: 'rate', heading: 'Rate', width: 'S', cellType: 'number' },
        { id: 'cost', heading: 'Cost', width: 'S', cellType: 'formula', expression: '{qty} * {rate}' },
        { id: 'ok', heading: 'OK', width: 'S', cellType: 'yesNo' },
      ],
    },
    { id: 'acts', type: 'actions', label: 'Follow-up actions' },
    { id: 'page', type: 'pdfPageNumber', label: 'This page' },
    { id: 'sig', type: 'signature', label: 'Inspector signature' },
  ],
  logic: [
    {
      id: 'when-unsafe',
      triggerFieldId: 'safe',
      conditions: [{ operator: 'equals', value: 'no' }],
      effect: 'show',
      fieldIds: ['issue'],
    },
  ],
};

export async function uploadImage(
  ctx: TestContext,
  w: TestWorkspace,
  teamId: string,
  purpose: 'photo' | 'signature',
  options: { width?: number; height?: number; shade?: number; who?: Persona } = {},
) {
  const width = options.width ?? 800;
  const height = options.height ?? 600;
  const shade = options.shade ?? 120;
  const image = sharp({
    create: { width, height, channels: 3, background: { r: shade, g: 140, b: 255 - shade } },
  });
  const bytes = purpose === 'photo' ? await image.jpeg().toBuffer() : await image.png().toBuffer();
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/companies/${w.companyId}/files?purpose=${purpose}&folderId=${teamId}`,
    headers: {
      ...(await (options.who ?? w.personas.orgController).headers()),
      'content-type': purpose === 'photo' ? 'image/jpeg' : 'image/png',
    },
    payload: bytes,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().fileId as string;
}

/** Values for pdfDefinition: `rows` checklist rows, 4 photos, a signature; unsafe so the issue shows. */
export async function pdfValues(
  ctx: TestContext,
  w: TestWorkspace,
  teamId: string,
  options: { rows?: number; safe?: 'yes' | 'no'; photos?: number } = {},
) {
  const photos = [];
  for (let i = 0; i < (options.photos ?? 4); i++) {
    photos.push({
      fileId: await uploadImage(ctx, w, teamId, 'photo', { shade: 40 + i * 50 }),
      caption: `Photo ${i + 1}`,
    });
  }
  const signature = await uploadImage(ctx, w, teamId, 'signature', { width: 300, height: 100, shade: 250 });
  return pdfValuesWith(w, { photos, signature, rows: options.rows, safe: options.safe });
}

/** The values of pdfValues around images already uploaded (the benchmark uploads over the network). */
export function pdfValuesWith(
  w: TestWorkspace,
  options: { photos: { fileId: string; caption: string }[]; signature: string; rows?: number; safe?: 'yes' | 'no' },
) {
  const { photos, signature } = options;
  return {
    title: 'Level 3 slab – Überprüfung',
    when: '2025-03-14',
    started: '2025-03-14T07:45:00+10:00',
    safe: { answer: options.safe ?? 'no', text: 'Loose handrail' },
    issue: 'Handrail on the east stair is loose (Привет, Ωmega).',
    weather: 'rain',
    crew: 6,
    hours: 7.5,
    lead: w.personas.teamMember.userId,
    where: { latitude: -33.8688, longitude: 151.2093, address: 'George St, Sydney' },
    notes: 'All trades briefed at the toolbox talk. '.repeat(6).trim(),
    pics: photos,
    checks: {
      rows: Array.from({ length: options.rows ?? 120 }, (_, i) => ({
        id: `r${i + 1}`,
        cells: { item: `Check item ${i + 1}`, qty: i + 1, rate: 2, ok: i % 5 === 0 ? 'no' : 'yes' },
      })),
    },
    sig: { fileId: signature, signerName: 'Tara Inspector', signedAt: '2025-03-14T16:10:00+10:00' },
  };
}

export function newFormId() {
  return randomUUID();
}
