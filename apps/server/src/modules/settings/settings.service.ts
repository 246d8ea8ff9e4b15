import type { FolderSettings } from '@formwork/shared/schemas/settings';
import type { AccessContext } from '../../authz/context.ts';

/** The settings of the verified folder (the route step checked `settings.view`). */
export function folderSettings(ctx: AccessContext): FolderSettings {
  const { folder, workspace } = ctx;
  return { folderId: folder.folderId, kind: folder.kind, name: folder.name, timeZone: workspace.timeZone };
}
