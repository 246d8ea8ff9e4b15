import { folderParamsSchema } from '@formwork/shared/schemas/folders';
import { folderSettingsSchema } from '@formwork/shared/schemas/settings';
import { routeContext } from '../../authz/route-access.ts';
import type { App } from '../../http/types.ts';
import * as service from './settings.service.ts';

const tags = ['settings'];
const security = [{ bearer: [] }];

/** The Settings of a folder (spec 2.2, 2.6, 6). */
export async function settingsRoutes(app: App) {
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
    handler: async (request) => service.folderSettings(routeContext(request)),
  });
}
