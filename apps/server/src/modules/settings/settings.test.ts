import { sql } from 'drizzle-orm';
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
          expect(res.json()).toEqual({
            folderId,
            kind,
            name: expect.any(String),
            timeZone: 'UTC',
            ownTimeZone: null,
            inheritedTimeZone: 'UTC',
          });
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

describe('a project or team folder has a time zone of its own (issue 23.1)', () => {
  async function setZone(persona: PersonaName, folderId: string, timeZone: unknown) {
    return ctx.app.inject({
      method: 'PUT',
      url: `/api/folders/${folderId}/time-zone`,
      headers: await w.personas[persona].headers(),
      payload: { timeZone },
    });
  }
  async function shownZone(persona: PersonaName, folderId: string) {
    return ctx.app.inject({
      method: 'GET',
      url: `/api/folders/${folderId}/time-zone`,
      headers: await w.personas[persona].headers(),
    });
  }

  it("inherits: a team shows its own zone, else its project's, else the workspace's; each change audited", async () => {
    const project = projectIdOf(w);
    const team = teamIdOf(w);
    const byProject = await setZone('projectController', project, 'Australia/Perth');
    expect(byProject.statusCode).toBe(200);
    expect(byProject.json()).toMatchObject({ timeZone: 'Australia/Perth', ownTimeZone: 'Australia/Perth' });
    expect((await settingsOf('teamController', team)).json()).toMatchObject({
      timeZone: 'Australia/Perth',
      ownTimeZone: null,
      inheritedTimeZone: 'Australia/Perth',
    });
    // A team member (no settings) still sees its dates in the team's zone.
    expect((await shownZone('teamMember', team)).json()).toEqual({ timeZone: 'Australia/Perth' });
    const byTeam = await setZone('projectController', team, 'Asia/Singapore');
    expect(byTeam.json()).toMatchObject({ timeZone: 'Asia/Singapore', inheritedTimeZone: 'Australia/Perth' });
    expect((await shownZone('teamMember', team)).json()).toEqual({ timeZone: 'Asia/Singapore' });
    // Null inherits again; the same value twice records nothing.
    await setZone('orgController', team, null);
    await setZone('orgController', team, null);
    await setZone('orgController', project, null);
    expect((await shownZone('teamMember', team)).json()).toEqual({ timeZone: 'UTC' });
    expect((await shownZone('orgMember', w.companyId)).json()).toEqual({ timeZone: 'UTC' });
    const events = await ctx.database.db.execute<{ subject_id: string; details: unknown }>(sql`
      select subject_id, details from audit_events
       where workspace_id = ${w.workspaceId} and action = 'folder.timeZoneChanged' order by created_at, event_id`);
    expect(
      events.rows.map((r) => ({
        folder: r.subject_id,
        ...((typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as object),
      })),
    ).toEqual([
      { folder: project, name: expect.any(String), timeZone: 'Australia/Perth', previousTimeZone: null },
      { folder: team, name: expect.any(String), timeZone: 'Asia/Singapore', previousTimeZone: null },
      { folder: team, name: expect.any(String), timeZone: null, previousTimeZone: 'Asia/Singapore' },
      { folder: project, name: expect.any(String), timeZone: null, previousTimeZone: 'Australia/Perth' },
    ]);
  });

  it("only the folder's controllers change it (403); another workspace's folder 404", async () => {
    for (const persona of ['teamController', 'teamMember', 'projectMember', 'orgMember', 'visitor'] as const) {
      const res = await setZone(persona, teamIdOf(w), 'Europe/London');
      expect({ persona, status: res.statusCode }).toEqual({ persona, status: 403 });
    }
    expect((await setZone('outsider', teamIdOf(w), 'Europe/London')).statusCode).toBe(404);
    expect((await setZone('orgController', teamIdOf(w.other), 'Europe/London')).statusCode).toBe(404);
    expect((await shownZone('orgController', teamIdOf(w.other))).statusCode).toBe(404);
    expect((await shownZone('outsider', teamIdOf(w))).statusCode).toBe(404);
  });

  it('refuses a zone that is not an IANA name, and the company folder (its zone is the workspace setting)', async () => {
    const bad = await setZone('orgController', teamIdOf(w), 'Mars/Olympus');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ path: 'body.timeZone', message: 'Use an IANA time zone name, e.g. Australia/Sydney' }),
    ]);
    const company = await setZone('orgController', w.companyId, 'Europe/London');
    expect(company.statusCode).toBe(400);
    expect(company.json().errors).toEqual([
      expect.objectContaining({
        path: 'body.timeZone',
        message: "The company's time zone is set in the Home Folder's General settings.",
      }),
    ]);
  });
});
