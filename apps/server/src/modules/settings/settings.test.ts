import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorkspace,
  type PersonaName,
  projectIdOf,
  type TestWorkspace,
  teamIdOf,
} from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
});
afterAll(() => ctx.close());

async function settingsOf(persona: PersonaName, folderId: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/folders/${folderId}/settings`,
    headers: await w.personas[persona].headers(),
  });
}

describe('GET /api/folders/:folderId/settings (spec 6: who sees the settings)', () => {
  const everyone: PersonaName[] = [
    'admin',
    'orgController',
    'orgMember',
    'projectController',
    'projectMember',
    'teamController',
    'teamMember',
    'visitor',
  ];
  const cases: { kind: 'company' | 'project' | 'team'; allowed: PersonaName[] }[] = [
    // company: company member or above
    { kind: 'company', allowed: ['admin', 'orgController', 'orgMember'] },
    // project: project member or above
    { kind: 'project', allowed: ['admin', 'orgController', 'orgMember', 'projectController', 'projectMember'] },
    // team: team controller or above, or project member or above (a team member and a visitor member are not)
    {
      kind: 'team',
      allowed: ['admin', 'orgController', 'orgMember', 'projectController', 'projectMember', 'teamController'],
    },
  ];
  for (const { kind, allowed } of cases) {
    it(`a ${kind}: ${allowed.join(', ')} see them; the others are refused (403)`, async () => {
      const folderId = kind === 'company' ? w.companyId : kind === 'project' ? projectIdOf(w) : teamIdOf(w);
      for (const persona of everyone) {
        const res = await settingsOf(persona, folderId);
        expect({ persona, status: res.statusCode }).toEqual({ persona, status: allowed.includes(persona) ? 200 : 403 });
        if (res.statusCode === 200) {
          expect(res.json()).toEqual({ folderId, kind, name: expect.any(String), timeZone: 'UTC' });
        }
      }
    });
  }

  it("another workspace's folder answers 404, a malformed id 400", async () => {
    expect((await settingsOf('outsider', w.companyId)).statusCode).toBe(404);
    expect((await settingsOf('orgController', w.other.workspaceId)).statusCode).toBe(404);
    expect((await settingsOf('orgController', teamIdOf(w.other))).statusCode).toBe(404);
    const bad = await settingsOf('orgController', 'not-a-folder');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
  });
});
