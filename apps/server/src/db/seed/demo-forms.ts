import { randomUUID } from 'node:crypto';
import type { Field } from '@formwork/shared/fields/field';
import { validateFormValues } from '@formwork/shared/forms/validate-form-values';
import { type TemplateDefinition, templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { fileStorage } from '../../files/storage.ts';
import * as forms from '../../modules/forms/forms.queries.ts';
import { files } from '../schema.ts';
import type { Tx } from '../tenant.ts';

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

function valuesFor(definition: TemplateDefinition, index: number, userId: string): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of definition.fields) {
    const value = sample(field, index, userId);
    if (value !== undefined) input[field.id] = value;
  }
  // Only what validates is kept: the demo forms are what a save would store.
  const first = validateFormValues(definition, input, { requireComplete: false });
  const bad = new Set(first.errors.map((e) => e.fieldId));
  const kept = Object.fromEntries(Object.entries(input).filter(([id]) => !bad.has(id)));
  return validateFormValues(definition, kept, { requireComplete: false }).values;
}

/** A drawn signature as the app stores one: a PNG in file storage and its record. */
async function signatureFile(tx: Tx, dataDir: string, workspaceId: string, teamId: string, userId: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" fill="white"/>
    <path d="M10 60 C 40 10, 70 70, 100 30 S 160 60, 230 20" stroke="#1a237e" stroke-width="3" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const fileId = randomUUID();
  const storageKey = `${workspaceId}/${fileId}.png`;
  await fileStorage({ dataDir }).put(storageKey, png);
  await tx.insert(files).values({
    workspaceId,
    fileId,
    folderId: teamId,
    purpose: 'signature',
    contentType: 'image/png',
    byteSize: png.length,
    width: 240,
    height: 80,
    sha256: randomUUID(),
    storageKey,
    createdBy: userId,
  });
  return fileId;
}

/**
 * Step of the demo seed after the templates: a few forms of every demo template in each team it is
 * deployed to, and for workflow templates one form midway through its columns (moved once, with
 * its approval signature), so registers, timelines and boards have something to show.
 */
export async function seedDemoForms(
  tx: Tx,
  demo: { workspaceId: string; teamIds: string[][]; userId: string; dataDir: string },
): Promise<void> {
  const { workspaceId, userId } = demo;
  const result = await tx.execute<Record<string, unknown>>(sql`
    select t.template_id, t.type, t.form_name, t.current_version, v.definition, d.team_id
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
    const teamId = row.team_id as string;
    if (!demoTeams.has(teamId)) continue;
    const definition = templateDefinitionSchema.parse(
      typeof row.definition === 'string' ? JSON.parse(row.definition) : row.definition,
    );
    const isWorkflow = row.type === 'workflow';
    const folderPath = (
      await tx.execute<{ parent_id: string }>(sql`
      select parent_id from folders where workspace_id = ${workspaceId} and folder_id = ${teamId}`)
    ).rows[0]?.parent_id;
    const audit = (action: string): forms.Audit => ({
      actorUserId: userId,
      folderPath: [workspaceId, folderPath as string, teamId],
      action,
      details: { seeded: true },
    });
    for (let n = 0; n < 3; n++) {
      const values = valuesFor(definition, index++, userId);
      const created = await forms.insertForm(
        tx,
        {
          workspaceId,
          formId: randomUUID(),
          templateId: row.template_id as string,
          templateVersion: Number(row.current_version),
          teamId,
          formName: row.form_name as string,
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
      const columns = definition.workflow?.columns ?? [];
      if (!created || !isWorkflow || n !== 0 || columns.length < 2) continue;
      // Midway: moved into the second column with its approval signature.
      const fileId = await signatureFile(tx, demo.dataDir, workspaceId, teamId, userId);
      const field = definition.fields.find((f) => f.type === 'approvalSignature' && f.columnId === columns[1]?.id);
      const signed = field
        ? { ...values, [field.id]: { fileId, signedAt: new Date().toISOString(), signerName: 'Tara Controller' } }
        : values;
      const moved = await forms.updateFormValues(
        tx,
        workspaceId,
        created.formId,
        created.version,
        { values: signed, workflowColumn: 1, kind: 'moved', userId },
        audit('form.moved'),
      );
      await forms.insertSignature(tx, {
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
