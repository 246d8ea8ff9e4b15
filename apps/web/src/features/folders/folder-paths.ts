import { type FolderKind, folderLevelWord } from '@formwork/shared/permissions';

/** Spec 2.2: /home/{teams|projects|companies}/{id}/activity. */
export function activityPath(kind: FolderKind, folderId: string): string {
  return `/home/${folderLevelWord(kind)}/${folderId}/activity`;
}
