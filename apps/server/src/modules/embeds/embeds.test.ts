import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

let ctx: TestContext;
let w: TestWorkspace;
let team: string;
let templateId: string;

beforeAll(async () => {
  // The page route sends the built web app's index.html: a stand-in build.
  const dist = mkdtempSync(path.join(os.tmpdir(), 'formwork-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  ctx = await createTestApp({ env: { WEB_DIST: dist } });
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  team = teamIdOf(w);
  const definition = { fields: [{ id: 'company', type: 'singleLineText' as const, label: 'Company' }] };
  templateId = (await createFormTemplate(ctx.database.db, w.workspaceId, { folderId: team, definition })).templateId;
});
afterAll(() => ctx.close());

async function putOrigins(persona: PersonaName, origins: unknown, workspaceId = w.workspaceId) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/workspaces/${workspaceId}/embed-origins`,
    headers: await w.personas[persona].headers(),
    payload: { origins },
  });
}

async function getOrigins(persona: PersonaName, url = `/api/workspaces/${w.workspaceId}/embed-origins`) {
  return ctx.app.inject({ method: 'GET', url, headers: await w.personas[persona].headers() });
}

function fieldErrors(res: { json: () => { errors: { path: string; message: string }[] } }) {
  return res.json().errors.map(({ path, message }) => ({ path, message }));
}

async function makeLink(): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${team}/links`,
    headers: await w.personas.teamController.headers(),
    payload: { name: 'Website enquiries', kind: 'ongoing', templateIds: [templateId] },
  });
  expect(res.statusCode).toBe(201);
  return res.json().token;
}

describe('allowed embed origins (Settings > Security)', () => {
  it('an org controller sets them (normalised to origins) and reads them back; one audited settings change', async () => {
    const res = await putOrigins('orgController', ['https://www.Example-Builders.com/', 'http://localhost:8080']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ origins: ['http://localhost:8080', 'https://www.example-builders.com'] });
    expect((await getOrigins('admin')).json()).toEqual(res.json());

    const removed = await putOrigins('orgController', ['https://www.example-builders.com']);
    expect(removed.json()).toEqual({ origins: ['https://www.example-builders.com'] });
    // The same list again changes nothing and records nothing.
    await putOrigins('orgController', ['https://www.example-builders.com']);
    const events = await ctx.database.db.execute<{ details: Record<string, unknown> }>(sql`
      select details from audit_events where workspace_id = ${w.workspaceId} and action = 'workspace.updated'
         and details->'changed' ? 'embedOrigins' order by created_at`);
    expect(events.rows.map((r) => (typeof r.details === 'string' ? JSON.parse(r.details) : r.details))).toEqual([
      expect.objectContaining({
        changed: ['embedOrigins'],
        addedEmbedOrigins: ['https://www.example-builders.com', 'http://localhost:8080'],
        removedEmbedOrigins: [],
      }),
      expect.objectContaining({ addedEmbedOrigins: [], removedEmbedOrigins: ['http://localhost:8080'] }),
    ]);
  });

  it('only admins and org controllers see or change them (403); team link controllers read them through their team', async () => {
    for (const persona of ['orgMember', 'projectController', 'teamController', 'teamMember', 'visitor'] as const) {
      expect({ persona, status: (await getOrigins(persona)).statusCode }).toEqual({ persona, status: 403 });
      const put = await putOrigins(persona, ['https://evil.example']);
      expect({ persona, status: put.statusCode }).toEqual({ persona, status: 403 });
    }
    const teamRead = await getOrigins('teamController', `/api/teams/${team}/embed-origins`);
    expect(teamRead.statusCode).toBe(200);
    expect(teamRead.json()).toEqual({ origins: ['https://www.example-builders.com'] });
    expect((await getOrigins('teamMember', `/api/teams/${team}/embed-origins`)).statusCode).toBe(403);
  });

  it("another workspace's ids answer 404", async () => {
    expect((await putOrigins('outsider', ['https://a.example'])).statusCode).toBe(404);
    expect((await getOrigins('outsider')).statusCode).toBe(404);
    expect((await putOrigins('orgController', ['https://a.example'], w.other.workspaceId)).statusCode).toBe(404);
    expect((await getOrigins('orgController', `/api/teams/${teamIdOf(w.other)}/embed-origins`)).statusCode).toBe(404);
  });

  it('refuses bad origins with a field error for each (and changes nothing)', async () => {
    const res = await putOrigins('orgController', [
      'https://ok.example',
      'http://plain.example',
      'https://site.example/page',
      'https://*.example.com',
      'javascript:alert(1)',
      'https://ok.example',
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(fieldErrors(res)).toEqual([
      { path: 'body.origins.1', message: 'Use an https:// address (http:// is allowed only for localhost).' },
      {
        path: 'body.origins.2',
        message: 'Enter a site address such as https://www.example.com (scheme, host and port only).',
      },
      {
        path: 'body.origins.3',
        message: 'Enter a site address such as https://www.example.com (scheme, host and port only).',
      },
      {
        path: 'body.origins.4',
        message: 'Enter a site address such as https://www.example.com (scheme, host and port only).',
      },
    ]);
    const duplicate = await putOrigins('orgController', ['https://ok.example', 'https://OK.example/']);
    expect(duplicate.statusCode).toBe(400);
    expect(fieldErrors(duplicate)).toEqual([{ path: 'body.origins.1', message: 'Each site can be listed once.' }]);
    const many = await putOrigins(
      'orgController',
      Array.from({ length: 21 }, (_, i) => `https://s${i}.example`),
    );
    expect(many.statusCode).toBe(400);
    expect(fieldErrors(many)).toEqual([{ path: 'body.origins', message: 'List at most 20 sites.' }]);
    expect((await putOrigins('orgController', 'https://a.example')).statusCode).toBe(400);
    expect((await getOrigins('orgController')).json()).toEqual({ origins: ['https://www.example-builders.com'] });
  });
});

describe('the embedded page /embed/s/{token}', () => {
  it("may be framed by exactly the workspace's origins (frame-ancestors, no X-Frame-Options)", async () => {
    await putOrigins('orgController', ['https://www.example-builders.com', 'http://127.0.0.1:5999']);
    const token = await makeLink();
    const res = await ctx.app.inject({ method: 'GET', url: `/embed/s/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('id="root"');
    const csp = String(res.headers['content-security-policy']);
    expect(csp.split('; ').find((d) => d.startsWith('frame-ancestors'))).toBe(
      'frame-ancestors http://127.0.0.1:5999 https://www.example-builders.com',
    );
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('refuses framing for a workspace that lists no origin, an unknown link, and every other page', async () => {
    const token = await makeLink();
    await putOrigins('orgController', []);
    const strict = (res: { headers: Record<string, unknown> }) => {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    };
    strict(await ctx.app.inject({ method: 'GET', url: `/embed/s/${token}` }));
    await putOrigins('orgController', ['https://www.example-builders.com']);
    strict(await ctx.app.inject({ method: 'GET', url: '/embed/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }));
    strict(await ctx.app.inject({ method: 'GET', url: '/embed/s/not%20a%20token' }));
    strict(await ctx.app.inject({ method: 'GET', url: `/s/${token}` }));
    strict(await ctx.app.inject({ method: 'GET', url: '/embed/template' }));
    strict(await ctx.app.inject({ method: 'GET', url: `/api/public/links/${token}` }));
  });
});
