import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createWorkspace,
  type PersonaName,
  projectIdOf,
  type TestWorkspace,
  teamIdOf,
} from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let w: TestWorkspace;
beforeEach(async () => {
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
});

async function companyState(who: PersonaName, body: unknown, companyId = w.companyId) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/companies/${companyId}/folders-state`,
    headers: await w.personas[who].headers(),
    payload: body as object,
  });
}

async function projectState(who: PersonaName, projectId: string, body: unknown) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/projects/${projectId}/folders-state`,
    headers: await w.personas[who].headers(),
    payload: body as object,
  });
}

type TreeProject = { folderId: string; state: string; teams: { folderId: string; state: string }[] };

async function tree(state: 'active' | 'archived', who: PersonaName = 'orgController'): Promise<TreeProject[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/companies/${w.companyId}/folders?state=${state}`,
    headers: await w.personas[who].headers(),
  });
  expect(res.statusCode).toBe(200);
  return res.json().projects;
}

const ids = (list: { folderId: string }[]) => list.map((f) => f.folderId);

describe('archive (spec 4.1, 4.2)', () => {
  it('archiving a project archives its teams; they move to the Archived view', async () => {
    const res = await companyState('orgController', { state: 'archived', folders: [projectIdOf(w)] });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('archived');
    expect(ids(res.json().changed).sort()).toEqual([projectIdOf(w), teamIdOf(w), teamIdOf(w, 0, 1)].sort());
    expect(ids(await tree('active'))).toEqual([projectIdOf(w, 1)]);
    const archived = await tree('archived');
    expect(ids(archived)).toEqual([projectIdOf(w)]);
    expect(archived[0]?.state).toBe('archived');
    expect(ids(archived[0]?.teams ?? []).sort()).toEqual([teamIdOf(w), teamIdOf(w, 0, 1)].sort());
  });

  it('processes teams first, then projects', async () => {
    const res = await companyState('orgController', {
      state: 'archived',
      folders: [projectIdOf(w, 1), teamIdOf(w, 0, 1)],
    });
    expect(res.json().changed.map((f: { kind: string }) => f.kind)).toEqual(['team', 'project', 'team', 'team']);
    expect(res.json().changed[0].folderId).toBe(teamIdOf(w, 0, 1));
  });

  it('an archived team shows in the Archived view under its active project, alone', async () => {
    await projectState('projectController', projectIdOf(w), { state: 'archived', folders: [teamIdOf(w)] });
    const archived = await tree('archived');
    expect(archived).toEqual([
      {
        folderId: projectIdOf(w),
        name: 'Project 1',
        state: 'active',
        teams: [{ folderId: teamIdOf(w), name: 'Team 1.1', state: 'archived' }],
      },
    ]);
    const active = await tree('active');
    expect(ids(active.find((x) => x.folderId === projectIdOf(w))?.teams ?? [])).toEqual([teamIdOf(w, 0, 1)]);
  });

  it('archiving what is already archived changes nothing', async () => {
    await companyState('orgController', { state: 'archived', folders: [teamIdOf(w)] });
    const again = await companyState('orgController', { state: 'archived', folders: [teamIdOf(w)] });
    expect(again.statusCode).toBe(200);
    expect(again.json().changed).toEqual([]);
  });

  it('writes one audit event per folder changed, cascades included', async () => {
    await companyState('orgController', { state: 'archived', folders: [projectIdOf(w)] });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${projectIdOf(w)}/activity`,
      headers: await w.personas.orgController.headers(),
    });
    const archived = res.json().events.filter((e: { action: string }) => e.action === 'folder.archived');
    expect(archived).toHaveLength(3);
    expect(archived.find((e: { subjectId: string }) => e.subjectId === teamIdOf(w)).details).toMatchObject({
      withProject: true,
    });
  });
});

describe('restore (spec 4.2)', () => {
  it('restores projects first, then their teams in the selection', async () => {
    await companyState('orgController', { state: 'archived', folders: [projectIdOf(w)] });
    const res = await companyState('orgController', { state: 'active', folders: [teamIdOf(w), projectIdOf(w)] });
    expect(res.statusCode).toBe(200);
    expect(res.json().changed[0]).toEqual({ folderId: projectIdOf(w), kind: 'project', state: 'active' });
    expect(ids(await tree('active'))).toEqual([projectIdOf(w), projectIdOf(w, 1)]);
    expect(await tree('archived')).toEqual([]);
  });

  it('restoring a project brings back the teams archived with it, not those archived before', async () => {
    await companyState('orgController', { state: 'archived', folders: [teamIdOf(w)] });
    await companyState('orgController', { state: 'archived', folders: [projectIdOf(w)] });
    await companyState('orgController', { state: 'active', folders: [projectIdOf(w)] });
    const active = await tree('active');
    expect(ids(active.find((x) => x.folderId === projectIdOf(w))?.teams ?? [])).toEqual([teamIdOf(w, 0, 1)]);
    expect(ids((await tree('archived'))[0]?.teams ?? [])).toEqual([teamIdOf(w)]);
  });

  it('only archived projects are restored (an active one is left alone)', async () => {
    const res = await companyState('orgController', { state: 'active', folders: [projectIdOf(w, 1)] });
    expect(res.statusCode).toBe(200);
    expect(res.json().changed).toEqual([]);
  });

  it('refuses to restore a team whose project is archived, and changes nothing', async () => {
    await companyState('orgController', { state: 'archived', folders: [projectIdOf(w)] });
    const res = await companyState('orgController', { state: 'active', folders: [teamIdOf(w), projectIdOf(w, 1)] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'folderPermissionsCannotRestoreProject',
      meta: { projectIds: [projectIdOf(w)] },
    });
    const viaProject = await projectState('orgController', projectIdOf(w), { state: 'active', folders: [teamIdOf(w)] });
    expect(viaProject.json().code).toBe('folderPermissionsCannotRestoreProject');
    expect(ids(await tree('archived'))).toEqual([projectIdOf(w)]);
  });

  it('a project controller may not restore a project folder, with the spec message', async () => {
    await companyState('orgController', { state: 'archived', folders: [projectIdOf(w)] });
    const res = await companyState('projectController', { state: 'active', folders: [projectIdOf(w)] });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(
      'You do not have access to restore a project folder. Please contact your org controller.',
    );
  });

  it('a project controller restores a team of their project', async () => {
    await projectState('projectController', projectIdOf(w), { state: 'archived', folders: [teamIdOf(w, 0, 1)] });
    const res = await projectState('projectController', projectIdOf(w), {
      state: 'active',
      folders: [teamIdOf(w, 0, 1)],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().changed).toEqual([{ folderId: teamIdOf(w, 0, 1), kind: 'team', state: 'active' }]);
  });
});

describe('delete (spec 4.1, 4.2)', () => {
  it('deleting a project deletes its teams; deleted folders never show again', async () => {
    const res = await companyState('orgController', { state: 'deleted', folders: [projectIdOf(w)] });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().changed).sort()).toEqual([projectIdOf(w), teamIdOf(w), teamIdOf(w, 0, 1)].sort());
    expect(ids(await tree('active'))).toEqual([projectIdOf(w, 1)]);
    expect(await tree('archived')).toEqual([]);
  });

  it('deletes from the Archived view, teams first', async () => {
    await companyState('orgController', { state: 'archived', folders: [projectIdOf(w)] });
    const res = await companyState('orgController', { state: 'deleted', folders: [projectIdOf(w), teamIdOf(w)] });
    expect(res.json().changed.map((f: { folderId: string }) => f.folderId)[0]).toBe(teamIdOf(w));
    expect(await tree('archived')).toEqual([]);
  });

  it('a deleted folder cannot be changed again or renamed (404)', async () => {
    await companyState('orgController', { state: 'deleted', folders: [teamIdOf(w, 1, 0)] });
    const again = await companyState('orgController', { state: 'active', folders: [teamIdOf(w, 1, 0)] });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('folderNotFound');
    const rename = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/teams/${teamIdOf(w, 1, 0)}`,
      headers: await w.personas.orgController.headers(),
      payload: { name: 'Back' },
    });
    expect(rename.statusCode).toBe(404);
  });
});

describe('who may change folder state', () => {
  it('a project controller archives and deletes within their project', async () => {
    expect((await companyState('projectController', { state: 'archived', folders: [projectIdOf(w)] })).statusCode).toBe(
      200,
    );
    expect(
      (await projectState('projectController', projectIdOf(w), { state: 'deleted', folders: [teamIdOf(w)] }))
        .statusCode,
    ).toBe(200);
  });

  it('a project controller may not permanently delete their own project (org controllers only), nor its teams with it', async () => {
    const res = await companyState('projectController', { state: 'deleted', folders: [projectIdOf(w)] });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect(ids(await tree('active'))).toEqual([projectIdOf(w), projectIdOf(w, 1)]);
    expect(ids((await tree('active')).find((x) => x.folderId === projectIdOf(w))?.teams ?? []).sort()).toEqual(
      [teamIdOf(w), teamIdOf(w, 0, 1)].sort(),
    );
    await companyState('projectController', { state: 'archived', folders: [projectIdOf(w)] });
    expect((await companyState('projectController', { state: 'deleted', folders: [projectIdOf(w)] })).statusCode).toBe(
      403,
    );
    expect((await companyState('orgController', { state: 'deleted', folders: [projectIdOf(w)] })).statusCode).toBe(200);
  });

  it.each([
    ['projectController', () => ({ state: 'archived', folders: [projectIdOf(w, 1)] })],
    ['projectController', () => ({ state: 'archived', folders: [teamIdOf(w, 1, 0)] })],
    ['orgMember', () => ({ state: 'archived', folders: [projectIdOf(w)] })],
    ['projectMember', () => ({ state: 'deleted', folders: [teamIdOf(w)] })],
    ['teamController', () => ({ state: 'archived', folders: [teamIdOf(w)] })],
    ['teamMember', () => ({ state: 'archived', folders: [teamIdOf(w)] })],
    ['visitor', () => ({ state: 'archived', folders: [teamIdOf(w)] })],
  ] as [PersonaName, () => unknown][])('%s is refused (403) %#', async (who, body) => {
    const res = await companyState(who, body());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('nothing changes when one folder of the selection is refused', async () => {
    const res = await companyState('projectController', {
      state: 'archived',
      folders: [teamIdOf(w), teamIdOf(w, 1, 0)],
    });
    expect(res.statusCode).toBe(403);
    expect(await tree('archived')).toEqual([]);
  });

  it('the project endpoint: team members of the project are refused (403)', async () => {
    expect(
      (await projectState('teamController', projectIdOf(w), { state: 'archived', folders: [teamIdOf(w)] })).statusCode,
    ).toBe(403);
    expect(
      (await projectState('projectController', projectIdOf(w, 1), { state: 'archived', folders: [teamIdOf(w, 1, 0)] }))
        .statusCode,
    ).toBe(403);
  });

  it('an admin changes any folder', async () => {
    expect((await companyState('admin', { state: 'archived', folders: [projectIdOf(w, 1)] })).statusCode).toBe(200);
    expect((await companyState('admin', { state: 'active', folders: [projectIdOf(w, 1)] })).statusCode).toBe(200);
  });
});

describe("another workspace's ids (404)", () => {
  it("an outsider naming this workspace's company or project gets 404", async () => {
    expect((await companyState('outsider', { state: 'archived', folders: [projectIdOf(w)] })).statusCode).toBe(404);
    expect(
      (await projectState('outsider', projectIdOf(w), { state: 'archived', folders: [teamIdOf(w)] })).statusCode,
    ).toBe(404);
  });

  it("another workspace's folder inside this workspace's request is not found", async () => {
    const foreign = w.other.projects[0]?.projectId as string;
    const res = await companyState('orgController', { state: 'archived', folders: [foreign] });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('folderNotFound');
    const foreignTeam = w.other.projects[0]?.teams[0]?.teamId as string;
    expect(
      (await projectState('orgController', projectIdOf(w), { state: 'archived', folders: [foreignTeam] })).statusCode,
    ).toBe(404);
  });

  it('the project endpoint only takes teams of that project', async () => {
    expect(
      (await projectState('orgController', projectIdOf(w), { state: 'archived', folders: [teamIdOf(w, 1, 0)] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await projectState('orgController', projectIdOf(w), { state: 'archived', folders: [projectIdOf(w)] }))
        .statusCode,
    ).toBe(404);
    expect((await companyState('orgController', { state: 'archived', folders: [w.companyId] })).statusCode).toBe(404);
  });
});

describe('bad input (400)', () => {
  it("an empty selection answers 'Empty selection'", async () => {
    const res = await companyState('orgController', { state: 'archived', folders: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'emptySelection', title: 'Empty selection' });
    expect((await projectState('orgController', projectIdOf(w), { state: 'archived', folders: [] })).json().code).toBe(
      'emptySelection',
    );
  });

  it.each([
    ['a missing state', { folders: ['00000000-0000-4000-8000-000000000000'] }],
    ['an unknown state', { state: 'gone', folders: ['00000000-0000-4000-8000-000000000000'] }],
    ['missing folders', { state: 'archived' }],
    ['folders not a list', { state: 'archived', folders: 'x' }],
    ['a non-uuid folder', { state: 'archived', folders: ['nope'] }],
    ['an unknown field', { state: 'archived', folders: [], force: true }],
  ])('%s', async (_what, body) => {
    const res = await companyState('orgController', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validationFailed');
  });

  it('non-uuid path ids', async () => {
    expect(
      (await companyState('orgController', { state: 'archived', folders: [projectIdOf(w)] }, 'nope')).statusCode,
    ).toBe(400);
    expect(
      (await projectState('orgController', 'nope', { state: 'archived', folders: [teamIdOf(w)] })).statusCode,
    ).toBe(400);
  });
});
