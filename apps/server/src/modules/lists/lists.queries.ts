import type {
  ListDeploymentType,
  ListProperty,
  ListPropertyType,
  ListState,
  ListSummary,
} from '@formwork/shared/schemas/lists';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { listItems, listProperties, lists } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

type SummaryRow = {
  id: string;
  folder_id: string;
  name: string;
  state: ListState;
  item_count: number | string;
  property_count: number | string;
  updated_at: string | Date;
  source_list_id: string | null;
  deployment: ListDeploymentType | null;
};

function toSummary(row: SummaryRow): ListSummary {
  return {
    id: row.id,
    folderId: row.folder_id,
    name: row.name,
    state: row.state,
    itemCount: Number(row.item_count),
    propertyCount: Number(row.property_count),
    updatedAt: new Date(row.updated_at).toISOString(),
    sourceListId: row.source_list_id,
    deployment: row.deployment,
  };
}

const summaryColumns = sql`l.list_id as id, l.folder_id, l.name, l.state, l.updated_at, l.source_list_id, l.deployment,
  (select count(*) from list_items i where i.workspace_id = l.workspace_id and i.list_id = l.list_id) as item_count,
  (select count(*) from list_properties p where p.workspace_id = l.workspace_id and p.list_id = l.list_id) as property_count`;

/** The lists of one folder in one state, by name (case-insensitively). */
export async function listsOfFolder(
  tx: Tx,
  workspaceId: string,
  folderId: string,
  state: ListState,
): Promise<ListSummary[]> {
  const result = await tx.execute<SummaryRow>(sql`
    select ${summaryColumns} from lists l
     where l.workspace_id = ${workspaceId} and l.folder_id = ${folderId} and l.state = ${state}
     order by lower(l.name), l.list_id`);
  return result.rows.map(toSummary);
}

export async function listById(tx: Tx, workspaceId: string, listId: string): Promise<ListSummary | undefined> {
  const result = await tx.execute<SummaryRow>(sql`
    select ${summaryColumns} from lists l where l.workspace_id = ${workspaceId} and l.list_id = ${listId}`);
  const [row] = result.rows;
  return row ? toSummary(row) : undefined;
}

export async function propertiesOf(tx: Tx, workspaceId: string, listId: string): Promise<ListProperty[]> {
  const rows = await tx
    .select({
      id: listProperties.propertyId,
      name: listProperties.name,
      type: listProperties.type,
      sortValue: listProperties.sortValue,
    })
    .from(listProperties)
    .where(and(eq(listProperties.workspaceId, workspaceId), eq(listProperties.listId, listId)))
    .orderBy(asc(listProperties.sortValue), asc(listProperties.propertyId));
  return rows;
}

export async function insertList(
  tx: Tx,
  row: { workspaceId: string; listId: string; folderId: string; name: string; userId: string },
): Promise<void> {
  await tx.insert(lists).values({
    workspaceId: row.workspaceId,
    listId: row.listId,
    folderId: row.folderId,
    name: row.name,
    createdBy: row.userId,
    updatedBy: row.userId,
  });
}

export async function updateList(
  tx: Tx,
  workspaceId: string,
  listId: string,
  change: { name?: string; state?: ListState; userId: string },
): Promise<void> {
  await tx
    .update(lists)
    .set({
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.state === undefined ? {} : { state: change.state }),
      updatedBy: change.userId,
      updatedAt: new Date(),
    })
    .where(and(eq(lists.workspaceId, workspaceId), eq(lists.listId, listId)));
}

/** Removes the list with its properties and items (cascade). */
export async function deleteList(tx: Tx, workspaceId: string, listId: string): Promise<void> {
  await tx.delete(lists).where(and(eq(lists.workspaceId, workspaceId), eq(lists.listId, listId)));
}

type ItemRow = { id: string; label: string; colour: string | null; values: Record<string, string>; position: number };

const itemColumns = sql`item_id as id, label, colour, "values", position`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function searchMatch(search: string | undefined) {
  return search ? sql`and label_key like ${`%${escapeLike(search.toLowerCase())}%`}` : sql``;
}

/**
 * One page of items in the list's order, optionally those whose label contains `search`. Without
 * `countUpTo` the matches are counted exactly. With it (a typeahead) one walk of the list's order
 * index finds the page and counts the matches from the page's start, stopping at `countUpTo`: under
 * row-level security no index serves a contains search (LIKE is not leakproof, so the planner will
 * not use a trigram index for it: 0041_list_item_search_under_rls.sql), and a second scan to count
 * a rare label's one match would read the whole list again.
 */
export async function itemsPage(
  tx: Tx,
  workspaceId: string,
  listId: string,
  options: {
    search?: string | undefined;
    limit: number;
    after?: readonly [number, string] | undefined;
    countUpTo?: number | undefined;
  },
): Promise<{ items: ItemRow[]; total: number }> {
  const after = options.after ? sql`and (position, item_id) > (${options.after[0]}, ${options.after[1]}::uuid)` : sql``;
  const matching = sql`from list_items
       where workspace_id = ${workspaceId} and list_id = ${listId} ${searchMatch(options.search)}`;
  if (options.countUpTo !== undefined) {
    const result = await tx.execute<ItemRow & { total: string | number }>(sql`
      with m as (
        select item_id, position ${matching} ${after} order by position, item_id limit ${options.countUpTo})
      select i.item_id as id, i.label, i.colour, i."values", i.position, (select count(*) from m) as total
        from (select item_id, position from m order by position, item_id limit ${options.limit}) p
        join list_items i on i.workspace_id = ${workspaceId} and i.list_id = ${listId} and i.item_id = p.item_id
       order by p.position, p.item_id`);
    return {
      items: result.rows.map(({ total: _, ...r }) => ({ ...r, position: Number(r.position) })),
      total: Number(result.rows[0]?.total ?? 0),
    };
  }
  const [page, count] = await Promise.all([
    tx.execute<ItemRow>(sql`
      select ${itemColumns} ${matching} ${after}
       order by position, item_id limit ${options.limit}`),
    tx.execute<{ total: string | number }>(sql`select count(*) as total ${matching}`),
  ]);
  return {
    items: page.rows.map((r) => ({ ...r, position: Number(r.position) })),
    total: Number(count.rows[0]?.total ?? 0),
  };
}

/** The items of a list whose label is one of `labelKeys` (lower-cased), in the list's order. */
export async function itemsByLabelKeys(
  tx: Tx,
  workspaceId: string,
  listId: string,
  labelKeys: readonly string[],
): Promise<{ id: string; label: string }[]> {
  if (labelKeys.length === 0) return [];
  const result = await tx.execute<{ id: string; label: string }>(sql`
    select item_id as id, label from list_items
     where workspace_id = ${workspaceId} and list_id = ${listId}
       and label_key in (${sql.join(
         labelKeys.map((k) => sql`${k}`),
         sql`, `,
       )})
     order by position, item_id`);
  return result.rows;
}

/** The items of a list among `itemIds` (ids of other lists or unknown ids are not found). */
export async function itemsByIds(
  tx: Tx,
  workspaceId: string,
  listId: string,
  itemIds: readonly string[],
): Promise<ItemRow[]> {
  if (itemIds.length === 0) return [];
  const result = await tx.execute<ItemRow>(sql`
    select ${itemColumns} from list_items
     where workspace_id = ${workspaceId} and list_id = ${listId}
       and item_id in (${sql.join(
         itemIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})`);
  return result.rows.map((r) => ({ ...r, position: Number(r.position) }));
}

/** The properties of several lists, by list id. */
export async function propertiesOfLists(
  tx: Tx,
  workspaceId: string,
  listIds: readonly string[],
): Promise<Map<string, ListProperty[]>> {
  const byList = new Map<string, ListProperty[]>(listIds.map((id) => [id, []]));
  if (listIds.length === 0) return byList;
  const result = await tx.execute<{
    list_id: string;
    id: string;
    name: string;
    type: ListPropertyType;
    sort_value: number;
  }>(sql`
    select list_id, property_id as id, name, type, sort_value from list_properties
     where workspace_id = ${workspaceId}
       and list_id in (${sql.join(
         listIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})
     order by sort_value, property_id`);
  for (const r of result.rows)
    byList.get(r.list_id)?.push({ id: r.id, name: r.name, type: r.type, sortValue: Number(r.sort_value) });
  return byList;
}

export async function itemById(
  tx: Tx,
  workspaceId: string,
  listId: string,
  itemId: string,
): Promise<ItemRow | undefined> {
  const result = await tx.execute<ItemRow>(sql`
    select ${itemColumns} from list_items where workspace_id = ${workspaceId} and list_id = ${listId} and item_id = ${itemId}`);
  const [row] = result.rows;
  return row ? { ...row, position: Number(row.position) } : undefined;
}

/** The position after the list's last item. */
export async function endPosition(tx: Tx, workspaceId: string, listId: string): Promise<number> {
  const result = await tx.execute<{ p: number | string | null }>(sql`
    select max(position) as p from list_items where workspace_id = ${workspaceId} and list_id = ${listId}`);
  const p = result.rows[0]?.p;
  return p === null || p === undefined ? 1 : Number(p) + 1;
}

export async function insertItem(
  tx: Tx,
  row: {
    workspaceId: string;
    listId: string;
    itemId: string;
    label: string;
    colour: string | null;
    values: Record<string, string>;
    position: number;
  },
): Promise<void> {
  await tx.insert(listItems).values(row);
}

export async function updateItem(
  tx: Tx,
  workspaceId: string,
  listId: string,
  itemId: string,
  change: { label?: string; colour?: string | null; values?: Record<string, string>; position?: number },
): Promise<void> {
  await tx
    .update(listItems)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(listItems.workspaceId, workspaceId), eq(listItems.listId, listId), eq(listItems.itemId, itemId)));
}

export async function deleteItem(tx: Tx, workspaceId: string, listId: string, itemId: string): Promise<boolean> {
  const rows = await tx
    .delete(listItems)
    .where(and(eq(listItems.workspaceId, workspaceId), eq(listItems.listId, listId), eq(listItems.itemId, itemId)))
    .returning({ id: listItems.itemId });
  return rows.length > 0;
}

/** The positions right before and after `itemId`'s slot when an item goes after it (null: first). */
export async function slotAfter(
  tx: Tx,
  workspaceId: string,
  listId: string,
  afterItemId: string | null,
  movingItemId: string,
): Promise<{ before: number | null; after: number | null } | undefined> {
  if (afterItemId === null) {
    const result = await tx.execute<{ p: number | string | null }>(sql`
      select min(position) as p from list_items
       where workspace_id = ${workspaceId} and list_id = ${listId} and item_id <> ${movingItemId}`);
    const p = result.rows[0]?.p;
    return { before: null, after: p === null || p === undefined ? null : Number(p) };
  }
  const result = await tx.execute<{ p: number | string; next: number | string | null }>(sql`
    select a.position as p, (
      select min(n.position) from list_items n
       where n.workspace_id = a.workspace_id and n.list_id = a.list_id and n.item_id <> ${movingItemId}
         and (n.position, n.item_id) > (a.position, a.item_id)) as next
      from list_items a
     where a.workspace_id = ${workspaceId} and a.list_id = ${listId} and a.item_id = ${afterItemId}`);
  const [row] = result.rows;
  if (!row) return undefined;
  return { before: Number(row.p), after: row.next === null ? null : Number(row.next) };
}

/** Renumbers the list's items 1..n in their order (when two neighbours leave no room between them). */
export async function renumberItems(tx: Tx, workspaceId: string, listId: string): Promise<void> {
  await tx.execute(sql`
    update list_items i set position = o.n
      from (select item_id, row_number() over (order by position, item_id) as n
              from list_items where workspace_id = ${workspaceId} and list_id = ${listId}) o
     where i.workspace_id = ${workspaceId} and i.list_id = ${listId} and i.item_id = o.item_id`);
}

/** Marks the list changed (its items or properties). */
/**
 * Refreshes the planner's statistics of list items: the table's size and the columns a typeahead's
 * plan depends on (the workspace and list it walks, the label its search filters; leaving out the
 * items' values makes it about three times cheaper: 65 ms of CPU on PGlite for 50,000 items).
 * ANALYZE samples at most 30,000 rows, so its cost is bounded whatever the table holds. Run by the
 * database's owner, outside a tenant scope: it reads no row for the application. Until statistics
 * know a list's size the planner takes a just-imported list of 50,000 items for a few rows, and a
 * typeahead reads all of them and sorts them where it should walk the order index and stop at its
 * page (docs/benchmarks.md).
 */
export async function analyzeItems(db: AppDb): Promise<void> {
  await db.execute(sql`analyze list_items (workspace_id, list_id, label_key)`);
}

/** Marks the list changed by the user; answers its id and name (nothing when it is not there). */
export async function touchList(
  tx: Tx,
  workspaceId: string,
  listId: string,
  userId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [list] = await tx
    .update(lists)
    .set({ updatedBy: userId, updatedAt: new Date() })
    .where(and(eq(lists.workspaceId, workspaceId), eq(lists.listId, listId)))
    .returning({ id: lists.listId, name: lists.name });
  return list;
}

export async function insertProperty(
  tx: Tx,
  row: {
    workspaceId: string;
    listId: string;
    propertyId: string;
    name: string;
    type: ListPropertyType;
    sortValue: number;
  },
): Promise<void> {
  await tx.insert(listProperties).values(row);
}

export async function renameProperty(
  tx: Tx,
  workspaceId: string,
  listId: string,
  propertyId: string,
  name: string,
): Promise<void> {
  await tx
    .update(listProperties)
    .set({ name })
    .where(
      and(
        eq(listProperties.workspaceId, workspaceId),
        eq(listProperties.listId, listId),
        eq(listProperties.propertyId, propertyId),
      ),
    );
}

/** Removes a property and its values from every item of the list. */
export async function deleteProperty(tx: Tx, workspaceId: string, listId: string, propertyId: string): Promise<void> {
  await tx
    .delete(listProperties)
    .where(
      and(
        eq(listProperties.workspaceId, workspaceId),
        eq(listProperties.listId, listId),
        eq(listProperties.propertyId, propertyId),
      ),
    );
  await tx.execute(sql`
    update list_items set "values" = "values" - ${propertyId}::text
     where workspace_id = ${workspaceId} and list_id = ${listId}`);
}

/** Every item of a list (label, colour, values), for comparing with an import. */
export async function allItems(
  tx: Tx,
  workspaceId: string,
  listId: string,
): Promise<{ id: string; label: string; colour: string | null; values: Record<string, string> }[]> {
  const result = await tx.execute<{ id: string; label: string; colour: string | null; values: Record<string, string> }>(
    sql`select item_id as id, label, colour, "values" from list_items
         where workspace_id = ${workspaceId} and list_id = ${listId} order by position, item_id`,
  );
  return result.rows;
}

/**
 * Items per statement: few round trips, and no parameter so large that it grows the database's
 * memory (on PGlite one statement of 50,000 items took more CPU and memory than ten of 5,000).
 */
const importChunk = 5000;

/**
 * Replaces a list's properties and items (an import), set-based: properties not listed are
 * removed, listed ones are written with their new name, type and order in one upsert; every item
 * is removed and the new ones written in order by INSERT ... SELECT over json_to_recordset, the
 * rows sent as one JSON parameter per 5,000 (50,000 items are ten statements, where the query
 * builder made 50 batches of 7,000 parameters each).
 */
export async function replaceContents(
  tx: Tx,
  workspaceId: string,
  listId: string,
  properties: { propertyId: string; name: string; type: ListPropertyType; isNew: boolean }[],
  items: { itemId: string; label: string; colour: string | null; values: Record<string, string> }[],
): Promise<void> {
  const keep = properties.filter((p) => !p.isNew).map((p) => p.propertyId);
  await tx.execute(sql`
    delete from list_properties where workspace_id = ${workspaceId} and list_id = ${listId}
       and not (property_id = any(${`{${keep.join(',')}}`}::uuid[]))`);
  if (properties.length > 0) {
    const rows = properties.map((p, n) => ({ id: p.propertyId, name: p.name, type: p.type, sort: n }));
    await tx.execute(sql`
      insert into list_properties (workspace_id, list_id, property_id, name, type, sort_value)
      select ${workspaceId}::uuid, ${listId}::uuid, r.id, r.name, r.type, r.sort
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(id uuid, name text, type text, sort integer)
      on conflict (workspace_id, list_id, property_id)
        do update set name = excluded.name, type = excluded.type, sort_value = excluded.sort_value`);
  }
  await tx.execute(sql`delete from list_items where workspace_id = ${workspaceId} and list_id = ${listId}`);
  for (let start = 0; start < items.length; start += importChunk) {
    const rows = items
      .slice(start, start + importChunk)
      .map((item, n) => ({ i: item.itemId, l: item.label, c: item.colour, v: item.values, p: start + n + 1 }));
    await tx.execute(sql`
      insert into list_items (workspace_id, list_id, item_id, label, colour, "values", position)
      select ${workspaceId}::uuid, ${listId}::uuid, r.i, r.l, r.c, r.v, r.p
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(i uuid, l text, c text, v jsonb, p double precision)`);
  }
}

/**
 * Issue 18.5: the list a form in project `projectId` reads for the list `listId` its field names,
 * when that is a list the project may read: an active list of the List Library (then the project's
 * deployed copy of it if there is one, else the list itself) or an active list of the project's own
 * (not a deployed copy: a field names the library list). One statement: the primary key finds the
 * list, the unique index `lists_deployed_copy_key` the copy. Undefined otherwise, or when the copy
 * the project reads is archived.
 */
export async function readableList(
  tx: Tx,
  workspaceId: string,
  projectId: string,
  listId: string,
): Promise<string | undefined> {
  const result = await tx.execute<{ list_id: string }>(sql`
    select coalesce(d.list_id, l.list_id) as list_id
      from lists l
      left join lists d
        on d.workspace_id = l.workspace_id and d.source_list_id = l.list_id and d.folder_id = ${projectId}
     where l.workspace_id = ${workspaceId} and l.list_id = ${listId} and l.state = 'active'
       and (l.folder_id = ${workspaceId} or (l.folder_id = ${projectId} and l.source_list_id is null))
       and coalesce(d.state, 'active') = 'active'`);
  return result.rows[0]?.list_id;
}

export type FieldListRow = { id: string; name: string; origin: 'library' | 'project' };

/**
 * The lists a template's list fields may name (issue 18.5), by name: for the Template Library
 * (`projectId` null) the List Library's active lists; for a team template, the List Library lists
 * deployed to its project and the project's own active lists.
 */
export async function fieldLists(tx: Tx, workspaceId: string, projectId: string | null): Promise<FieldListRow[]> {
  const result =
    projectId === null
      ? await tx.execute<FieldListRow>(sql`
          select list_id as id, name, 'library' as origin from lists
           where workspace_id = ${workspaceId} and folder_id = ${workspaceId} and state = 'active'
           order by lower(name), list_id`)
      : await tx.execute<FieldListRow>(sql`
          select * from (
            select l.list_id as id, l.name, 'library' as origin
              from lists l
              join lists c on c.workspace_id = l.workspace_id and c.source_list_id = l.list_id and c.folder_id = ${projectId}
             where l.workspace_id = ${workspaceId} and l.folder_id = ${workspaceId} and l.state = 'active'
            union all
            select list_id as id, name, 'project' as origin from lists
             where workspace_id = ${workspaceId} and folder_id = ${projectId} and source_list_id is null and state = 'active'
          ) r order by lower(r.name), r.id`);
  return result.rows;
}
