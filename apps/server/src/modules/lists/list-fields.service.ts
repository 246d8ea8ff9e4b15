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
  field: { templateId: string; version: number; fieldId: string; columnId?: string | undefined },
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

/** The table fields whose cells may hold list items (`columns` with a list column). */
const tableTypes = new Set<Field['type']>(['defaultTable', 'prefilledTable', 'signOnTable']);
type TableField = Extract<Field, { type: 'defaultTable' | 'prefilledTable' | 'signOnTable' }>;
type CellRows = { rows?: unknown };

/** The rows of a table value, when it has them (the value's own validation reports the rest). */
function rowsOf(value: unknown): { cells?: Record<string, unknown> }[] {
  const rows = typeof value === 'object' && value !== null ? (value as CellRows).rows : undefined;
  return Array.isArray(rows) ? rows.filter((r) => typeof r === 'object' && r !== null) : [];
}

/**
 * One place a form holds list items: a list field's items, or the cells of one list column of a
 * table field. `stored` are the snapshots the saved form has there (by item id), `picked` what the
 * save sends, with where each sits in the value.
 */
type ListSlot = {
  listId: string | null;
  stored: Map<string, ListItemSnapshot>;
  /** A list column's cells the form kept as text, from before list columns named a list; null for a list field. */
  storedText: Set<string> | null;
  picked: { entry: unknown; path: string; fieldId: string; put: (snapshot: ListItemSnapshot) => void }[];
};

function listSlots(
  fields: readonly Field[],
  values: Record<string, unknown>,
  kept: Readonly<Record<string, unknown>>,
): ListSlot[] {
  const slots: ListSlot[] = [];
  const snapshots = (entries: unknown[]) =>
    new Map(entries.filter(isListItemSnapshot).map((s) => [s.itemId, s] as const));
  for (const field of fields) {
    if (field.type === 'list' && Array.isArray(values[field.id])) {
      const picked = [...(values[field.id] as unknown[])];
      values[field.id] = picked;
      slots.push({
        listId: field.listId,
        stored: snapshots(Array.isArray(kept[field.id]) ? (kept[field.id] as unknown[]) : []),
        storedText: null,
        picked: picked.map((entry, n) => ({
          entry,
          path: `${field.id}.${n}`,
          fieldId: field.id,
          put: (snapshot) => {
            picked[n] = snapshot;
          },
        })),
      });
    }
    if (!tableTypes.has(field.type)) continue;
    const table = field as TableField;
    const columns = table.columns.filter((c) => c.cellType === 'list');
    if (columns.length === 0 || rowsOf(values[field.id]).length === 0) continue;
    // A copy of the rows and their cells, so the snapshots written do not change the caller's input.
    const value = values[field.id] as CellRows;
    const rows = (value.rows as unknown[]).map((r) =>
      typeof r === 'object' && r !== null ? { ...r, cells: { ...((r as { cells?: object }).cells ?? {}) } } : r,
    ) as { cells: Record<string, unknown> }[];
    values[field.id] = { ...value, rows };
    const keptRows = rowsOf(kept[field.id]);
    for (const column of columns) {
      const keptCells = keptRows.map((r) => r.cells?.[column.id]);
      const slot: ListSlot = {
        listId: column.listId ?? null,
        stored: snapshots(keptCells),
        storedText: new Set(keptCells.filter((cell): cell is string => typeof cell === 'string')),
        picked: [],
      };
      rows.forEach((row, r) => {
        const entry = typeof row === 'object' && row !== null ? row.cells[column.id] : undefined;
        if (entry === undefined || entry === null) return;
        slot.picked.push({
          entry,
          path: `${field.id}.rows.${r}.cells.${column.id}`,
          fieldId: field.id,
          put: (snapshot) => {
            row.cells[column.id] = snapshot;
          },
        });
      });
      slots.push(slot);
    }
  }
  return slots;
}

/**
 * The values a form save sends, with the items of each list field and each list column of a table
 * as the form keeps them: an item the form already had there keeps its stored snapshot (what it was
 * when picked, whatever the list says now); a newly picked item is read from the list the form's
 * project reads and snapshotted now (the client's copy of it is not trusted). An item not in that
 * list is an error at its place (`plant.0`, `hire.rows.2.cells.what`), as is text in a list column
 * unless the form kept that text there (written before list columns named a list).
 */
export async function withListSnapshots(
  tx: Tx,
  place: { workspaceId: string; projectId: string },
  fields: readonly Field[],
  input: Readonly<Record<string, unknown>>,
  kept: Readonly<Record<string, unknown>> = {},
): Promise<{ values: Record<string, unknown>; errors: FormValueError[] }> {
  const values: Record<string, unknown> = { ...input };
  const slots = listSlots(fields, values, kept);
  if (slots.length === 0) return { values, errors: [] };
  // The items newly picked, by the list the template names: each list is read once.
  const wantedBy = new Map<string, Set<string>>();
  for (const slot of slots) {
    for (const { entry } of slot.picked) {
      if (!isListItemSnapshot(entry) || slot.stored.has(entry.itemId) || !slot.listId) continue;
      if (!/^[0-9a-f-]{36}$/i.test(entry.itemId)) continue;
      const wanted = wantedBy.get(slot.listId) ?? new Set<string>();
      wanted.add(entry.itemId);
      wantedBy.set(slot.listId, wanted);
    }
  }
  const fresh = new Map<string, Map<string, ListItemSnapshot>>();
  for (const [listId, wanted] of wantedBy) {
    const readId = await listForProject(tx, place.workspaceId, place.projectId, listId);
    if (!readId) continue;
    const [items, properties] = await Promise.all([
      queries.itemsByIds(tx, place.workspaceId, readId, [...wanted]),
      queries.propertiesOf(tx, place.workspaceId, readId),
    ]);
    fresh.set(listId, new Map(items.map((item) => [item.id, snapshotOf(item, properties)])));
  }
  const errors: FormValueError[] = [];
  for (const slot of slots) {
    for (const { entry, path, fieldId, put } of slot.picked) {
      if (typeof entry === 'string' && slot.storedText) {
        if (!slot.storedText.has(entry)) errors.push({ fieldId, path, message: notAnItem, code: 'invalid' });
        continue;
      }
      if (!isListItemSnapshot(entry)) continue; // the value's own validation reports it
      const snapshot = slot.stored.get(entry.itemId) ?? (slot.listId && fresh.get(slot.listId)?.get(entry.itemId));
      if (snapshot) put(snapshot);
      else errors.push({ fieldId, path, message: notAnItem, code: 'invalid' });
    }
  }
  return { values, errors };
}

/**
 * Items of the list a form in `projectId` reads for `listId`, by their names (trimmed, without
 * case; the first in the list's order where two share a name): a bulk CSV's list cells. Names not
 * in the list (or a list the project cannot read) are absent from the answer.
 */
export async function listItemsByName(
  tx: Tx,
  place: { workspaceId: string; projectId: string },
  listId: string | null,
  names: readonly string[],
): Promise<Map<string, { itemId: string; label: string }>> {
  const readId = listId ? await listForProject(tx, place.workspaceId, place.projectId, listId) : undefined;
  const found = new Map<string, { itemId: string; label: string }>();
  if (!readId) return found;
  const keys = [...new Set(names.map((n) => n.trim().toLowerCase()))];
  for (const item of await queries.itemsByLabelKeys(tx, place.workspaceId, readId, keys)) {
    const key = item.label.toLowerCase();
    if (!found.has(key)) found.set(key, { itemId: item.id, label: item.label });
  }
  return found;
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
  // Where the definition names a list: list fields, and list columns of table fields.
  const named = fields.flatMap((field, n) => {
    if (field.type === 'list')
      return field.listId ? [{ path: `definition.fields.${n}.listId`, listId: field.listId }] : [];
    if (!tableTypes.has(field.type)) return [];
    return (field as TableField).columns.flatMap((column, c) =>
      column.cellType === 'list' && column.listId
        ? [{ path: `definition.fields.${n}.columns.${c}.listId`, listId: column.listId }]
        : [],
    );
  });
  const anyProperty = fields.some((f) => f.type === 'listProperty' && f.property);
  if (named.length === 0 && !anyProperty) return [];
  const projectId = projectOfFolder(folder);
  const readable = new Set((await queries.fieldLists(tx, workspaceId, projectId)).map((r) => r.id));
  const listIds = [...new Set(fields.flatMap((f) => (f.type === 'list' && f.listId ? [f.listId] : [])))].filter((id) =>
    readable.has(id),
  );
  const properties = anyProperty
    ? await queries.propertiesOfLists(tx, workspaceId, listIds)
    : new Map<string, ListProperty[]>();
  const listOf = new Map(fields.flatMap((f) => (f.type === 'list' ? [[f.id, f.listId] as const] : [])));
  const listMessage = projectId === null ? listFieldMessages.list : listFieldMessages.projectList;
  const errors: { path: string; message: string }[] = named
    .filter((place) => !readable.has(place.listId))
    .map((place) => ({ path: place.path, message: listMessage }));
  fields.forEach((field, n) => {
    if (field.type === 'listProperty' && field.property) {
      const listId = field.sourceFieldId ? listOf.get(field.sourceFieldId) : undefined;
      const known = listId ? properties.get(listId) : undefined;
      if (!known?.some((p) => p.id === field.property))
        errors.push({ path: `definition.fields.${n}.property`, message: listFieldMessages.property });
    }
  });
  return errors;
}
