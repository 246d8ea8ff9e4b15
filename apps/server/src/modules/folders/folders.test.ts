import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type PersonaName, type TestWorkspace } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope } from '../../db/tenant.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

async function call(w: TestWorkspace, who: PersonaName, method: Method, url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: await w.personas[who].headers(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const nonUuid = 'not-a-uuid';

describe('GET /api/companies/:companyId/folders', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx, { projects: 3, teamsPerProject: 2 });
  });
  const url = () => `/api/companies/${w.companyId}/folders`;

  it('an org controller sees every project and team, sorted, with their roles', async () => {
    const res = await call(w, 'orgController', 'GET', `${url()}?state=active`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.company).toEqual({ folderId: w.companyId, name: w.name });
    expect(body.state).toBe('active');
    expect(body.projects.map((p: { name: string }) => p.name)).toEqual(['Project 1', 'Project 2', 'Project 3']);
    expect(body.projects[0].teams.map((t: { name: string }) => t.name)).toEqual(['Team 1.1', 'Team 1.2']);
    expect(body.viewer).toMatchObject({
      isAdmin: false,
      userType: 'contributor',
      roles: [{ folderId: w.companyId, kind: 'company', path: [w.companyId], role: 'controller' }],
    });
  });

  it('defaults to the active view', async () => {
    const res = await call(w, 'orgMember', 'GET', url());
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('active');
    expect(res.json().projects).toHaveLength(3);
  });

  it('an admin who is not a member sees everything', async () => {
    const res = await call(w, 'admin', 'GET', url());
    expect(res.statusCode).toBe(200);
    expect(res.json().projects).toHaveLength(3);
    expect(res.json().viewer).toMatchObject({ isAdmin: true, userType: null, roles: [] });
  });

  it('a project member sees their project with all its teams only', async () => {
    const res = await call(w, 'projectMember', 'GET', url());
    expect(res.statusCode).toBe(200);
    const projects = res.json().projects;
    expect(projects).toHaveLength(1);
    expect(projects[0].folderId).toBe(w.projects[0]?.projectId);
    expect(projects[0].teams).toHaveLength(2);
  });

  it('a team member sees only their team and its project', async () => {
    const res = await call(w, 'teamMember', 'GET', url());
    expect(res.statusCode).toBe(200);
    const projects = res.json().projects;
    expect(projects).toHaveLength(1);
    expect(projects[0].teams.map((t: { folderId: string }) => t.folderId)).toEqual([w.projects[0]?.teams[0]?.teamId]);
  });

  it('sorts case-insensitively by name', async () => {
    const x = await createWorkspace(ctx, { projects: 0 });
    for (const name of ['beta', 'Alpha', 'gamma', 'Delta']) {
      await call(x, 'orgController', 'POST', `/api/companies/${x.companyId}/projects`, { name });
    }
    const res = await call(x, 'orgController', 'GET', `/api/companies/${x.companyId}/folders`);
    expect(res.json().projects.map((p: { name: string }) => p.name)).toEqual(['Alpha', 'beta', 'Delta', 'gamma']);
  });

  it('a workspace user without any role is refused with 403', async () => {
    const x = await createWorkspace(ctx, { projects: 1 });
    const { createUser, addMember, personaFor } = await import('../../../test/factories.ts');
    const user = await createUser(ctx.database.db);
    await addMember(ctx.database.db, x.companyId, user.userId);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/companies/${x.companyId}/folders`,
      headers: await personaFor(ctx, user).headers(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it("another workspace's company answers 404", async () => {
    const res = await call(w, 'outsider', 'GET', url());
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('folderNotFound');
    const own = await call(w, 'outsider', 'GET', `/api/companies/${w.other.workspaceId}/folders`);
    expect(own.statusCode).toBe(200);
  });

  it('refuses bad input with 400', async () => {
    expect((await call(w, 'orgController', 'GET', `/api/companies/${nonUuid}/folders`)).statusCode).toBe(400);
    expect((await call(w, 'orgController', 'GET', `${url()}?state=deleted`)).statusCode).toBe(400);
    expect((await call(w, 'orgController', 'GET', `${url()}?state=bogus`)).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
  });
});

describe('the kept folder tree (built once per change to the workspace folders)', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 1 });
  });
  const tree = async (who: PersonaName = 'orgController', state = 'active') =>
    (await call(w, who, 'GET', `/api/companies/${w.companyId}/folders?state=${state}`)).json();
  const names = (body: { projects: { name: string }[] }) => body.projects.map((p) => p.name);
  /** A folder change as another process or a script would write it: SQL in the workspace's scope. */
  const changeOutsideTheApi = (workspaceId: string, statement: SQL) =>
    inScope(ctx.database.db, { userId: null, workspaceId, isAdmin: false }, (tx) => tx.execute(statement));

  it('shows every change at once: added, renamed, archived, restored', async () => {
    expect(names(await tree())).toEqual(['Project 1', 'Project 2']);
    const added = await call(w, 'orgController', 'POST', `/api/companies/${w.companyId}/projects`, { name: 'Annex' });
    expect(added.statusCode).toBe(201);
    expect(names(await tree())).toEqual(['Annex', 'Project 1', 'Project 2']);
    const project = w.projects[0]?.projectId as string;
    await call(w, 'orgController', 'PATCH', `/api/projects/${project}`, { name: 'Zenith' });
    expect(names(await tree())).toEqual(['Annex', 'Project 2', 'Zenith']);
    const archive = { state: 'archived', folders: [project] };
    expect(
      (await call(w, 'orgController', 'PUT', `/api/companies/${w.companyId}/folders-state`, archive)).statusCode,
    ).toBe(200);
    expect(names(await tree())).toEqual(['Annex', 'Project 2']);
    expect(names(await tree('orgController', 'archived'))).toEqual(['Zenith']);
    const restore = { state: 'active', folders: [project] };
    await call(w, 'orgController', 'PUT', `/api/companies/${w.companyId}/folders-state`, restore);
    expect(names(await tree())).toEqual(['Annex', 'Project 2', 'Zenith']);
  });

  it('shows a change written by anyone else (another server process, a script) through the version', async () => {
    const before = await tree();
    await changeOutsideTheApi(
      w.workspaceId,
      sql`update folders set name = 'Written elsewhere' where workspace_id = ${w.workspaceId} and name = 'Annex'`,
    );
    expect(names(await tree())).toEqual(['Project 2', 'Written elsewhere', 'Zenith']);
    expect(before.viewer).toEqual((await tree()).viewer);
  });

  it('is the same for every viewer with a company role, and never shared with narrower viewers', async () => {
    expect(await tree('orgMember')).toMatchObject({ projects: (await tree()).projects });
    const team = (await tree('teamMember')).projects;
    expect(team).toHaveLength(1);
    expect(team[0].teams).toHaveLength(1);
  });

  it("keeps each workspace's tree apart: a change in one leaves the other's as it was", async () => {
    const mine = await tree();
    await changeOutsideTheApi(
      w.other.workspaceId,
      sql`update folders set name = 'Elsewhere ' || name where workspace_id = ${w.other.workspaceId} and kind = 'project'`,
    );
    expect(await tree()).toEqual(mine);
    const theirs = await call(w, 'outsider', 'GET', `/api/companies/${w.other.workspaceId}/folders`);
    expect(names(theirs.json())).toEqual(['Elsewhere Project 1', 'Elsewhere Project 2']);
  });
});

describe('POST /api/companies/:companyId/projects', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  });
  const url = () => `/api/companies/${w.companyId}/projects`;

  it('an org controller adds a project; the name is trimmed; an audit event is written', async () => {
    const res = await call(w, 'orgController', 'POST', url(), { name: '  New Bridge  ' });
    expect(res.statusCode).toBe(201);
    const folder = res.json();
    expect(folder).toMatchObject({ kind: 'project', name: 'New Bridge', state: 'active', parentId: w.companyId });
    expect(folder.path).toEqual([w.companyId, folder.folderId]);
    const activity = await call(w, 'orgController', 'GET', `/api/projects/${folder.folderId}/activity`);
    expect(activity.json().events[0]).toMatchObject({
      action: 'folder.created',
      subjectId: folder.folderId,
      subjectName: 'New Bridge',
      actor: { userId: w.personas.orgController.userId, name: 'orgController Persona' },
    });
  });

  it('an admin adds a project', async () => {
    expect((await call(w, 'admin', 'POST', url(), { name: 'By admin' })).statusCode).toBe(201);
  });

  it.each(['orgMember', 'projectController', 'teamController', 'visitor'] as PersonaName[])(
    '%s may not add a project (403)',
    async (who) => {
      const res = await call(w, who, 'POST', url(), { name: 'Nope' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    },
  );

  it("another workspace's company answers 404", async () => {
    expect((await call(w, 'outsider', 'POST', url(), { name: 'X' })).statusCode).toBe(404);
  });

  it.each([
    ['no name', {}],
    ['a blank name', { name: '   ' }],
    ['no alphanumeric character', { name: '--- !!' }],
    ['a number', { name: 42 }],
    ['an unknown field', { name: 'A', extra: true }],
  ])('refuses %s with 400', async (_what, body) => {
    const res = await call(w, 'orgController', 'POST', url(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validationFailed');
  });

  it('names the alphanumeric rule', async () => {
    const res = await call(w, 'orgController', 'POST', url(), { name: '***' });
    expect(res.json().errors[0].message).toBe('Name should have one or more alphanumeric characters.');
  });

  it('refuses a non-uuid company id with 400', async () => {
    expect(
      (await call(w, 'orgController', 'POST', `/api/companies/${nonUuid}/projects`, { name: 'A' })).statusCode,
    ).toBe(400);
  });
});

describe('POST /api/projects/:projectId/teams', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 1 });
  });
  const url = (i = 0) => `/api/projects/${w.projects[i]?.projectId}/teams`;

  it('a project controller adds a team to their project', async () => {
    const res = await call(w, 'projectController', 'POST', url(), { name: 'Crane crew' });
    expect(res.statusCode).toBe(201);
    const team = res.json();
    expect(team).toMatchObject({ kind: 'team', name: 'Crane crew', parentId: w.projects[0]?.projectId });
    expect(team.path).toEqual([w.companyId, w.projects[0]?.projectId, team.folderId]);
  });

  it('an org controller adds a team to any project', async () => {
    expect((await call(w, 'orgController', 'POST', url(1), { name: 'Other' })).statusCode).toBe(201);
  });

  it.each([
    ['projectController', 1],
    ['projectMember', 0],
    ['teamController', 0],
    ['orgMember', 0],
  ] as [PersonaName, number][])('%s may not add a team to project %i (403)', async (who, i) => {
    expect((await call(w, who, 'POST', url(i), { name: 'Nope' })).statusCode).toBe(403);
  });

  it("another workspace's project answers 404", async () => {
    const res = await call(w, 'outsider', 'POST', url(), { name: 'X' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'projectNotFound', title: 'Project or folder not found' });
  });

  it('a team id is not a project (404)', async () => {
    const res = await call(w, 'orgController', 'POST', `/api/projects/${w.projects[0]?.teams[0]?.teamId}/teams`, {
      name: 'X',
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses an archived project with 409', async () => {
    const x = await createWorkspace(ctx, { projects: 1, teamsPerProject: 0 });
    const projectId = x.projects[0]?.projectId as string;
    await call(x, 'orgController', 'PUT', `/api/companies/${x.companyId}/folders-state`, {
      state: 'archived',
      folders: [projectId],
    });
    expect((await call(x, 'orgController', 'POST', `/api/projects/${projectId}/teams`, { name: 'T' })).statusCode).toBe(
      409,
    );
  });

  it('refuses bad input with 400', async () => {
    expect((await call(w, 'orgController', 'POST', `/api/projects/${nonUuid}/teams`, { name: 'A' })).statusCode).toBe(
      400,
    );
    expect((await call(w, 'orgController', 'POST', url(), { name: '' })).statusCode).toBe(400);
    expect((await call(w, 'orgController', 'POST', url(), { name: ['A'] })).statusCode).toBe(400);
  });
});

describe('PATCH /api/projects/:projectId and /api/teams/:teamId (rename)', () => {
  let w: TestWorkspace;
  beforeEach(async () => {
    w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
  });
  const project = (i = 0) => `/api/projects/${w.projects[i]?.projectId}`;
  const team = (p = 0, t = 0) => `/api/teams/${w.projects[p]?.teams[t]?.teamId}`;

  it('a project controller renames their project (trimmed) and the activity says so', async () => {
    const res = await call(w, 'projectController', 'PATCH', project(), { name: '  Renamed  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', kind: 'project' });
    const events = (await call(w, 'orgController', 'GET', `${project()}/activity`)).json().events;
    expect(events[0]).toMatchObject({ action: 'folder.renamed', details: { from: 'Project 1', name: 'Renamed' } });
  });

  it('renaming to the same name does nothing (no event)', async () => {
    const res = await call(w, 'orgController', 'PATCH', project(), { name: 'Project 1 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Project 1');
    const events = (await call(w, 'orgController', 'GET', `${project()}/activity`)).json().events;
    expect(events.filter((e: { action: string }) => e.action === 'folder.renamed')).toEqual([]);
  });

  it('a project controller renames a team of their project', async () => {
    const res = await call(w, 'projectController', 'PATCH', team(0, 1), { name: 'Night shift' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Night shift', kind: 'team', parentId: w.projects[0]?.projectId });
  });

  it.each([
    ['projectController', () => project(1)],
    ['projectMember', () => project(0)],
    ['orgMember', () => project(0)],
    ['teamController', () => team(0, 0)],
    ['teamMember', () => team(0, 0)],
    ['projectController', () => team(1, 0)],
  ] as [PersonaName, () => string][])('%s may not rename %#', async (who, url) => {
    expect((await call(w, who, 'PATCH', url(), { name: 'Nope' })).statusCode).toBe(403);
  });

  it("another workspace's ids answer 404 with the spec's messages", async () => {
    const p = await call(w, 'outsider', 'PATCH', project(), { name: 'X' });
    expect(p.statusCode).toBe(404);
    expect(p.json()).toMatchObject({ code: 'projectNotFound', title: 'Project or folder not found' });
    const t = await call(w, 'outsider', 'PATCH', team(), { name: 'X' });
    expect(t.statusCode).toBe(404);
    expect(t.json()).toMatchObject({ code: 'teamNotFound', title: 'Project or team not found' });
  });

  it('a missing id answers 404; a team id is not a project and the reverse', async () => {
    expect(
      (await call(w, 'orgController', 'PATCH', `/api/projects/${crypto.randomUUID()}`, { name: 'X' })).statusCode,
    ).toBe(404);
    expect(
      (await call(w, 'orgController', 'PATCH', `/api/projects/${w.projects[0]?.teams[0]?.teamId}`, { name: 'X' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(w, 'orgController', 'PATCH', `/api/teams/${w.projects[0]?.projectId}`, { name: 'X' })).statusCode,
    ).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    expect((await call(w, 'orgController', 'PATCH', `/api/projects/${nonUuid}`, { name: 'A' })).statusCode).toBe(400);
    expect((await call(w, 'orgController', 'PATCH', `/api/teams/${nonUuid}`, { name: 'A' })).statusCode).toBe(400);
    expect((await call(w, 'orgController', 'PATCH', project(), {})).statusCode).toBe(400);
    expect((await call(w, 'orgController', 'PATCH', team(), { name: '#' })).statusCode).toBe(400);
    expect((await call(w, 'orgController', 'PATCH', team(), { name: null })).statusCode).toBe(400);
  });
});

describe('GET /api/folders/:folderId (folder hierarchy by id)', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
  });
  const team = () => w.projects[0]?.teams[0] as { teamId: string; name: string };

  it('answers a team with its project, company and the viewer roles', async () => {
    const res = await call(w, 'teamMember', 'GET', `/api/folders/${team().teamId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.folder).toMatchObject({
      folderId: team().teamId,
      kind: 'team',
      name: team().name,
      path: [w.companyId, w.projects[0]?.projectId, team().teamId],
    });
    expect(body.project).toMatchObject({ folderId: w.projects[0]?.projectId, name: w.projects[0]?.name });
    expect(body.company.folderId).toBe(w.companyId);
    expect(body.viewer.roles).toHaveLength(1);
  });

  it('answers the company and a project for an org controller', async () => {
    const company = await call(w, 'orgController', 'GET', `/api/folders/${w.companyId}`);
    expect(company.json()).toMatchObject({ folder: { kind: 'company', path: [w.companyId] }, project: null });
    const project = await call(w, 'orgController', 'GET', `/api/folders/${w.projects[1]?.projectId}`);
    expect(project.json().folder).toMatchObject({ kind: 'project', path: [w.companyId, w.projects[1]?.projectId] });
  });

  it('is forbidden for a team member asking for another project (403)', async () => {
    expect((await call(w, 'teamMember', 'GET', `/api/folders/${w.projects[1]?.projectId}`)).statusCode).toBe(403);
  });

  it("answers another workspace's folder with 404, and a bad id with 400", async () => {
    expect((await call(w, 'outsider', 'GET', `/api/folders/${team().teamId}`)).statusCode).toBe(404);
    expect((await call(w, 'orgController', 'GET', `/api/folders/${w.other.projects[0]?.projectId}`)).statusCode).toBe(
      404,
    );
    expect((await call(w, 'orgController', 'GET', `/api/folders/${nonUuid}`)).statusCode).toBe(400);
  });
});
