import {
  can,
  type FolderKind,
  type FolderRef,
  firstAccessibleFolder,
  type Membership,
} from '@formwork/shared/permissions';
import type { FolderState, FolderTree, TreeState } from '@formwork/shared/schemas/folders';
import type { AccessibleWorkspace } from '@formwork/shared/schemas/workspaces';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { fetchFolderTree, folderKeys, useFolderTree, wasDeletedHere } from '../../features/folders/api/folder-tree.ts';
import { activityPath } from '../../features/folders/folder-paths.ts';
import { fetchAccessibleWorkspaces, workspaceKeys } from '../../features/workspaces/api/accessible-workspaces.ts';
import { storedWorkspaceId } from '../../features/workspaces/hooks/current-workspace.ts';

export const levelKinds: Record<string, FolderKind> = { companies: 'company', projects: 'project', teams: 'team' };

/** The navigated folder, with the names the breadcrumb needs. */
export type FolderLocation = {
  companyId: string;
  companyName: string;
  kind: FolderKind;
  folderId: string;
  path: string[];
  state: FolderState;
  projectName?: string;
  teamName?: string;
  viewer: Membership;
};

export type LocationResult =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'found'; location: FolderLocation }
  | { status: 'missing'; companyId: string | null };

/** Finds a folder in one company tree. */
export function locateInTree(tree: FolderTree, kind: FolderKind, folderId: string): FolderLocation | null {
  const base = { companyId: tree.company.folderId, companyName: tree.company.name, viewer: tree.viewer };
  if (kind === 'company') {
    return tree.company.folderId === folderId ? { ...base, kind, folderId, path: [folderId], state: 'active' } : null;
  }
  for (const project of tree.projects) {
    if (kind === 'project' && project.folderId === folderId) {
      return {
        ...base,
        kind,
        folderId,
        path: [tree.company.folderId, folderId],
        state: project.state,
        projectName: project.name,
      };
    }
    if (kind === 'team') {
      const team = project.teams.find((t) => t.folderId === folderId);
      if (team) {
        return {
          ...base,
          kind,
          folderId,
          path: [tree.company.folderId, project.folderId, folderId],
          state: team.state,
          projectName: project.name,
          teamName: team.name,
        };
      }
    }
  }
  return null;
}

async function fetchTree(queryClient: QueryClient, companyId: string, state: TreeState): Promise<FolderTree | null> {
  try {
    return await queryClient.fetchQuery({
      queryKey: folderKeys.tree(companyId, state),
      queryFn: () => fetchFolderTree(companyId, state),
      meta: { handlesErrors: true },
      staleTime: 30_000,
    });
  } catch {
    return null;
  }
}

export function fetchAccessible(queryClient: QueryClient): Promise<AccessibleWorkspace[]> {
  return queryClient.fetchQuery({
    queryKey: workspaceKeys.accessible(),
    queryFn: fetchAccessibleWorkspaces,
    staleTime: 30_000,
  });
}

/**
 * Which company holds a project or team: the current workspace first, then the others the user
 * belongs to (the API has no folder-by-id call yet, so the trees are asked; they are cached).
 */
async function findCompany(queryClient: QueryClient, kind: FolderKind, folderId: string): Promise<string | null> {
  if (kind === 'company') return folderId;
  const accessible = await fetchAccessible(queryClient).catch(() => [] as AccessibleWorkspace[]);
  const stored = storedWorkspaceId();
  const candidates = [...new Set([stored, ...accessible.map((w) => w.workspaceId)])].filter(
    (id): id is string => id !== null,
  );
  for (const companyId of candidates) {
    for (const state of ['active', 'archived'] as const) {
      const tree = await fetchTree(queryClient, companyId, state);
      if (!tree) break;
      if (locateInTree(tree, kind, folderId)) return companyId;
    }
  }
  return null;
}

/**
 * The folder of a /home/{level}/{id} route. A folder that does not exist, or that the user may
 * not view, is `missing` (spec 8.2 folderNotFound). Names come from the live trees, so a rename
 * shows at once.
 */
export function useFolderLocation(level: string | undefined, folderId: string | undefined): LocationResult {
  const kind = level ? levelKinds[level] : undefined;
  const queryClient = useQueryClient();
  // Where each folder was last seen, by id. Not "the last folder rendered": React may render the
  // next route in a transition and throw that render away (an urgent update, such as a reloaded
  // tree, interrupts it), so a single slot would hold a folder that was never on screen (issue 14.9).
  const seen = useRef(new Map<string, FolderLocation>());
  const company = useQuery({
    queryKey: folderKeys.companyOf(kind, folderId),
    // biome-ignore lint/style/noNonNullAssertion: enabled only with both.
    queryFn: () => findCompany(queryClient, kind!, folderId!),
    enabled: Boolean(kind && folderId),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesErrors: true },
  });
  const companyId = company.data ?? null;
  const active = useFolderTree(companyId, 'active');
  const archived = useFolderTree(companyId, 'archived');
  if (!kind || !folderId) return { status: 'none' };
  if (company.isPending) return { status: 'loading' };
  if (!companyId) return { status: 'missing', companyId: null };
  const found =
    (active.data && locateInTree(active.data, kind, folderId)) ||
    (archived.data && locateInTree(archived.data, kind, folderId)) ||
    null;
  if (!found) {
    const previous = seen.current.get(folderId);
    const kept: LocationResult | null = previous ? { status: 'found', location: previous } : null;
    // A folder the user just deleted keeps showing while the app goes to its parent (spec 4.2).
    if (kept && wasDeletedHere(folderId)) return kept;
    if (active.isPending || archived.isPending || active.isFetching || archived.isFetching) {
      // A folder moving between the trees (archive, restore) keeps showing while they reload.
      return kept ?? { status: 'loading' };
    }
    return { status: 'missing', companyId };
  }
  remember(seen.current, found);
  const ref: FolderRef = { kind, path: found.path };
  if (!can(found.viewer, 'folder.view', ref)) return { status: 'missing', companyId };
  return { status: 'found', location: found };
}

/** How many folders useFolderLocation remembers (the most recently seen). */
const seenFolders = 20;

function remember(seen: Map<string, FolderLocation>, location: FolderLocation) {
  seen.delete(location.folderId);
  seen.set(location.folderId, location);
  if (seen.size > seenFolders) seen.delete(seen.keys().next().value as string);
}

export type Landing = { path: string } | { noWorkspace: true };

/**
 * Spec 6 landing: in the preferred (or remembered) workspace, a team member goes to their team's
 * activity, project or company members to theirs, an admin to the company; otherwise the next
 * accessible workspace. An archived remembered workspace lands on /home, where the switcher opens.
 */
export async function landingPath(
  queryClient: QueryClient,
  preferredCompanyId?: string,
  exclude?: string,
): Promise<Landing> {
  const accessible = await fetchAccessible(queryClient);
  const preferred = preferredCompanyId ?? storedWorkspaceId();
  if (!preferredCompanyId && preferred && accessible.some((w) => w.workspaceId === preferred && w.archived)) {
    return { path: '/home' };
  }
  const candidates = [
    ...new Set([preferred, ...accessible.filter((w) => !w.archived).map((w) => w.workspaceId)]),
  ].filter((id): id is string => id !== null);
  for (const companyId of candidates) {
    const tree = await fetchTree(queryClient, companyId, 'active');
    if (!tree) continue;
    const folder = firstAccessibleFolder(tree.viewer, companyId);
    const id = folder?.path[folder.path.length - 1];
    if (folder && id && id !== exclude) return { path: activityPath(folder.kind, id) };
  }
  if (accessible.length === 0) return { noWorkspace: true };
  return { path: '/home' };
}
