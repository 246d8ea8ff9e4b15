import { folderParamsSchema } from '@formwork/shared/schemas/folders';
import {
  folderSettingsSchema,
  folderTimeZoneSchema,
  folderTimeZoneUpdateSchema,
} from '@formwork/shared/schemas/settings';
import { routeContext } from '../../authz/route-access.ts';
import type { App } from '../../http/types.ts';
import * as service from './settings.service.ts';

const tags = ['settings'];
const security = [{ bearer: [] }];

/** The Settings of a folder (spec 2.2, 2.6, 6). */
export async function settingsRoutes(app: App) {
  const { db } = app.deps.database;

  app.get('/api/folders/:folderId/settings', {
    config: { access: { permission: 'settings.view' } },
    schema: {
      tags,
      security,
      summary:
        "A folder's settings, for those who may see them (team: team controller, or project member or above; project: project member or above; company: company member or above)",
      params: folderParamsSchema,
      response: { 200: folderSettingsSchema },
    },
    handler: async (request) => service.folderSettings(db, routeContext(request)),
  });

  app.get('/api/folders/:folderId/time-zone', {
    config: { access: { permission: 'folder.view' } },
    schema: {
      tags,
      security,
      summary: "The time zone a folder's dates show in: its own, else its project's, else the workspace's",
      params: folderParamsSchema,
      response: { 200: folderTimeZoneSchema },
    },
    handler: async (request) => service.folderTimeZone(db, routeContext(request)),
  });

  app.put('/api/folders/:folderId/time-zone', {
    config: { access: { permission: 'folder.rename' } },
    schema: {
      tags,
      security,
      summary:
        "Set a project's or team's own time zone, or null to inherit its project's or the workspace's (the folder's controllers; audited)",
      params: folderParamsSchema,
      body: folderTimeZoneUpdateSchema,
      response: { 200: folderSettingsSchema },
    },
    handler: async (request) => service.setFolderTimeZone(db, routeContext(request), request.body),
  });
}
