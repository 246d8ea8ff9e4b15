import { can, type FolderRef, type Membership } from '@formwork/shared/permissions';
import type { FolderState, TreeProject, TreeState } from '@formwork/shared/schemas/folders';
import {
  IconArchive,
  IconArrowBackUp,
  IconChecklist,
  IconFolderPlus,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translate.tsx';
import type { RowMenuItem } from '../components/folder-row.tsx';
import { type IsSelectable, toggleProject, toggleTeam } from './selection.ts';

/**
 * A folder row's menu (spec 4.2, 6): New Team Folder, Rename, Select Folders and Archive in the
 * Active view, Restore in the Archived one, and Delete, each only with the viewer's right.
 */
export function useRowMenu({
  companyId,
  viewer,
  view,
  isSelectable,
  onAddTeam,
  onRename,
  onSelect,
  onChange,
}: {
  companyId: string;
  viewer: Membership | undefined;
  view: TreeState;
  isSelectable: IsSelectable;
  onAddTeam: (projectId: string) => void;
  onRename: (kind: 'project' | 'team', folderId: string, name: string) => void;
  /** Starts bulk selection with these folders selected. */
  onSelect: (ids: Set<string>) => void;
  onChange: (state: FolderState, ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const projectRef = (projectId: string): FolderRef => ({ kind: 'project', path: [companyId, projectId] });
  const teamRef = (projectId: string, teamId: string): FolderRef => ({
    kind: 'team',
    path: [companyId, projectId, teamId],
  });

  /** The ids a single row's archive, restore or delete applies to (a project brings its teams). */
  const idsFor = (project: TreeProject, teamId?: string) =>
    teamId
      ? [teamId]
      : [...toggleProject(new Set(), project, (id, parent) => (parent ? isSelectable(id, parent) : true))];

  return (project: TreeProject, team?: TreeProject['teams'][number]): RowMenuItem[] => {
    if (!viewer) return [];
    const kind = team ? 'team' : 'project';
    const ref = team ? teamRef(project.folderId, team.folderId) : projectRef(project.folderId);
    const state = team ? team.state : project.state;
    const items: RowMenuItem[] = [];
    if (view === 'active') {
      if (!team && can(viewer, 'folder.addTeam', ref)) {
        items.push({
          key: 'add-team',
          label: t('folders.newTeam'),
          icon: <IconFolderPlus size={14} />,
          onClick: () => {
            onAddTeam(project.folderId);
          },
        });
      }
      if (can(viewer, 'folder.rename', ref)) {
        items.push({
          key: 'rename',
          label: t('folders.rename'),
          icon: <IconPencil size={14} />,
          onClick: () => onRename(kind, ref.path[ref.path.length - 1] as string, team?.name ?? project.name),
        });
      }
      if (isSelectable(team?.folderId ?? project.folderId, team ? project.folderId : null)) {
        items.push({
          key: 'select',
          label: t('folders.selectFolders'),
          icon: <IconChecklist size={14} />,
          onClick: () => {
            onSelect(
              team
                ? toggleTeam(new Set(), project, team.folderId, isSelectable)
                : toggleProject(new Set(), project, isSelectable),
            );
          },
        });
      }
      if (can(viewer, 'folder.archive', ref)) {
        items.push({
          key: 'archive',
          label: t('folders.archive'),
          icon: <IconArchive size={14} />,
          onClick: () => onChange('archived', idsFor(project, team?.folderId)),
        });
      }
    } else if (state === 'archived') {
      if (can(viewer, 'folder.restore', ref) || (kind === 'project' && can(viewer, 'folder.archive', ref))) {
        items.push({
          key: 'restore',
          label: t('folders.restore'),
          icon: <IconArrowBackUp size={14} />,
          onClick: () => onChange('active', idsFor(project, team?.folderId)),
        });
      }
    }
    if ((view === 'active' || state === 'archived') && can(viewer, 'folder.delete', ref)) {
      items.push({
        key: 'delete',
        label: t('folders.delete'),
        icon: <IconTrash size={14} />,
        color: 'red',
        onClick: () => onChange('deleted', idsFor(project, team?.folderId)),
      });
    }
    return items;
  };
}
