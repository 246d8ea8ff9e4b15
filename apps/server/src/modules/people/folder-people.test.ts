import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, bearer } from '../../../test/auth.ts';
import {
  addMember,
  createUser,
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
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
});
afterAll(() => ctx.close());

async function call(who: PersonaName, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: await w.personas[who].headers(), ...(payload ? { payload } : {}) });
}

type Row = { userId: string; name: string; level: { kind: string; role: string }; grantedAt: { name: string } };
const page = async (who: PersonaName, folderId: string, query = '') => {
  const res = await call(who, 'GET', `/api/folders/${folderId}/people${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { people: Row[]; nextCursor: string | null };
};
const names = (rows: Row[]) => rows.map((r) => r.name).sort();

describe('GET /api/folders/:folderId/people (the Users page)', () => {
  it("lists a team's people with their level there and where it was granted", async () => {
    const { people } = await page('teamMember', teamIdOf(w));
    expect(names(people)).toEqual(
      [
        'orgController Persona',
        'orgMember Persona',
        'projectController Persona',
        'projectMember Persona',
        'teamController Persona',
        'teamMember Persona',
        'visitor Persona',
      ].sort(),
    );
    const byName = new Map(people.map((p) => [p.name, p]));
    expect(byName.get('orgController Persona')).toMatchObject({
      level: { kind: 'company', role: 'controller' },
      grantedAt: { name: w.name },
      userType: 'contributor',
      status: 'active',
    });
    expect(byName.get('visitor Persona')).toMatchObject({
      level: { kind: 'team', role: 'member' },
      userType: 'visitor',
    });
  });

  it('lists at a project the people of its teams too, and at the company everyone', async () => {
    const elsewhere = await createUser(ctx.database.db, { firstName: 'Zed', lastName: 'Elsewhere' });
    await addMember(ctx.database.db, w.workspaceId, elsewhere.userId, {
      folderId: teamIdOf(w, 1, 1),
      role: 'controller',
    });
    const atProject = names((await page('projectMember', projectIdOf(w))).people);
    expect(atProject).toContain('teamMember Persona');
    expect(atProject).not.toContain('Zed Elsewhere');
    const atCompany = (await page('orgMember', w.companyId)).people;
    expect(atCompany.find((p) => p.name === 'Zed Elsewhere')).toMatchObject({
      level: { kind: 'team', role: 'controller' },
    });
    expect((await page('orgMember', projectIdOf(w, 1))).people.map((p) => p.name)).toContain('Zed Elsewhere');
  });

  it('searches, filters by level and type, sorts and pages with a keyset cursor', async () => {
    expect(names((await page('orgController', w.companyId, '?search=PROJECT')).people)).toEqual([
      'projectController Persona',
      'projectMember Persona',
    ]);
    expect(names((await page('orgController', w.companyId, '?level=team.member')).people)).toEqual([
      'teamMember Persona',
      'visitor Persona',
    ]);
    expect(names((await page('orgController', w.companyId, '?userType=visitor')).people)).toEqual(['visitor Persona']);
    const byLevel = (await page('orgController', teamIdOf(w), '?sort=level')).people.map(
      (p) => `${p.level.kind}.${p.level.role}`,
    );
    expect(byLevel[0]).toBe('company.controller');
    expect(byLevel[byLevel.length - 1]).toBe('team.member');
    const all = (await page('orgController', w.companyId, '?sort=email&direction=desc')).people.map((p) => p.userId);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: { people: Row[]; nextCursor: string | null } = await page(
        'orgController',
        w.companyId,
        `?sort=email&direction=desc&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...next.people.map((p) => p.userId));
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('filters by the level a person has there, not by any role they hold (a team member who controls a project is a project controller)', async () => {
    const user = await createUser(ctx.database.db, { firstName: 'Twofold', lastName: 'Roles' });
    await addMember(ctx.database.db, w.companyId, user.userId, { folderId: teamIdOf(w, 1, 1), role: 'member' });
    await addMember(ctx.database.db, w.companyId, user.userId, { folderId: projectIdOf(w, 1), role: 'controller' });
    const at = async (level: string) =>
      names((await page('orgController', w.companyId, `?level=${level}&limit=200`)).people);
    expect(await at('project.controller')).toContain('Twofold Roles');
    expect(await at('team.member')).not.toContain('Twofold Roles');
  });

  it('refuses bad input (400), someone without access (403) and another workspace (404)', async () => {
    const bad = await call(
      'orgController',
      'GET',
      `/api/folders/${teamIdOf(w)}/people?level=owner&sort=height&cursor=zz`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['querystring.level', 'querystring.sort', 'querystring.cursor']),
    );
    expect((await call('teamMember', 'GET', `/api/folders/${teamIdOf(w, 1, 0)}/people`)).statusCode).toBe(403);
    expect((await call('outsider', 'GET', `/api/folders/${teamIdOf(w)}/people`)).statusCode).toBe(404);
  });
});

describe('change a level, remove access, deactivate', () => {
  it('changes the level held at the folder, within what the viewer may give', async () => {
    const person = await createUser(ctx.database.db, { firstName: 'Lev', lastName: 'Changer' });
    await addMember(ctx.database.db, w.workspaceId, person.userId, { folderId: teamIdOf(w), role: 'member' });
    const url = `/api/folders/${teamIdOf(w)}/people/${person.userId}/level`;
    expect((await call('teamController', 'PUT', url, { role: 'controller' })).statusCode).toBe(204);
    const row = (await page('teamController', teamIdOf(w), '?search=Lev')).people[0];
    expect(row?.level).toEqual({ kind: 'team', role: 'controller' });
    expect((await call('teamMember', 'PUT', url, { role: 'member' })).statusCode).toBe(403);
    expect((await call('orgController', 'PUT', url, { role: 'boss' })).statusCode).toBe(400);
    // A level given at the company is changed there, not at a team.
    const elsewhere = await call(
      'orgController',
      'PUT',
      `/api/folders/${teamIdOf(w)}/people/${w.personas.orgMember.userId}/level`,
      {
        role: 'controller',
      },
    );
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().detail).toBe("This person's level was given at another folder; change it there.");
    expect((await call('outsider', 'PUT', url, { role: 'member' })).statusCode).toBe(404);
    expect(
      (
        await call('orgController', 'PUT', `/api/folders/${teamIdOf(w)}/people/${randomUUID()}/level`, {
          role: 'member',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('removes access given at the folder', async () => {
    const person = await createUser(ctx.database.db, { firstName: 'Rem', lastName: 'Oved' });
    await addMember(ctx.database.db, w.workspaceId, person.userId, { folderId: teamIdOf(w), role: 'member' });
    const url = `/api/folders/${teamIdOf(w)}/people/${person.userId}`;
    expect((await call('teamMember', 'DELETE', url)).statusCode).toBe(403);
    expect((await call('teamController', 'DELETE', url)).statusCode).toBe(204);
    expect((await page('teamController', teamIdOf(w), '?search=Rem')).people).toEqual([]);
  });

  it('lets org controllers deactivate a person, who then no longer opens the workspace, and reactivate them', async () => {
    const person = await createUser(ctx.database.db, { firstName: 'Dee', lastName: 'Activated' });
    await addMember(ctx.database.db, w.workspaceId, person.userId, { folderId: teamIdOf(w), role: 'member' });
    const headers = bearer(await accessTokenFor(ctx.database.db, ctx.config, person.userId));
    const open = () => ctx.app.inject({ method: 'GET', url: `/api/folders/${teamIdOf(w)}`, headers });
    expect((await open()).statusCode).toBe(200);
    const base = `/api/companies/${w.companyId}/people/${person.userId}`;
    expect((await call('projectController', 'POST', `${base}/deactivate`)).statusCode).toBe(403);
    expect((await call('outsider', 'POST', `${base}/deactivate`)).statusCode).toBe(404);
    expect((await call('orgController', 'POST', `${base}/deactivate`)).statusCode).toBe(204);
    expect((await open()).statusCode).toBe(404);
    const row = (await page('orgController', w.companyId, '?status=deactivated')).people;
    expect(row.map((p) => p.name)).toEqual(['Dee Activated']);
    expect((await call('orgController', 'POST', `${base}/reactivate`)).statusCode).toBe(204);
    expect((await open()).statusCode).toBe(200);
    const self = await call(
      'orgController',
      'POST',
      `/api/companies/${w.companyId}/people/${w.personas.orgController.userId}/deactivate`,
    );
    expect(self.statusCode).toBe(409);
  });

  it('records when a person last opened a folder', async () => {
    await call('teamController', 'GET', `/api/folders/${teamIdOf(w)}`);
    const row = (await page('orgController', teamIdOf(w), '?search=teamController')).people[0] as Row & {
      lastActiveAt: string | null;
    };
    expect(row.lastActiveAt).not.toBeNull();
  });
});
