import { randomUUID } from 'node:crypto';
import type { Field } from '@formwork/shared/fields/field';
import type { PhotoValue } from '@formwork/shared/forms/field-values';
import { validateFormValues } from '@formwork/shared/forms/validate-form-values';
import {
  type TemplateDefinition,
  type TemplateType,
  templateDefinitionSchema,
} from '@formwork/shared/templates/template-definition';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { type Int, type Json, parseJson } from '../db/sql-values.ts';
import type { Tx } from '../db/tenant.ts';
import { type ProcessedImage, processImage } from '../files/images.ts';
import { type FileStorage, fileStorage } from '../files/storage.ts';
import { recordFile, writeImage } from '../modules/files/files.service.ts';
import * as forms from '../modules/forms/forms.service.ts';
import { firstItemSnapshots } from '../modules/lists/list-fields.service.ts';
import { recordFormPhotos } from '../modules/photos/photos.service.ts';
import { type DemoPhoto, demoPhotoJpeg } from './demo-photos.ts';

const notes = [
  'Crew of six on site; concrete pour to level 3 slab completed.',
  'Rain in the afternoon; works moved indoors.',
  'Scaffold inspection done by the supervisor.',
  'Crane lift plan reviewed with the rigger.',
];

/** A believable answer for a field of the demo templates (signatures and photos are left out). */
function sample(field: Field, index: number, userId: string): unknown {
  const day = new Date(Date.UTC(2025, 4, 1 + index));
  const date = day.toISOString().slice(0, 10);
  switch (field.type) {
    case 'singleLineText':
      return `${field.label || 'Entry'} ${index + 1}`;
    case 'multiLineText':
      return notes[index % notes.length];
    case 'date':
    case 'expiryDate':
      return date;
    case 'dateTime':
      return `${date}T08:30:00Z`;
    case 'dateRange':
      return { start: date, end: date };
    case 'dateTimeRange':
      return { start: `${date}T07:00:00Z`, end: `${date}T15:30:00Z` };
    case 'yesNo':
      return { answer: index % 4 === 3 ? 'no' : 'yes' };
    case 'yesNoNa':
      return { answer: ['yes', 'no', 'na'][index % 3] };
    case 'dropdown':
      return field.options[index % field.options.length]?.id;
    case 'multipleChoice':
      return [field.options[index % field.options.length]?.id];
    case 'number':
      return Math.min(field.max ?? 1000, Math.max(field.min ?? 0, 3 + index * 2));
    case 'singlePerson':
      return userId;
    case 'person':
      return [userId];
    case 'location':
      return { latitude: -33.8523 + index / 1000, longitude: 151.2108 };
    case 'defaultTable':
      return {
        rows: [1, 2].map((r) => ({
          id: `row-${r}`,
          cells: Object.fromEntries(
            field.columns
              .filter((c) => c.cellType === 'text' || c.cellType === 'number')
              .map((c, column) => [c.id, c.cellType === 'number' ? r * 2 : tableWords[column % 2]?.[(index + r) % 3]]),
          ),
        })),
      };
    case 'signOnTable':
      return {
        rows: ['Sam Rigger', 'Alex Crane'].map((name, r) => ({ id: `row-${r}`, name, company: 'Acme', cells: {} })),
      };
    default:
      return undefined;
  }
}

/** Text for table cells that reads like a site's records: trades, then companies. */
const tableWords = [
  ['Electricians', 'Concreters', 'Scaffolders'],
  ['Sparks Electrical', 'Acme Concrete', 'Highrise Scaffolding'],
];

/** Sample answers (then `extra` over them), kept only as far as they validate. */
function valuesFor(
  definition: TemplateDefinition,
  index: number,
  userId: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of definition.fields) {
    const value = sample(field, index, userId);
    if (value !== undefined) input[field.id] = value;
  }
  Object.assign(input, extra);
  // Only what validates is kept: the demo forms are what a save would store.
  const first = validateFormValues(definition, input, { requireComplete: false });
  const bad = new Set(first.errors.map((e) => e.fieldId));
  const kept = Object.fromEntries(Object.entries(input).filter(([id]) => !bad.has(id)));
  return validateFormValues(definition, kept, { requireComplete: false }).values;
}

type Stored = { storage: FileStorage; workspaceId: string; teamId: string; userId: string };

/** Bytes stored the way an upload is: checked and re-encoded by processImage, written, then recorded. */
async function storeImage(tx: Tx, where: Stored, image: ProcessedImage, purpose: 'photo' | 'signature') {
  const { storage, workspaceId, teamId, userId } = where;
  const file = await writeImage(storage, image, { workspaceId, folderId: teamId, purpose, createdBy: userId });
  return (await recordFile(tx, file)).fileId;
}

/** A drawn signature as the app stores one: a PNG in file storage and its record. */
async function signatureFile(tx: Tx, where: Stored) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" fill="white"/>
    <path d="M10 60 C 40 10, 70 70, 100 30 S 160 60, 230 20" stroke="#1a237e" stroke-width="3" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return storeImage(tx, where, await processImage(png, 'signature', { keepLocation: false }), 'signature');
}

/**
 * Photos of the first form of a demo template in each demo team, by template name: which photo
 * field, what it shows and other answers given with them. The diary's are added in a second save,
 * so its history has a change to show.
 */
const photoPlans: Record<
  string,
  { fieldId: string; photos: DemoPhoto[]; addedLater?: boolean; alsoSet?: Record<string, unknown> }
> = {
  'Daily Site Diary': {
    fieldId: 'photos',
    addedLater: true,
    alsoSet: { work: 'Level 3 slab poured (68 m³, finished by 13:30). Formwork to level 4 columns started on grid C.' },
    photos: [
      { scene: 'slabPour', caption: 'Level 3 slab pour', takenAt: '2025-05-01 10:42' },
      { scene: 'formwork', caption: 'Formwork to level 4 columns', takenAt: '2025-05-01 14:05' },
    ],
  },
  'Site Inspection Checklist': {
    fieldId: 'photos',
    photos: [
      { scene: 'scaffoldTag', caption: 'Scaffold tag, east elevation', takenAt: '2025-05-02 08:15' },
      { scene: 'housekeeping', caption: 'Housekeeping, level 2', takenAt: '2025-05-02 08:31' },
    ],
  },
  'Incident Report': {
    fieldId: 'photos',
    photos: [{ scene: 'handrail', caption: 'Damaged handrail, east stair', takenAt: '2025-05-03 11:20' }],
  },
  'Plant Register': {
    fieldId: 'photo',
    photos: [{ scene: 'excavator', caption: 'Excavator EX-04', takenAt: '2025-04-28 07:50' }],
  },
};

/**
 * Each demo photo drawn and re-encoded once, all at once in sharp's threads while the seed writes
 * rows, then stored once per team that shows it.
 */
function photoImages() {
  const drawn = new Map<DemoPhoto, Promise<ProcessedImage>>();
  for (const plan of Object.values(photoPlans))
    for (const photo of plan.photos) {
      const image = demoPhotoJpeg(photo).then((jpeg) => processImage(jpeg, 'photo', { keepLocation: false }));
      image.catch(() => {}); // a failure surfaces where the photo is awaited
      drawn.set(photo, image);
    }
  return (photo: DemoPhoto) => drawn.get(photo) as Promise<ProcessedImage>;
}

/**
 * Step of the demo seed after the templates: a few forms of every demo template in each team it is
 * deployed to, for workflow templates one form midway through its columns (moved once, with its
 * approval signature), and photos in the photo fields of the first forms (photoPlans), so
 * registers, timelines, boards, PDFs and histories have something to show.
 */
export async function seedDemoForms(
  tx: Tx,
  demo: { workspaceId: string; teamIds: string[][]; userId: string; dataDir: string },
): Promise<void> {
  const { workspaceId, userId } = demo;
  const storage = fileStorage({ dataDir: demo.dataDir });
  const photoImage = photoImages();
  const result = await tx.execute<{
    template_id: string;
    name: string;
    type: TemplateType;
    form_name: string;
    current_version: Int;
    definition: Json;
    team_id: string;
  }>(sql`
    select t.template_id, t.name, t.type, t.form_name, t.current_version, v.definition, d.team_id
      from templates t
      join template_versions v
        on v.workspace_id = t.workspace_id and v.template_id = t.template_id and v.version = t.current_version
      join template_deployments d on d.workspace_id = t.workspace_id and d.template_id = t.template_id
     where t.workspace_id = ${workspaceId} and t.state = 'active'
     order by t.name, d.team_id`);
  // The last project's teams, where the demo team member and controller work.
  const demoTeams = new Set(demo.teamIds[demo.teamIds.length - 1] ?? []);
  let index = 0;
  for (const row of result.rows) {
    const teamId = row.team_id;
    if (!demoTeams.has(teamId)) continue;
    const definition = templateDefinitionSchema.parse(parseJson(row.definition));
    const isWorkflow = row.type === 'workflow';
    const folderPath = (
      await tx.execute<{ parent_id: string }>(sql`
      select parent_id from folders where workspace_id = ${workspaceId} and folder_id = ${teamId}`)
    ).rows[0]?.parent_id;
    const audit = (action: string): Parameters<typeof forms.writeForm>[2] => ({
      actorUserId: userId,
      folderPath: [workspaceId, folderPath as string, teamId],
      action,
      details: { seeded: true },
    });
    const where = { storage, workspaceId, teamId, userId };
    // A list field answers with an item of the list the team's project reads, as a pick keeps it.
    const listItems = new Map<string, Awaited<ReturnType<typeof firstItemSnapshots>>>();
    for (const field of definition.fields)
      if (field.type === 'list' && field.listId)
        listItems.set(field.id, await firstItemSnapshots(tx, workspaceId, folderPath as string, field.listId, 5));
    const plan = photoPlans[row.name];
    if (plan && definition.fields.find((f) => f.id === plan.fieldId)?.type !== 'photos')
      throw new Error(`Demo template ${row.name} has no photo field ${plan.fieldId}`);
    for (let n = 0; n < 3; n++) {
      const formIndex = index++;
      // The first form of the template in the team carries its photos, from the start or a later save.
      const photos: PhotoValue[] = [];
      if (plan && n === 0)
        for (const photo of plan.photos)
          photos.push({
            fileId: await storeImage(tx, where, await photoImage(photo), 'photo'),
            caption: photo.caption,
          });
      const withPhotos = plan && photos.length > 0 ? { [plan.fieldId]: photos, ...plan.alsoSet } : {};
      const listAnswers = Object.fromEntries(
        [...listItems].flatMap(([fieldId, items]) => {
          const item = items[formIndex % Math.max(1, items.length)];
          return item ? [[fieldId, [item]]] : [];
        }),
      );
      const values = valuesFor(definition, formIndex, userId, {
        ...listAnswers,
        ...(plan?.addedLater ? {} : withPhotos),
      });
      const created = await forms.writeForm(
        tx,
        {
          workspaceId,
          formId: randomUUID(),
          templateId: row.template_id,
          templateVersion: Number(row.current_version),
          teamId,
          formName: row.form_name,
          workflowColumn: isWorkflow ? 0 : null,
          values,
          textCells: {},
          createHash: 'seed',
          clonedFrom: null,
          userId,
          change: 'created',
        },
        audit('form.created'),
      );
      // Photos taken in forms show in the team's gallery, linked to their form (issue 19).
      if (created && photos.length > 0)
        await recordFormPhotos(
          tx,
          { workspaceId, teamId, formId: created.formId },
          photos.map((p) => p.fileId),
        );
      if (created && plan?.addedLater && photos.length > 0) {
        await forms.writeFormValues(
          tx,
          workspaceId,
          created.formId,
          created.version,
          { values: valuesFor(definition, formIndex, userId, withPhotos), kind: 'saved', userId },
          audit('form.saved'),
        );
      }
      const columns = definition.workflow?.columns ?? [];
      if (!created || !isWorkflow || n !== 0 || columns.length < 2) continue;
      // Midway: moved into the second column with its approval signature.
      const fileId = await signatureFile(tx, where);
      const field = definition.fields.find((f) => f.type === 'approvalSignature' && f.columnId === columns[1]?.id);
      const signed = field
        ? { ...values, [field.id]: { fileId, signedAt: new Date().toISOString(), signerName: 'Tara Controller' } }
        : values;
      const moved = await forms.writeFormValues(
        tx,
        workspaceId,
        created.formId,
        created.version,
        { values: signed, workflowColumn: 1, kind: 'moved', userId },
        audit('form.moved'),
      );
      await forms.writeSignature(tx, {
        workspaceId,
        formId: created.formId,
        column: 1,
        fieldId: field?.id ?? null,
        fileId,
        signerName: 'Tara Controller',
        userId,
        formVersion: moved?.version ?? 2,
      });
    }
  }
}
