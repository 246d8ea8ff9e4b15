import { randomUUID } from 'node:crypto';
import { limitsFor, type Plan } from '@formwork/shared/limits';
import { encodeCursor } from '@formwork/shared/schemas/cursor';
import {
  type ListCreate,
  type ListDetail,
  type ListImportFile,
  type ListImportPreview,
  type ListItem,
  type ListItemCreate,
  type ListItemsPage,
  type ListItemUpdate,
  type ListProperty,
  type ListPropertyType,
  type ListState,
  type ListSummary,
  listCsvMaxBytes,
  listValueError,
  normaliseListValue,
} from '@formwork/shared/schemas/lists';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { recordEvents } from '../activity/record-events.ts';
import * as deployments from './list-deployments.queries.ts';
import {
  ListFileError,
  listCsv,
  listImportMaxItems,
  type ParsedImport,
  parseListCsv,
  parseListRows,
  previewImport,
} from './list-import.ts';
import { readXlsxRows } from './list-xlsx.ts';
import * as queries from './lists.queries.ts';

/** An audit event about a list, shown in the Activity of the list's folder. */
function listEvent(ctx: AccessContext, action: string, list: { id: string; name: string }, details = {}) {
  return {
    workspaceId: ctx.workspace.workspaceId,
    actorUserId: ctx.user.userId,
    action,
    subjectType: 'list' as const,
    subjectId: list.id,
    folderPath: [...ctx.folder.path],
    details: { name: list.name, ...details },
  };
}

/**
 * An edit of a list's items or properties: the list is marked changed by the user and the edit is
 * audited in the same transaction (so its folder's Activity shows it and the webhook trigger of
 * 0064 sends it as `list.changed` with `change` the action's second part, e.g. `itemAdded`).
 */
async function listEdited(
  tx: Tx,
  ctx: AccessContext,
  listId: string,
  action: `list.${'item' | 'property'}${string}`,
  details: Record<string, unknown>,
) {
  const list = await queries.touchList(tx, ctx.workspace.workspaceId, listId, ctx.user.userId);
  if (!list) throw new AppError('listNotFound');
  await recordEvents(tx, [listEvent(ctx, action, list, details)]);
}

/** The lists of the route's folder (the company's List Library or a project's Lists). */
export async function listLists(db: AppDb, ctx: AccessContext, state: ListState): Promise<{ lists: ListSummary[] }> {
  return {
    lists: await inScope(db, ctx.scope, (tx) =>
      queries.listsOfFolder(tx, ctx.workspace.workspaceId, ctx.folder.folderId, state),
    ),
  };
}

async function detail(tx: Tx, workspaceId: string, listId: string): Promise<ListDetail> {
  const list = await queries.listById(tx, workspaceId, listId);
  if (!list) throw new AppError('listNotFound');
  return { ...list, properties: await queries.propertiesOf(tx, workspaceId, listId) };
}

/**
 * Issue 18.4: a project's deployed copy takes its name, state and properties from its List Library
 * list; the project edits only its items (refused 409 listDeployedCopy).
 */
async function shapeable(tx: Tx, workspaceId: string, listId: string): Promise<ListDetail> {
  const list = await detail(tx, workspaceId, listId);
  if (list.sourceListId !== null) throw new AppError('listDeployedCopy');
  return list;
}

/** Create a list in the route's folder (spec 5.1: a name is required). */
export async function createList(db: AppDb, ctx: AccessContext, body: ListCreate): Promise<ListDetail> {
  const workspaceId = ctx.workspace.workspaceId;
  const listId = randomUUID();
  return inScope(db, ctx.scope, async (tx) => {
    await queries.insertList(tx, {
      workspaceId,
      listId,
      folderId: ctx.folder.folderId,
      name: body.name,
      userId: ctx.user.userId,
    });
    await recordEvents(tx, [listEvent(ctx, 'list.created', { id: listId, name: body.name })]);
    return detail(tx, workspaceId, listId);
  });
}

/** One list with its properties; the route step found it in the caller's workspace. */
export async function getList(db: AppDb, ctx: AccessContext, listId: string): Promise<ListDetail> {
  return inScope(db, ctx.scope, (tx) => detail(tx, ctx.workspace.workspaceId, listId));
}

export async function renameList(db: AppDb, ctx: AccessContext, listId: string, name: string): Promise<ListDetail> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const before = await shapeable(tx, workspaceId, listId);
    if (before.name === name) return before;
    await queries.updateList(tx, workspaceId, listId, { name, userId: ctx.user.userId });
    await deployments.updateCopies(tx, workspaceId, listId, { name, userId: ctx.user.userId });
    await recordEvents(tx, [listEvent(ctx, 'list.renamed', { id: listId, name }, { from: before.name })]);
    return detail(tx, workspaceId, listId);
  });
}

/**
 * Spec 4.1: active lists are archived, archived ones restored; the other way is a no-op. A List
 * Library list's deployed copies are archived and restored with it.
 */
export async function setListState(
  db: AppDb,
  ctx: AccessContext,
  listId: string,
  state: ListState,
): Promise<ListDetail> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const before = await shapeable(tx, workspaceId, listId);
    if (before.state === state) return before;
    await queries.updateList(tx, workspaceId, listId, { state, userId: ctx.user.userId });
    await deployments.updateCopies(tx, workspaceId, listId, { state, userId: ctx.user.userId });
    await recordEvents(tx, [listEvent(ctx, state === 'archived' ? 'list.archived' : 'list.restored', before)]);
    return detail(tx, workspaceId, listId);
  });
}

/**
 * Spec 4.1: a list is permanently deleted with its properties and items, and a List Library list
 * with its deployed copies (the foreign key cascades); a copy leaves a project by Undeploy.
 */
export async function deleteList(db: AppDb, ctx: AccessContext, listId: string): Promise<{ id: string; state: null }> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const before = await shapeable(tx, workspaceId, listId);
    await queries.deleteList(tx, workspaceId, listId);
    await recordEvents(tx, [listEvent(ctx, 'list.deleted', before)]);
    return { id: listId, state: null };
  });
}

/** 400 with one field error. */
function invalid(path: string, message: string): never {
  throw new AppError('validationFailed', { errors: [{ path, message }] });
}

/** Checks values against the list's properties; answers them normalised ('' drops a value). */
function checkedValues(
  properties: ListProperty[],
  values: Record<string, string>,
  base: Record<string, string> = {},
): Record<string, string> {
  const byId = new Map(properties.map((p) => [p.id, p]));
  const result = { ...base };
  for (const [propertyId, raw] of Object.entries(values)) {
    const property = byId.get(propertyId);
    if (!property) invalid(`body.values.${propertyId}`, 'This list has no such property');
    const value = normaliseListValue(property.type, raw);
    const error = listValueError(property.type, value);
    if (error) invalid(`body.values.${propertyId}`, error);
    if (value === '') delete result[propertyId];
    else result[propertyId] = value;
  }
  return result;
}

async function itemOf(tx: Tx, workspaceId: string, listId: string, itemId: string): Promise<ListItem> {
  const item = await queries.itemById(tx, workspaceId, listId, itemId);
  if (!item) throw new AppError('listItemNotFound');
  return item;
}

/** Issue 18.2: one page of a list's items in order, optionally searched by label. */
export async function listItems(
  db: AppDb,
  ctx: AccessContext,
  listId: string,
  query: { search?: string | undefined; limit: number; cursor?: readonly [number, string] | undefined },
): Promise<ListItemsPage> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const page = await queries.itemsPage(tx, workspaceId, listId, {
      search: query.search || undefined,
      limit: query.limit + 1,
      after: query.cursor,
    });
    const items = page.items.slice(0, query.limit);
    const last = items.at(-1);
    return {
      items,
      total: page.total,
      nextCursor: page.items.length > query.limit && last ? encodeCursor([last.position, last.id]) : null,
    };
  });
}

export async function createItem(
  db: AppDb,
  ctx: AccessContext,
  listId: string,
  body: ListItemCreate,
): Promise<ListItem> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const values = checkedValues(await queries.propertiesOf(tx, workspaceId, listId), body.values);
    const itemId = randomUUID();
    await queries.insertItem(tx, {
      workspaceId,
      listId,
      itemId,
      label: body.label,
      colour: body.colour ?? null,
      values,
      position: await queries.endPosition(tx, workspaceId, listId),
    });
    await listEdited(tx, ctx, listId, 'list.itemAdded', { item: body.label });
    return itemOf(tx, workspaceId, listId, itemId);
  });
}

export async function updateItem(
  db: AppDb,
  ctx: AccessContext,
  listId: string,
  itemId: string,
  body: ListItemUpdate,
): Promise<ListItem> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const before = await itemOf(tx, workspaceId, listId, itemId);
    const values =
      body.values === undefined
        ? undefined
        : checkedValues(await queries.propertiesOf(tx, workspaceId, listId), body.values, before.values);
    await queries.updateItem(tx, workspaceId, listId, itemId, {
      ...(body.label === undefined ? {} : { label: body.label }),
      ...(body.colour === undefined ? {} : { colour: body.colour }),
      ...(values === undefined ? {} : { values }),
    });
    await listEdited(tx, ctx, listId, 'list.itemChanged', { item: body.label ?? before.label });
    return itemOf(tx, workspaceId, listId, itemId);
  });
}

/** Reorder (issue 18.2): the item goes right after another item, or first. */
export async function moveItem(
  db: AppDb,
  ctx: AccessContext,
  listId: string,
  itemId: string,
  afterItemId: string | null,
): Promise<ListItem> {
  const workspaceId = ctx.workspace.workspaceId;
  if (afterItemId === itemId) invalid('body.afterItemId', 'An item cannot go after itself');
  return inScope(db, ctx.scope, async (tx) => {
    const item = await itemOf(tx, workspaceId, listId, itemId);
    let slot = await queries.slotAfter(tx, workspaceId, listId, afterItemId, itemId);
    if (!slot) invalid('body.afterItemId', 'This list has no such item');
    const between = (s: { before: number | null; after: number | null }) =>
      s.before === null
        ? s.after === null
          ? 1
          : s.after - 1
        : s.after === null
          ? s.before + 1
          : (s.before + s.after) / 2;
    let position = between(slot);
    if (slot.before !== null && slot.after !== null && !(position > slot.before && position < slot.after)) {
      await queries.renumberItems(tx, workspaceId, listId);
      slot = await queries.slotAfter(tx, workspaceId, listId, afterItemId, itemId);
      if (!slot) invalid('body.afterItemId', 'This list has no such item');
      position = between(slot);
    }
    await queries.updateItem(tx, workspaceId, listId, itemId, { position });
    await listEdited(tx, ctx, listId, 'list.itemMoved', { item: item.label });
    return itemOf(tx, workspaceId, listId, itemId);
  });
}

export async function deleteItem(
  db: AppDb,
  ctx: AccessContext,
  listId: string,
  itemId: string,
): Promise<{ id: string }> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const item = await itemOf(tx, workspaceId, listId, itemId);
    await queries.deleteItem(tx, workspaceId, listId, itemId);
    await listEdited(tx, ctx, listId, 'list.itemRemoved', { item: item.label });
    return { id: itemId };
  });
}

function nameUsed(): never {
  throw new AppError('listPropertyNameUsed', {
    errors: [{ path: 'body.name', message: 'A property with this name already exists in this list' }],
  });
}

/** Issue 18.2, spec 5.2: a new property, within the plan's properties per list. */
export async function createProperty(
  db: AppDb,
  ctx: AccessContext,
  listId: string,
  body: { name: string; type: ListPropertyType },
): Promise<ListDetail> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    await shapeable(tx, workspaceId, listId);
    const properties = await queries.propertiesOf(tx, workspaceId, listId);
    if (properties.length >= limitsFor(ctx.workspace.plan).propertiesPerList) throw new AppError('listPropertyLimit');
    if (properties.some((p) => p.name.toLowerCase() === body.name.toLowerCase())) nameUsed();
    await queries.insertProperty(tx, {
      workspaceId,
      listId,
      propertyId: randomUUID(),
      name: body.name,
      type: body.type,
      sortValue: Math.max(-1, ...properties.map((p) => p.sortValue)) + 1,
    });
    await deployments.syncCopyProperties(tx, workspaceId, listId);
    await listEdited(tx, ctx, listId, 'list.propertyAdded', { property: body.name });
    return detail(tx, workspaceId, listId);
  });
}

export async function renameProperty(
  db: AppDb,
  ctx: AccessContext,
  listId: string,
  propertyId: string,
  name: string,
): Promise<ListDetail> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    await shapeable(tx, workspaceId, listId);
    const properties = await queries.propertiesOf(tx, workspaceId, listId);
    if (!properties.some((p) => p.id === propertyId)) throw new AppError('listPropertyNotFound');
    if (properties.some((p) => p.id !== propertyId && p.name.toLowerCase() === name.toLowerCase())) nameUsed();
    await queries.renameProperty(tx, workspaceId, listId, propertyId, name);
    await deployments.syncCopyProperties(tx, workspaceId, listId);
    await listEdited(tx, ctx, listId, 'list.propertyRenamed', { property: name });
    return detail(tx, workspaceId, listId);
  });
}

/** Removes a property with its values. */
export async function deleteProperty(
  db: AppDb,
  ctx: AccessContext,
  listId: string,
  propertyId: string,
): Promise<ListDetail> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    await shapeable(tx, workspaceId, listId);
    const properties = await queries.propertiesOf(tx, workspaceId, listId);
    if (!properties.some((p) => p.id === propertyId)) throw new AppError('listPropertyNotFound');
    await queries.deleteProperty(tx, workspaceId, listId, propertyId);
    await deployments.syncCopyProperties(tx, workspaceId, listId);
    await listEdited(tx, ctx, listId, 'list.propertyRemoved', {
      property: properties.find((p) => p.id === propertyId)?.name,
    });
    return detail(tx, workspaceId, listId);
  });
}

/** An import file read into rows, before any transaction opens; its parse needs the list's properties. */
type ImportFile = { field: 'csv' | 'xlsx'; parse: (existing: ListProperty[], maxProperties: number) => ParsedImport };

/** A file refused whole: 400 listCsvInvalid (spec 8.2) with the reason on the file's field. */
function refused(field: 'csv' | 'xlsx', error: unknown): never {
  if (error instanceof ListFileError) {
    throw new AppError('listCsvInvalid', { errors: [{ path: `body.${field}`, message: error.message }] });
  }
  throw error;
}

/**
 * Issue 18.3: a CSV, or an XLSX file (its first sheet through exceljs, checked for size, ZIP
 * bombs and row count first), becomes the same rows for the one import step.
 */
async function readImportFile(file: ListImportFile): Promise<ImportFile> {
  const field = 'csv' in file ? 'csv' : 'xlsx';
  const guarded =
    (parse: ImportFile['parse']): ImportFile['parse'] =>
    (existing, maxProperties) => {
      try {
        return parse(existing, maxProperties);
      } catch (error) {
        refused(field, error);
      }
    };
  if ('csv' in file) return { field, parse: guarded((existing, max) => parseListCsv(file.csv, existing, max)) };
  const data = Buffer.from(file.xlsx, 'base64');
  if (data.length > listCsvMaxBytes)
    throw new AppError('payloadTooLarge', { detail: 'The file is larger than 10 MB.' });
  const rows = await readXlsxRows(data, listImportMaxItems).catch((error: unknown) => refused(field, error));
  return { field, parse: guarded((existing, max) => parseListRows(rows, existing, max)) };
}

async function readImport(tx: Tx, ctx: AccessContext, listId: string, file: ImportFile) {
  const workspaceId = ctx.workspace.workspaceId;
  const properties = await queries.propertiesOf(tx, workspaceId, listId);
  const parsed = file.parse(properties, limitsFor(ctx.workspace.plan).propertiesPerList);
  const items = await queries.allItems(tx, workspaceId, listId);
  return { properties, parsed, items };
}

/** Issue 18.3: what an import of this file would change, and the rows with errors; nothing is written. */
export async function previewListImport(
  db: AppDb,
  ctx: AccessContext,
  listId: string,
  body: ListImportFile,
): Promise<ListImportPreview> {
  const file = await readImportFile(body);
  return inScope(db, ctx.scope, async (tx) => {
    await shapeable(tx, ctx.workspace.workspaceId, listId);
    const { properties, parsed, items } = await readImport(tx, ctx, listId, file);
    return previewImport(parsed, properties, items);
  });
}

/**
 * Issue 18.3, spec 5.1: the CSV or XLSX file replaces all items and properties, in one transaction; a file with
 * any error changes nothing (400 listCsvInvalid with every row's error). Items and properties
 * whose label or name the file keeps keep their ids.
 */
export async function applyListImport(
  db: AppDb,
  ctx: AccessContext,
  listId: string,
  body: ListImportFile,
): Promise<ListDetail> {
  const workspaceId = ctx.workspace.workspaceId;
  const file = await readImportFile(body);
  let changed = 0;
  const result = await inScope(db, ctx.scope, async (tx) => {
    const list = await shapeable(tx, workspaceId, listId);
    const { properties, parsed, items } = await readImport(tx, ctx, listId, file);
    if (parsed.errors.length > 0) {
      throw new AppError('listCsvInvalid', {
        errors: parsed.errors.map((e) => ({
          path: `body.${file.field}.line.${e.line}`,
          message: `Line ${e.line}: ${e.message}`,
        })),
      });
    }
    const preview = previewImport(parsed, properties, items);
    changed = items.length + parsed.items.length;
    const ids = parsed.properties.map((p) => ({
      propertyId: p.existingId ?? randomUUID(),
      name: p.name,
      type: p.type,
      isNew: p.existingId === null,
    }));
    const idOfLabel = new Map(items.map((i) => [i.label.toLowerCase(), i.id]));
    await queries.replaceContents(
      tx,
      workspaceId,
      listId,
      ids,
      parsed.items.map((item) => ({
        itemId: idOfLabel.get(item.label.toLowerCase()) ?? randomUUID(),
        label: item.label,
        colour: item.colour,
        values: Object.fromEntries(
          ids.flatMap((p, n) => (item.values[n] ? [[p.propertyId, item.values[n] as string]] : [])),
        ),
      })),
    );
    await deployments.syncCopyProperties(tx, workspaceId, listId);
    await queries.touchList(tx, workspaceId, listId, ctx.user.userId);
    await recordEvents(tx, [listEvent(ctx, 'list.imported', list, { ...preview.counts })]);
    return detail(tx, workspaceId, listId);
  });
  // A large import changes what the planner should know of list items before the next typeahead
  // (autovacuum would analyze within a minute on PostgreSQL, and never on PGlite).
  if (changed >= analyzeAfterItems) await queries.analyzeItems(db);
  return result;
}

/** Items written and removed by an import from which the statistics of list items are refreshed. */
const analyzeAfterItems = 1000;

/** Issue 18.3: the list as CSV, in the list's order. */
export async function exportListCsv(
  db: AppDb,
  ctx: AccessContext,
  listId: string,
): Promise<{ fileName: string; csv: string }> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const list = await detail(tx, workspaceId, listId);
    const items = await queries.allItems(tx, workspaceId, listId);
    return { fileName: `${list.name}.csv`, csv: listCsv(list.properties, items) };
  });
}

/**
 * A new list filled from a CSV inside the caller's transaction (the demo seed): the same parse and
 * replacement as an import; a file with errors throws.
 */
export async function writeListFromCsv(
  tx: Tx,
  input: { workspaceId: string; folderPath: string[]; actorUserId: string; name: string; csv: string; plan: Plan },
): Promise<string> {
  const { workspaceId, actorUserId } = input;
  const listId = randomUUID();
  const folderId = input.folderPath.at(-1) as string;
  await queries.insertList(tx, { workspaceId, listId, folderId, name: input.name, userId: actorUserId });
  const parsed = parseListCsv(input.csv, [], limitsFor(input.plan).propertiesPerList);
  if (parsed.errors.length > 0) throw new Error(`List ${input.name}: ${JSON.stringify(parsed.errors)}`);
  const ids = parsed.properties.map((p) => ({ propertyId: randomUUID(), name: p.name, type: p.type, isNew: true }));
  await queries.replaceContents(
    tx,
    workspaceId,
    listId,
    ids,
    parsed.items.map((item) => ({
      itemId: randomUUID(),
      label: item.label,
      colour: item.colour,
      values: Object.fromEntries(
        ids.flatMap((p, n) => (item.values[n] ? [[p.propertyId, item.values[n] as string]] : [])),
      ),
    })),
  );
  await recordEvents(tx, [
    {
      workspaceId,
      actorUserId,
      action: 'list.created',
      subjectType: 'list',
      subjectId: listId,
      folderPath: input.folderPath,
      details: { name: input.name },
    },
  ]);
  return listId;
}
