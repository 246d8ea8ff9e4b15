import { z } from 'zod';
import { folderKinds } from '../permissions.ts';

/**
 * GET /api/folders/:folderId/settings (spec 2.2, 6: `settings.view`): what the Settings of a
 * company, project or team folder show to someone who may see them.
 */
export const folderSettingsSchema = z.object({
  folderId: z.string().uuid(),
  kind: z.enum(folderKinds),
  name: z.string(),
  /** The IANA zone the folder's dates show in (the workspace's). */
  timeZone: z.string(),
});
export type FolderSettings = z.infer<typeof folderSettingsSchema>;
