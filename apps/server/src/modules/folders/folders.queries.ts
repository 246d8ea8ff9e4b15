import type { FolderState } from '@formwork/shared/schemas/folders';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { folders } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

const rowColumns = {
  folderId: folders.folderId,
  kind: folders.kind,
  parentId: folders.parentId,
  name: folders.name,
  state: folders.state,
};
export type FolderRow = {
  folderId: string;
  kind: 'company' | 'project' | 'team';
  parentId: string | null;
  name: string;
  state: FolderState;
};

const recordSeparator = String.fromCharCode(30);
const kindOf = { p: 'project', t: 'team' } as const;
const stateOf = { a: 'active', r: 'archived', d: 'deleted' } as const;

/**
 * The folders of a tree view. `only` narrows to the folders a viewer without a company role can
 * reach: their folders (and those on the way) plus the teams of their projects.
 *
 * A large workspace has tens of thousands of folders, and decoding that many result rows is the
 * cost that dominates (PGlite most of all), so they come back packed into one text value: per
 * folder its id and parent id (36 characters each), one letter of kind and of state, then the name.
 */
export async function treeRows(
  tx: Tx,
  workspaceId: string,
  state: 'active' | 'archived',
  only?: { folderIds: string[]; projectIds: string[] },
): Promise<FolderRow[]> {
  const inState = state === 'active' ? eq(folders.state, 'active') : ne(folders.state, 'deleted');
  const reach = only
    ? or(
        inArray(folders.folderId, only.folderIds.length ? only.folderIds : [workspaceId]),
        only.projectIds.length ? inArray(folders.parentId, only.projectIds) : sql`false`,
      )
    : undefined;
  const [result] = await tx
    .select({
      packed: sql<string | null>`string_agg(
        ${folders.folderId}::text || ${folders.parentId}::text || left(${folders.kind}, 1)
          || case ${folders.state} when 'archived' then 'r' else left(${folders.state}, 1) end
          || replace(${folders.name}, chr(30), ' '),
        chr(30))`,
    })
    .from(folders)
    .where(and(eq(folders.workspaceId, workspaceId), ne(folders.kind, 'company'), inState, reach));
  if (!result?.packed) return [];
  return result.packed.split(recordSeparator).map((record) => ({
    folderId: record.slice(0, 36),
    parentId: record.slice(36, 72),
    kind: kindOf[record[72] as keyof typeof kindOf],
    state: stateOf[record[73] as keyof typeof stateOf],
    name: record.slice(74),
  }));
}

export async function foldersByIds(tx: Tx, workspaceId: string, ids: string[]): Promise<FolderRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select(rowColumns)
    .from(folders)
    .where(and(eq(folders.workspaceId, workspaceId), inArray(folders.folderId, ids)));
}

export async function insertFolder(
  tx: Tx,
  folder: { workspaceId: string; folderId: string; kind: 'project' | 'team'; parentId: string; name: string },
): Promise<FolderRow> {
  const [row] = await tx.insert(folders).values(folder).returning(rowColumns);
  return row as FolderRow;
}

export async function renameFolder(tx: Tx, workspaceId: string, folderId: string, name: string): Promise<FolderRow> {
  const [row] = await tx
    .update(folders)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(folders.workspaceId, workspaceId), eq(folders.folderId, folderId)))
    .returning(rowColumns);
  return row as FolderRow;
}

/** Sets the state of the given folders that are currently in one of `from`; returns those changed. */
export async function setState(
  tx: Tx,
  workspaceId: string,
  ids: string[],
  from: FolderState[],
  to: FolderState,
  archivedWithProject = false,
): Promise<FolderRow[]> {
  if (ids.length === 0) return [];
  return tx
    .update(folders)
    .set({ state: to, archivedWithProject, updatedAt: new Date() })
    .where(and(eq(folders.workspaceId, workspaceId), inArray(folders.folderId, ids), inArray(folders.state, from)))
    .returning(rowColumns);
}

/** The teams of the given projects in one of `from` (optionally only those archived with it). */
export async function setTeamsStateOfProjects(
  tx: Tx,
  workspaceId: string,
  projectIds: string[],
  from: FolderState[],
  to: FolderState,
  options: { onlyArchivedWithProject?: boolean; markArchivedWithProject?: boolean } = {},
): Promise<FolderRow[]> {
  if (projectIds.length === 0) return [];
  return tx
    .update(folders)
    .set({ state: to, archivedWithProject: options.markArchivedWithProject ?? false, updatedAt: new Date() })
    .where(
      and(
        eq(folders.workspaceId, workspaceId),
        eq(folders.kind, 'team'),
        inArray(folders.parentId, projectIds),
        inArray(folders.state, from),
        options.onlyArchivedWithProject ? eq(folders.archivedWithProject, true) : undefined,
      ),
    )
    .returning(rowColumns);
}
