import { z } from 'zod';
import { folderKinds } from '../permissions.ts';
import { timeZoneSchema } from './workspaces.ts';

/**
 * GET /api/folders/:folderId/settings (spec 2.2, 6: `settings.view`): what the Settings of a
 * company, project or team folder show to someone who may see them.
 */
export const folderSettingsSchema = z.object({
  folderId: z.string().uuid(),
  kind: z.enum(folderKinds),
  name: z.string(),
  /** The IANA zone the folder's dates show in: its own, else its project's, else the workspace's. */
  timeZone: z.string(),
  /** A project's or team's own zone (null: it inherits `inheritedTimeZone`); the company's is the workspace's. */
  ownTimeZone: z.string().nullable(),
  /** What the folder shows without a zone of its own: its project's, else the workspace's. */
  inheritedTimeZone: z.string(),
});
export type FolderSettings = z.infer<typeof folderSettingsSchema>;

/** PUT /api/folders/:folderId/time-zone (issue 23.1): a project's or team's own zone; null inherits. */
export const folderTimeZoneUpdateSchema = z.object({ timeZone: timeZoneSchema.nullable() }).strict();
export type FolderTimeZoneUpdate = z.infer<typeof folderTimeZoneUpdateSchema>;

/** GET /api/folders/:folderId/time-zone: the zone the folder's dates show in, for anyone who sees it. */
export const folderTimeZoneSchema = z.object({ timeZone: z.string() });

export const folderTimeZoneMessages = {
  companyZone: "The company's time zone is set in the Home Folder's General settings.",
} as const;
