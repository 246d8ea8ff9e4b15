import { randomUUID } from 'node:crypto';
import { linkMaxTemplates } from '@formwork/shared/schemas/links';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFormTemplate,
  createWorkspace,
  type PersonaName,
  type TestWorkspace,
  teamIdOf,
} from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { linkTokenHash } from './links.service.ts';

let ctx: TestContext;
let w: TestWorkspace;
let team: string;
let otherTeam: string;
let templateIds: string[];

const definition = { fields: [{ id: 'notes', type: 'singleLineText' as const, label: 'Notes' }] };

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 2 });
  team = teamIdOf(w);
  otherTeam = teamIdOf(w, 0, 1);
  templateIds = [];
  for (let i = 0; i < linkMaxTemplates + 1; i++) {
    const t = await createFormTemplate(ctx.database.db, w.workspaceId, { folderId: team, definition, name: `T${i}` });
    templateIds.push(t.templateId);
  }
});
afterAll(() => ctx.close());

async function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { persona?: PersonaName; payload?: object } = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: await w.personas[options.persona ?? 'teamController'].headers(),
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

function create(body: Record<string, unknown>, persona: PersonaName = 'teamController', teamId = team) {
  return call('POST', `/api/teams/${teamId}/links`, {
    persona,
    payload: { name: 'Subcontractor sign-in', kind: 'ongoing', templateIds: templateIds.slice(0, 2), ...body },
  });
}

describe('submission links', () => {
  it('a team controller makes an ongoing link with a name, templates in order, expiry, maximum and asked details', async () => {
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    const response = await create({
      templateIds: [templateIds[1], templateIds[0]],
      expiresAt,
      maxSubmissions: 50,
      askSubmitterName: true,
      askSubmitterEmail: true,
    });
    expect(response.statusCode).toBe(201);
    const link = response.json();
    expect(link).toMatchObject({
      teamId: team,
      name: 'Subcontractor sign-in',
      kind: 'ongoing',
      state: 'active',
      expiresAt,
      maxSubmissions: 50,
      askSubmitterName: true,
      askSubmitterEmail: true,
      submissionCount: 0,
      templates: [
        { id: templateIds[1], name: 'T1' },
        { id: templateIds[0], name: 'T0' },
      ],
    });
    // An unguessable token: 32 random bytes; only its hash is in the global lookup table.
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const tokens = await ctx.database.db.execute<{ token_hash: string }>(
      sql`select token_hash from link_tokens where link_id = ${link.id}`,
    );
    expect(tokens.rows).toEqual([{ token_hash: linkTokenHash(link.token) }]);

    const list = await call('GET', `/api/teams/${team}/links`);
    expect(list.statusCode).toBe(200);
    expect(list.json().links.map((l: { id: string }) => l.id)).toContain(link.id);
    const one = await call('GET', `/api/teams/${team}/links/${link.id}`);
    expect(one.json()).toEqual(link);
  });

  it('a single link takes defaults: no expiry, no maximum, no submitter details asked', async () => {
    const response = await create({ kind: 'single', name: '  Visitor induction  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Visitor induction',
      kind: 'single',
      expiresAt: null,
      maxSubmissions: null,
      askSubmitterName: false,
      askSubmitterEmail: false,
    });
  });

  it('the 21st template is refused (spec 5.3, 9: at most 20)', async () => {
    const twenty = await create({ templateIds: templateIds.slice(0, linkMaxTemplates) });
    expect(twenty.statusCode).toBe(201);
    expect(twenty.json().templates).toHaveLength(20);
    const response = await create({ templateIds });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json().errors).toEqual([
      expect.objectContaining({ path: 'body.templateIds', message: 'A link can offer at most 20 templates' }),
    ]);
  });

  it('refuses bad input with field errors', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'body.name', 'Link name is required'],
      [{ templateIds: [] }, 'body.templateIds', 'Choose at least one template'],
      [{ templateIds: [templateIds[0], templateIds[0]] }, 'body.templateIds', 'Each template can be chosen once'],
      [{ kind: 'forever' }, 'body.kind', ''],
      [{ maxSubmissions: 0 }, 'body.maxSubmissions', ''],
      [
        { kind: 'single', maxSubmissions: 3 },
        'body.maxSubmissions',
        'A single link takes one submission; a maximum is for ongoing links',
      ],
      [{ expiresAt: '2020-01-01T00:00:00Z' }, 'body.expiresAt', 'The expiry must be in the future'],
      [{ expiresAt: 'tomorrow' }, 'body.expiresAt', ''],
    ];
    for (const [body, path, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const errors = response.json().errors as { path: string; message: string }[];
      expect(errors.map((e) => e.path)).toContain(path);
      if (message) expect(errors.find((e) => e.path === path)?.message).toBe(message);
    }
  });

  it("refuses templates the team cannot fill in: another team's, archived, unknown", async () => {
    const elsewhere = await createFormTemplate(ctx.database.db, w.workspaceId, { folderId: otherTeam, definition });
    const archived = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: team,
      definition,
      state: 'archived',
    });
    for (const id of [elsewhere.templateId, archived.templateId, randomUUID()]) {
      const response = await create({ templateIds: [templateIds[0], id] });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        expect.objectContaining({ path: 'body.templateIds.1', message: "This template isn't available in this team" }),
      ]);
    }
  });

  it('offers a Template Library template deployed to the team', async () => {
    const library = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: w.companyId,
      definition,
      deployTo: [team],
    });
    const response = await create({ templateIds: [library.templateId] });
    expect(response.statusCode).toBe(201);
  });

  it('archives, restores and deletes a link, each in the Activity of the team', async () => {
    const link = (await create({ name: 'Lifecycle' })).json();
    const archived = await call('POST', `/api/teams/${team}/links/${link.id}/archive`);
    expect(archived.json()).toMatchObject({ id: link.id, state: 'archived' });
    const active = (await call('GET', `/api/teams/${team}/links`)).json().links.map((l: { id: string }) => l.id);
    expect(active).not.toContain(link.id);
    const inArchive = (await call('GET', `/api/teams/${team}/links?state=archived`)).json();
    expect(inArchive.links.map((l: { id: string }) => l.id)).toContain(link.id);
    expect((await call('POST', `/api/teams/${team}/links/${link.id}/restore`)).json().state).toBe('active');

    const deleted = await call('DELETE', `/api/teams/${team}/links/${link.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/api/teams/${team}/links/${link.id}`)).statusCode).toBe(404);
    const tokens = await ctx.database.db.execute(sql`select 1 from link_tokens where link_id = ${link.id}`);
    expect(tokens.rows).toEqual([]);

    const activity = await call('GET', `/api/teams/${team}/activity`);
    const actions = activity
      .json()
      .events.filter((e: { subjectId: string }) => e.subjectId === link.id)
      .map((e: { action: string; subjectName: string }) => [e.action, e.subjectName]);
    expect(actions).toEqual([
      ['link.deleted', 'Lifecycle'],
      ['link.restored', 'Lifecycle'],
      ['link.archived', 'Lifecycle'],
      ['link.created', 'Lifecycle'],
    ]);
  });

  it('team controllers and above manage links; members, visitors and other teams’ controllers are refused 403', async () => {
    for (const persona of ['admin', 'orgController', 'projectController', 'teamController'] as const) {
      expect((await create({}, persona)).statusCode, persona).toBe(201);
      expect((await call('GET', `/api/teams/${team}/links`, { persona })).statusCode, persona).toBe(200);
    }
    const link = (await create({})).json();
    for (const persona of ['orgMember', 'projectMember', 'teamMember', 'visitor'] as const) {
      expect((await create({}, persona)).statusCode, persona).toBe(403);
      expect((await call('GET', `/api/teams/${team}/links`, { persona })).statusCode, persona).toBe(403);
      expect((await call('POST', `/api/teams/${team}/links/${link.id}/archive`, { persona })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/teams/${team}/links/${link.id}`, { persona })).statusCode).toBe(403);
    }
    // The team controller of the first team controls no other team.
    expect((await create({}, 'teamController', otherTeam)).statusCode).toBe(403);
  });

  it("another workspace's team or link answers 404; a link is found only through its own team", async () => {
    const link = (await create({})).json();
    const outsiderTeam = w.other.projects[0]?.teams[0]?.teamId as string;
    expect((await call('GET', `/api/teams/${team}/links`, { persona: 'outsider' })).statusCode).toBe(404);
    expect((await call('GET', `/api/teams/${team}/links/${link.id}`, { persona: 'outsider' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/teams/${team}/links/${link.id}`, { persona: 'outsider' })).statusCode).toBe(404);
    // The outsider's own team does not reach the link of this workspace.
    expect((await call('GET', `/api/teams/${outsiderTeam}/links/${link.id}`, { persona: 'outsider' })).statusCode).toBe(
      404,
    );
    // Nor does another team of the same workspace.
    const viaOtherTeam = await call('GET', `/api/teams/${otherTeam}/links/${link.id}`, { persona: 'orgController' });
    expect(viaOtherTeam.statusCode).toBe(404);
    expect(viaOtherTeam.json().code).toBe('linkNotFound');
  });
});

describe('templates a link cannot fill (issue 21)', () => {
  it('refuses a template whose required field a person without an account cannot fill, naming the field; optional ones are offered', async () => {
    const signed = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: team,
      definition: {
        fields: [
          { id: 'company', type: 'singleLineText', label: 'Company', required: true },
          { id: 'host', type: 'singlePerson', label: 'Site host', required: true },
        ],
      },
    });
    const optional = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: team,
      definition: {
        fields: [
          { id: 'company', type: 'singleLineText', label: 'Company', required: true },
          { id: 'who', type: 'singlePerson', label: 'Host' },
        ],
      },
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${team}/links`,
      headers: await w.personas.teamController.headers(),
      payload: { name: 'Gate', kind: 'ongoing', templateIds: [optional.templateId, signed.templateId] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json().errors).toEqual([
      {
        path: 'body.templateIds.1',
        message:
          'This template cannot be offered through a link: its required field "Site host" cannot be filled without an account',
      },
    ]);
    const made = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${team}/links`,
      headers: await w.personas.teamController.headers(),
      payload: { name: 'Gate', kind: 'ongoing', templateIds: [optional.templateId] },
    });
    expect(made.statusCode).toBe(201);
  });
});
