import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, createWorkspace, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
});
afterAll(() => ctx.close());

const get = async (who: keyof TestWorkspace['personas'], teamId: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/teams/${teamId}/people`, headers: await w.personas[who].headers() });

describe('GET /api/teams/:teamId/people', () => {
  it('lists everyone who can see the team: its roles, its project roles and the company roles', async () => {
    const res = await get('teamMember', teamIdOf(w));
    expect(res.statusCode).toBe(200);
    const ids = res
      .json()
      .people.map((p: { userId: string }) => p.userId)
      .sort();
    const expected = [
      'orgController',
      'orgMember',
      'projectController',
      'projectMember',
      'teamController',
      'teamMember',
      'visitor',
    ]
      .map((name) => w.personas[name as keyof TestWorkspace['personas']].userId)
      .sort();
    expect(ids).toEqual(expected);
    const visitor = res.json().people.find((p: { userId: string }) => p.userId === w.personas.visitor.userId);
    expect(visitor).toMatchObject({ userType: 'visitor', name: 'visitor Persona' });
  });

  it("adds the workspace's admins (they see every team) and never someone with roles only elsewhere", async () => {
    const admin = await createUser(ctx.database.db, { firstName: 'Ada', lastName: 'Admin', isAdmin: true });
    await addMember(ctx.database.db, w.workspaceId, admin.userId);
    const elsewhere = await createUser(ctx.database.db);
    await addMember(ctx.database.db, w.workspaceId, elsewhere.userId, {
      folderId: w.projects[1]?.projectId as string,
      role: 'controller',
    });
    const ids = (await get('teamMember', teamIdOf(w))).json().people.map((p: { userId: string }) => p.userId);
    expect(ids).toContain(admin.userId);
    expect(ids).not.toContain(elsewhere.userId);
    // An admin of the platform who is no user of this workspace is not offered.
    expect(ids).not.toContain(w.personas.admin.userId);
  });

  it('is forbidden for a member of another team (403)', async () => {
    expect((await get('teamMember', w.projects[1]?.teams[0]?.teamId as string)).statusCode).toBe(403);
  });

  it("answers another workspace's team with 404 and a bad id with 400", async () => {
    expect((await get('outsider', teamIdOf(w))).statusCode).toBe(404);
    expect((await get('orgController', w.other.projects[0]?.teams[0]?.teamId as string)).statusCode).toBe(404);
    expect((await get('orgController', 'not-a-uuid')).statusCode).toBe(400);
  });
});
