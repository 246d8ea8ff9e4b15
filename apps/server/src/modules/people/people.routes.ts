import { teamParamsSchema } from '@formwork/shared/schemas/folders';
import { teamPeopleSchema } from '@formwork/shared/schemas/people';
import { requireUser } from '../../http/auth.ts';
import type { App } from '../../http/types.ts';
import { invitationRoutes } from './invitations.routes.ts';
import * as service from './people.service.ts';

export async function peopleRoutes(app: App) {
  const { db } = app.deps.database;
  await app.register(invitationRoutes);

  app.get('/api/teams/:teamId/people', {
    config: { access: { permission: 'folder.view' } },
    schema: {
      tags: ['people'],
      security: [{ bearer: [] }],
      summary: 'The people who can see a team folder (for person fields and action assignees)',
      params: teamParamsSchema,
      response: { 200: teamPeopleSchema },
    },
    handler: async (request) => ({ people: await service.teamPeople(db, requireUser(request), request.params.teamId) }),
  });
}
