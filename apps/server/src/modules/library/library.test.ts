import { templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type PersonaName, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { catalogue } from './catalogue.ts';

let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx);
});
afterAll(() => ctx.close());

async function call(who: PersonaName, method: 'GET' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: await w.personas[who].headers(), ...(payload ? { payload } : {}) });
}

const companyCopy = (id: string, companyId = w.companyId) => `/api/companies/${companyId}/library-templates/${id}/copy`;
const teamCopy = (id: string, teamId = teamIdOf(w)) => `/api/teams/${teamId}/library-templates/${id}/copy`;

describe('GET /api/library-templates', () => {
  it('lists every free template with its shelf, without definitions, to anyone signed in', async () => {
    const res = await call('teamMember', 'GET', '/api/library-templates');
    expect(res.statusCode).toBe(200);
    const { templates } = res.json();
    expect(templates).toHaveLength(catalogue.length);
    expect(templates.length).toBeGreaterThanOrEqual(25);
    expect(templates.find((t: { libraryTemplateId: string }) => t.libraryTemplateId === 'swms')).toMatchObject({
      category: 'safety',
      name: 'Safe Work Method Statement (SWMS)',
      type: 'workflow',
      templateCode: 'SWMS-001',
    });
    expect(templates[0].definition).toBeUndefined();
  });

  it('asks for a sign-in', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/library-templates' })).statusCode).toBe(401);
  });
});

describe('GET /api/library-templates/:libraryTemplateId', () => {
  it('answers one template with its definition for the preview', async () => {
    const res = await call('orgMember', 'GET', '/api/library-templates/concrete-pour');
    expect(res.statusCode).toBe(200);
    expect(res.json().definition.fields.some((f: { type: string }) => f.type === 'formula')).toBe(true);
  });

  it('an unknown template is 404; a malformed id is 400 with the field error', async () => {
    const unknown = await call('orgMember', 'GET', '/api/library-templates/no-such-template');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'notFound', detail: 'This free template does not exist.' });
    const bad = await call('orgMember', 'GET', '/api/library-templates/Not_A_Slug');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.json().errors).toContainEqual(
      expect.objectContaining({ path: 'params.libraryTemplateId', message: 'Unknown free template' }),
    );
  });
});

describe('copying a free template into the workspace', () => {
  it('an org controller copies one into the Template Library: a normal template with a fresh id, audited', async () => {
    const res = await call('orgController', 'POST', companyCopy('site-diary'), {});
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    const entry = catalogue.find((e) => e.libraryTemplateId === 'site-diary');
    expect(copy).toMatchObject({
      folderId: w.companyId,
      isCompany: true,
      name: 'Site Diary',
      templateCode: 'DIARY-001',
      type: 'timeline',
      currentVersion: 1,
      path: [w.companyId],
    });
    expect(copy.definition).toEqual(templateDefinitionSchema.parse(entry?.definition));
    const list = await call('orgController', 'GET', `/api/companies/${w.companyId}/templates`);
    expect(list.json().templates.map((t: { templateId: string }) => t.templateId)).toContain(copy.templateId);
    const activity = await call('orgController', 'GET', `/api/companies/${w.companyId}/activity`);
    expect(activity.json().events[0]).toMatchObject({
      action: 'template.created',
      subjectId: copy.templateId,
      subjectName: 'Site Diary',
      details: expect.objectContaining({ libraryTemplateId: 'site-diary', templateCode: 'DIARY-001' }),
    });
  });

  it('copying twice makes two templates, the second with the next free Template ID', async () => {
    const first = await call('orgController', 'POST', companyCopy('hazard-report'), {});
    const second = await call('orgController', 'POST', companyCopy('hazard-report'), {});
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().templateId).not.toBe(first.json().templateId);
    expect([first.json().templateCode, second.json().templateCode]).toEqual(['HAZ-001', 'HAZ-002']);
  });

  it('a team controller copies one into their team, onto a workspace tab', async () => {
    const tab = await call('orgController', 'POST', `/api/companies/${w.companyId}/template-tabs`, { name: 'Permits' });
    const res = await call('teamController', 'POST', teamCopy('hot-work-permit'), { tabIds: [tab.json().id] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ folderId: teamIdOf(w), isCompany: false, tabIds: [tab.json().id] });
  });

  it.each([
    ['a team member into their team', 'teamMember', () => teamCopy('toolbox-talk')],
    ['an org member into the Template Library', 'orgMember', () => companyCopy('toolbox-talk')],
    ['a team controller into the Template Library', 'teamController', () => companyCopy('toolbox-talk')],
  ] as const)('%s is refused (403)', async (_, who, url) => {
    const res = await call(who, 'POST', url(), {});
    expect(res.statusCode).toBe(403);
  });

  it("another workspace's folders answer 404 and nothing is made", async () => {
    const otherTeam = teamIdOf(w.other);
    const intoCompany = await call('orgController', 'POST', companyCopy('toolbox-talk', w.other.workspaceId), {});
    expect(intoCompany.statusCode).toBe(404);
    expect(intoCompany.json().code).toBe('folderNotFound');
    const intoTeam = await call('orgController', 'POST', teamCopy('toolbox-talk', otherTeam), {});
    expect(intoTeam.statusCode).toBe(404);
    const outsider = await call('outsider', 'POST', teamCopy('toolbox-talk'), {});
    expect(outsider.statusCode).toBe(404);
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${otherTeam}/templates`,
      headers: await w.personas.outsider.headers(),
    });
    expect(theirs.json().templates).toEqual([]);
  });

  it('bad input answers 400 problem+json with field errors; an unknown template or tab 404', async () => {
    const badTabs = await call('orgController', 'POST', companyCopy('toolbox-talk'), { tabIds: ['not-a-uuid'] });
    expect(badTabs.statusCode).toBe(400);
    expect(badTabs.headers['content-type']).toContain('application/problem+json');
    expect(badTabs.json().errors).toContainEqual(expect.objectContaining({ path: 'body.tabIds.0' }));
    const extra = await call('orgController', 'POST', companyCopy('toolbox-talk'), { name: 'Mine' });
    expect(extra.statusCode).toBe(400);
    const unknown = await call('orgController', 'POST', companyCopy('no-such-template'), {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('This free template does not exist.');
    const unknownTab = await call('orgController', 'POST', companyCopy('toolbox-talk'), {
      tabIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownTab.statusCode).toBe(404);
    expect(unknownTab.json().code).toBe('tabNotFound');
  });

  it('every catalogue template copies into a team on the standard plan', async () => {
    const standard = await createWorkspace(ctx, { plan: 'standard' });
    const headers = await standard.personas.orgController.headers();
    for (const entry of catalogue) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/teams/${teamIdOf(standard)}/library-templates/${entry.libraryTemplateId}/copy`,
        headers,
        payload: {},
      });
      expect(res.statusCode, `${entry.libraryTemplateId}: ${res.body}`).toBe(201);
    }
  });
});
