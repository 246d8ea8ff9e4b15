import type { Field } from '@formwork/shared/fields/field';
import { isListItemSnapshot, type ListItemSnapshot } from '@formwork/shared/forms/field-values';
import type { FormValueError } from '@formwork/shared/forms/validate-form-values';
import type { FolderRef } from '@formwork/shared/permissions';
import { encodeCursor } from '@formwork/shared/schemas/cursor';
import { type ListFieldItems, listFieldCountCap, type TemplateFieldLists } from '@formwork/shared/schemas/list-fields';
import type { ListProperty } from '@formwork/shared/schemas/lists';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { teamTemplateFieldList } from '../templates/template-fields.service.ts';
import * as queries from './lists.queries.ts';

/**
 * Fields that read lists (issue 18.5). A template's list field names a list of the company's List
 * Library; a form reads that list as its project has it.
 */

/**
 * The list a form in `projectId` reads for the list `listId` a template names: for a List Library
 * list, the project's deployed copy when it has one, else the library list itself; for a list of
 * the project's own, that list (lists.queries readableList). Undefined when `listId` is neither an
 * active list of this workspace's List Library nor one of the project's, or the copy the project
 * reads is archived.
 */
export async function listForProject(
  tx: Tx,
  workspaceId: string,
  projectId: string,
  listId: string,
): Promise<string | undefined> {
  return queries.readableList(tx, workspaceId, projectId, listId);
}

type ItemRow = Awaited<ReturnType<typeof queries.itemsByIds>>[number];

/** An item as a form keeps it: its label, colour and every property of the list with its value. */
function snapshotOf(item: ItemRow, properties: readonly ListProperty[]): ListItemSnapshot {
  return {
    itemId: item.id,
    label: item.label,
    colour: item.colour,
    properties: properties.map((p) => ({ id: p.id, name: p.name, type: p.type, value: item.values[p.id] ?? '' })),
  };
}

/** The project of a team's folder path (company, project, team). */
function projectOf(ctx: AccessContext): string {
  const projectId = ctx.folder.path[1];
  if (!projectId) throw new AppError('notFound');
  return projectId;
}

/**
 * A page of the items a list field offers in a form of the route's team (the typeahead). The
 * field is named by its template, version and id: the list is the one that field names (a template
 * of another team, a field naming no list, or a list the project may not read answer 404), so a
 * team member reads only the lists their team's templates read.
 */
export async function listFieldItems(
  db: AppDb,
  ctx: AccessContext,
  field: { templateId: string; version: number; fieldId: string },
  query: { search?: string | undefined; limit: number; cursor?: readonly [number, string] | undefined },
): Promise<ListFieldItems> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const listId = await teamTemplateFieldList(tx, { workspaceId, teamId: ctx.folder.folderId }, field);
    const readId = listId && (await listForProject(tx, workspaceId, projectOf(ctx), listId));
    if (!readId) throw new AppError('listNotFound');
    const [page, properties] = await Promise.all([
      queries.itemsPage(tx, workspaceId, readId, {
        search: query.search || undefined,
        limit: query.limit + 1,
        after: query.cursor,
        countUpTo: listFieldCountCap + 1,
      }),
      queries.propertiesOf(tx, workspaceId, readId),
    ]);
    const items = page.items.slice(0, query.limit);
    const last = items.at(-1);
    return {
      items: items.map((item) => snapshotOf(item, properties)),
      total: Math.min(page.total, listFieldCountCap),
      totalCapped: page.total > listFieldCountCap,
      nextCursor: page.items.length > query.limit && last ? encodeCursor([last.position, last.id]) : null,
    };
  });
}

/** The project of a template's folder: null for the Template Library, the team's project otherwise. */
function projectOfFolder(folder: FolderRef): string | null {
  return folder.kind === 'company' ? null : ((folder.path[1] as string | undefined) ?? null);
}

/**
 * The lists a template may name (the template editor's list picker, issue 18.5), for the route
 * whose verified folder holds the template: in the Template Library (company) the List Library's
 * active lists; in a team, the List Library lists deployed to its project and the project's own
 * lists. Each with its properties.
 */
export async function templateFieldLists(db: AppDb, ctx: AccessContext): Promise<TemplateFieldLists> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const rows = await queries.fieldLists(tx, workspaceId, projectOfFolder(ctx.folder));
    const properties = await queries.propertiesOfLists(
      tx,
      workspaceId,
      rows.map((r) => r.id),
    );
    return { lists: rows.map((r) => ({ ...r, properties: properties.get(r.id) ?? [] })) };
  });
}

const notAnItem = 'Choose an item of the list';

/**
 * The values a form save sends, with each list field's items as the form keeps them: an item the
 * form already had keeps its stored snapshot (what it was when picked, whatever the list says
 * now); a newly picked item is read from the list the form's project reads and snapshotted now
 * (the client's copy of it is not trusted). An item not in that list is an error of its field.
 */
export async function withListSnapshots(
  tx: Tx,
  place: { workspaceId: string; projectId: string },
  fields: readonly Field[],
  input: Readonly<Record<string, unknown>>,
  kept: Readonly<Record<string, unknown>> = {},
): Promise<{ values: Record<string, unknown>; errors: FormValueError[] }> {
  const listFields = fields.filter(
    (f): f is Extract<Field, { type: 'list' }> => f.type === 'list' && Array.isArray(input[f.id]),
  );
  if (listFields.length === 0) return { values: { ...input }, errors: [] };
  const values: Record<string, unknown> = { ...input };
  const errors: FormValueError[] = [];
  for (const field of listFields) {
    const picked = input[field.id] as unknown[];
    const stored = new Map(
      (Array.isArray(kept[field.id]) ? (kept[field.id] as unknown[]) : [])
        .filter(isListItemSnapshot)
        .map((s) => [s.itemId, s]),
    );
    const wanted = picked.filter(isListItemSnapshot).filter((s) => !stored.has(s.itemId));
    let fresh = new Map<string, ListItemSnapshot>();
    if (wanted.length > 0 && field.listId) {
      const readId = await listForProject(tx, place.workspaceId, place.projectId, field.listId);
      if (readId) {
        const [items, properties] = await Promise.all([
          queries.itemsByIds(
            tx,
            place.workspaceId,
            readId,
            wanted.map((s) => s.itemId).filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
          ),
          queries.propertiesOf(tx, place.workspaceId, readId),
        ]);
        fresh = new Map(items.map((item) => [item.id, snapshotOf(item, properties)]));
      }
    }
    values[field.id] = picked.map((entry, n) => {
      if (!isListItemSnapshot(entry)) return entry; // the value's own validation reports it
      const snapshot = stored.get(entry.itemId) ?? fresh.get(entry.itemId);
      if (!snapshot) errors.push({ fieldId: field.id, path: `${field.id}.${n}`, message: notAnItem, code: 'invalid' });
      return snapshot ?? entry;
    });
  }
  return { values, errors };
}

/** The first items of the list a form in `projectId` reads for `listId`, as a form keeps them (the demo's answers). */
export async function firstItemSnapshots(
  tx: Tx,
  workspaceId: string,
  projectId: string,
  listId: string,
  limit: number,
): Promise<ListItemSnapshot[]> {
  const readId = await listForProject(tx, workspaceId, projectId, listId);
  if (!readId) return [];
  const [page, properties] = await Promise.all([
    queries.itemsPage(tx, workspaceId, readId, { limit }),
    queries.propertiesOf(tx, workspaceId, readId),
  ]);
  return page.items.map((item) => snapshotOf(item, properties));
}

/** A list's property ids by name (the demo's templates name the properties they read). */
export async function propertyIdsByName(tx: Tx, workspaceId: string, listId: string): Promise<Record<string, string>> {
  const properties = await queries.propertiesOf(tx, workspaceId, listId);
  return Object.fromEntries(properties.map((p) => [p.name, p.id]));
}

export const listFieldMessages = {
  list: 'Choose an active list of the List Library',
  projectList: "Choose a list of the project: one deployed to it from the List Library, or the project's own",
  property: 'Choose a property of the list',
} as const;

/**
 * A template's list fields must name lists its folder may read (templateFieldLists: the List
 * Library's active lists for the Template Library; for a team template the library lists deployed
 * to its project and the project's own), and its list-property fields a property of their list
 * field's list (issue 18.5). Issues carry the field's path in the definition
 * (`definition.fields.3.listId`).
 */
export async function templateListErrors(
  tx: Tx,
  workspaceId: string,
  folder: FolderRef,
  fields: readonly Field[],
): Promise<{ path: string; message: string }[]> {
  const named = fields.some((f) => (f.type === 'list' && f.listId) || (f.type === 'listProperty' && f.property));
  if (!named) return [];
  const projectId = projectOfFolder(folder);
  const readable = new Set((await queries.fieldLists(tx, workspaceId, projectId)).map((r) => r.id));
  const listIds = [...new Set(fields.flatMap((f) => (f.type === 'list' && f.listId ? [f.listId] : [])))].filter((id) =>
    readable.has(id),
  );
  const properties = await queries.propertiesOfLists(tx, workspaceId, listIds);
  const listOf = new Map(fields.flatMap((f) => (f.type === 'list' ? [[f.id, f.listId] as const] : [])));
  const listMessage = projectId === null ? listFieldMessages.list : listFieldMessages.projectList;
  const errors: { path: string; message: string }[] = [];
  fields.forEach((field, n) => {
    if (field.type === 'list' && field.listId && !readable.has(field.listId))
      errors.push({ path: `definition.fields.${n}.listId`, message: listMessage });
    if (field.type === 'listProperty' && field.property) {
      const listId = field.sourceFieldId ? listOf.get(field.sourceFieldId) : undefined;
      const known = listId ? properties.get(listId) : undefined;
      if (!known?.some((p) => p.id === field.property))
        errors.push({ path: `definition.fields.${n}.property`, message: listFieldMessages.property });
    }
  });
  return errors;
}
