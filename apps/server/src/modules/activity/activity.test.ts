import { encodeCursor } from '@formwork/shared/schemas/cursor';
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

async function get(who: PersonaName, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: await w.personas[who].headers() });
}
async function send(method: 'PATCH' | 'PUT' | 'POST', url: string, payload: object) {
  const res = await ctx.app.inject({ method, url, headers: await w.personas.orgController.headers(), payload });
  expect(res.statusCode).toBeLessThan(300);
}

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
  await send('PATCH', `/api/teams/${teamIdOf(w)}`, { name: 'Team A' });
  await send('PATCH', `/api/teams/${teamIdOf(w, 0, 1)}`, { name: 'Team B' });
  await send('PATCH', `/api/projects/${projectIdOf(w)}`, { name: 'Project A' });
  await send('PATCH', `/api/teams/${teamIdOf(w, 1, 0)}`, { name: 'Elsewhere' });
  await send('PUT', `/api/projects/${projectIdOf(w)}/folders-state`, {
    state: 'archived',
    folders: [teamIdOf(w, 0, 1)],
  });
});
afterAll(() => ctx.close());

describe('GET /api/{companies|projects|teams}/:id/activity', () => {
  it('a team shows its own events, newest first, with who and what', async () => {
    const res = await get('teamMember', `/api/teams/${teamIdOf(w)}/activity`);
    expect(res.statusCode).toBe(200);
    const { events, nextCursor } = res.json();
    expect(nextCursor).toBeNull();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'folder.renamed',
      subjectType: 'team',
      subjectId: teamIdOf(w),
      subjectName: 'Team A',
      actor: { userId: w.personas.orgController.userId, name: 'orgController Persona' },
      folderPath: [w.companyId, projectIdOf(w), teamIdOf(w)],
    });
    expect(new Date(events[0].createdAt).getTime()).toBeGreaterThan(0);
    expect(events[0].details).toMatchObject({ from: 'Team 1.1' });
  });

  it('a project shows its events and its teams’, not other projects’', async () => {
    const res = await get('projectMember', `/api/projects/${projectIdOf(w)}/activity`);
    const actions = res
      .json()
      .events.map((e: { action: string; subjectName: string }) => `${e.action} ${e.subjectName}`);
    expect(actions).toEqual([
      'folder.archived Team B',
      'folder.renamed Project A',
      'folder.renamed Team B',
      'folder.renamed Team A',
    ]);
  });

  it('the company shows everything', async () => {
    const res = await get('orgMember', `/api/companies/${w.companyId}/activity`);
    expect(res.json().events).toHaveLength(5);
  });

  it('pages with a keyset cursor', async () => {
    const first = (await get('orgController', `/api/companies/${w.companyId}/activity?limit=2`)).json();
    expect(first.events).toHaveLength(2);
    expect(first.nextCursor).toBe(encodeCursor([first.events[1].eventId]));
    const second = (
      await get('orgController', `/api/companies/${w.companyId}/activity?limit=2&cursor=${first.nextCursor}`)
    ).json();
    const third = (
      await get('orgController', `/api/companies/${w.companyId}/activity?limit=2&cursor=${second.nextCursor}`)
    ).json();
    expect(third.nextCursor).toBeNull();
    const all = [...first.events, ...second.events, ...third.events].map((e) => Number(e.eventId));
    expect(all).toHaveLength(5);
    expect([...all].sort((a, b) => b - a)).toEqual(all);
  });

  it.each([
    ['teamMember', () => `/api/teams/${teamIdOf(w, 0, 1)}/activity`],
    ['teamMember', () => `/api/projects/${projectIdOf(w)}/activity`],
    ['teamMember', () => `/api/companies/${w.companyId}/activity`],
    ['projectController', () => `/api/projects/${projectIdOf(w, 1)}/activity`],
    ['projectController', () => `/api/companies/${w.companyId}/activity`],
    ['visitor', () => `/api/teams/${teamIdOf(w, 1, 0)}/activity`],
  ] as [PersonaName, () => string][])('%s may not read %# (403)', async (who, url) => {
    expect((await get(who, url())).statusCode).toBe(403);
  });

  it('an admin reads any folder', async () => {
    expect((await get('admin', `/api/teams/${teamIdOf(w, 1, 1)}/activity`)).statusCode).toBe(200);
  });

  it("another workspace's folders answer 404", async () => {
    for (const url of [
      `/api/companies/${w.companyId}/activity`,
      `/api/projects/${projectIdOf(w)}/activity`,
      `/api/teams/${teamIdOf(w)}/activity`,
    ]) {
      const res = await get('outsider', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('folderNotFound');
    }
    expect(
      (await get('orgController', `/api/teams/${w.other.projects[0]?.teams[0]?.teamId}/activity`)).statusCode,
    ).toBe(404);
  });

  it('a project id is not a team (404)', async () => {
    expect((await get('orgController', `/api/teams/${projectIdOf(w)}/activity`)).statusCode).toBe(404);
  });

  it.each([
    `/api/teams/nope/activity`,
    `/api/projects/nope/activity`,
    `/api/companies/nope/activity`,
    '/api/companies/COMPANY/activity?limit=0',
    '/api/companies/COMPANY/activity?limit=101',
    '/api/companies/COMPANY/activity?limit=x',
    '/api/companies/COMPANY/activity?cursor=abc',
  ])('refuses %s (400)', async (url) => {
    expect((await get('orgController', url.replace('COMPANY', w.companyId))).statusCode).toBe(400);
  });
});
