import {
  can,
  type FolderRef,
  firstAccessibleFolder,
  type Membership,
  restoreProjectDenied,
} from '@formwork/shared/permissions';
import type { FolderState } from '@formwork/shared/schemas/folders';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useAddFolder, useChangeFolderState, useRenameFolder } from '../api/folder-tree.ts';
import { activityPath } from '../folder-paths.ts';

/** A project or team of the tree, by id (what the changes need to know of it). */
export type TreeFolder = { kind: 'project' | 'team'; name: string; state: FolderState; projectId: string };

/** An archive or delete waiting for the user's confirmation (spec 4.2). */
export type PendingChange = { state: 'archived' | 'deleted'; ids: string[] };

/**
 * What the folder navigation changes (spec 4.2, 7): add and rename inline, and archive, restore or
 * delete one or many folders, with the confirmation, the toasts and, after deleting, the move to
 * the parent folder.
 */
export function useFolderChanges({
  companyId,
  viewer,
  byId,
  onAdded,
  onRenamed,
  onChanged,
  onNavigate,
}: {
  companyId: string;
  viewer: Membership | undefined;
  byId: ReadonlyMap<string, TreeFolder>;
  /** After a folder was added (its parent opens). */
  onAdded: (kind: 'project' | 'team', parentId: string) => void;
  /** After a rename. */
  onRenamed: () => void;
  /** After an archive, restore or delete. */
  onChanged: () => void;
  /** After a change that navigated (the phone drawer closes). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const addFolder = useAddFolder(companyId);
  const renameFolder = useRenameFolder(companyId);
  const changeState = useChangeFolderState(companyId);
  const [confirm, setConfirm] = useState<PendingChange | null>(null);
  const companyRef: FolderRef = { kind: 'company', path: [companyId] };
  const projectRef = (projectId: string): FolderRef => ({ kind: 'project', path: [companyId, projectId] });

  const add = async (kind: 'project' | 'team', parentId: string, name: string) => {
    try {
      const folder = await addFolder.mutateAsync({ kind, parentId, name });
      showToast('success', t('folderAdded'));
      onAdded(kind, parentId);
      navigate(activityPath(kind, folder.folderId));
      onNavigate?.();
    } catch (error) {
      showToast('error', problemMessage(error, t));
      throw error;
    }
  };

  const rename = async (kind: 'project' | 'team', folderId: string, name: string) => {
    try {
      await renameFolder.mutateAsync({ kind, folderId, name });
      showToast('success', t('folderRenamed'));
      onRenamed();
    } catch (error) {
      showToast('error', problemMessage(error, t));
      throw error;
    }
  };

  /** Where the app goes after deleting `ids`: their project, else the company, else the first folder left. */
  const parentAfterDelete = (ids: string[]): string => {
    if (!viewer) return '/home';
    const projectIds = new Set(ids.map((id) => byId.get(id)?.projectId));
    const onlyTeams = ids.every((id) => byId.get(id)?.kind === 'team');
    const [projectId] = [...projectIds];
    if (onlyTeams && projectIds.size === 1 && projectId && can(viewer, 'folder.view', projectRef(projectId))) {
      return activityPath('project', projectId);
    }
    if (can(viewer, 'folder.view', companyRef)) return activityPath('company', companyId);
    const first = firstAccessibleFolder(viewer, companyId);
    const firstId = first?.path[first.path.length - 1];
    return first && firstId && !ids.includes(firstId) ? activityPath(first.kind, firstId) : '/home';
  };

  const run = async (state: FolderState, ids: string[]) => {
    // The parent is worked out from the tree as it was, before the change reloads it.
    const parent = state === 'deleted' ? parentAfterDelete(ids) : null;
    try {
      await changeState.mutateAsync({ state, folders: ids });
      const key =
        state === 'archived'
          ? 'successfullyArchivedTeams'
          : state === 'active'
            ? 'successfullyRestoredTeams'
            : 'successfullyDeletedTeams';
      showToast('success', t(key));
      setConfirm(null);
      onChanged();
      if (parent) {
        navigate(parent);
        onNavigate?.();
      }
    } catch (error) {
      setConfirm(null);
      showToast('error', problemMessage(error, t));
    }
  };

  /** Asks for an archive or delete to be confirmed; a restore runs at once (spec 4.2, 6). */
  const request = (state: FolderState, ids: string[]) => {
    if (ids.length === 0) {
      showToast('error', t('folders.emptySelection'));
      return;
    }
    if (state === 'active') {
      // Spec 6: others are told to contact their org controller when restoring a project folder.
      const deniedProject = ids.some((id) => {
        const folder = byId.get(id);
        return folder?.kind === 'project' && !(viewer && can(viewer, 'folder.restore', projectRef(id)));
      });
      if (deniedProject) {
        showToast('error', restoreProjectDenied);
        return;
      }
      void run('active', ids);
      return;
    }
    setConfirm({ state, ids });
  };

  return {
    add,
    adding: addFolder.isPending,
    rename,
    renaming: renameFolder.isPending,
    request,
    confirm,
    confirmPending: () => confirm && void run(confirm.state, confirm.ids),
    cancelPending: () => setConfirm(null),
    changing: changeState.isPending,
  };
}
