import { randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormTemplate, createWorkspace, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

// The public page's limits come from configuration (issue 21): here set low, so each is reached.
let ctx: TestContext;
let w: TestWorkspace;
let team: string;
let templateId: string;

beforeAll(async () => {
  ctx = await createTestApp({
    env: {
      ALTCHA_MAX_COUNTER: '20',
      LINK_CHALLENGES_PER_ADDRESS: '6',
      LINK_SUBMITS_PER_ADDRESS: '3',
      LINK_SUBMITS_PER_LINK: '5',
    },
  });
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  team = teamIdOf(w);
  templateId = (
    await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: team,
      definition: { fields: [{ id: 'company', type: 'singleLineText', label: 'Company', required: true }] },
    })
  ).templateId;
});
afterAll(() => ctx.close());

async function makeLink(): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${team}/links`,
    headers: await w.personas.teamController.headers(),
    payload: { name: 'Gate', kind: 'ongoing', templateIds: [templateId] },
  });
  expect(response.statusCode).toBe(201);
  return response.json().token;
}

const challenge = (token: string, ip: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/public/links/${token}/challenge`, remoteAddress: ip });

async function submit(token: string, ip: string) {
  const asked = await challenge(token, ip);
  expect(asked.statusCode).toBe(200);
  const solution = await solveChallenge({ challenge: asked.json(), deriveKey });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/links/${token}/submissions`,
    remoteAddress: ip,
    payload: {
      formId: randomUUID(),
      templateId,
      values: { company: 'Sparks Electrical' },
      humanCheck: Buffer.from(JSON.stringify({ challenge: asked.json(), solution })).toString('base64'),
    },
  });
}

describe('the configured limits of a link’s public page', () => {
  it('LINK_SUBMITS_PER_ADDRESS: the submission past it from one address answers 429 with Retry-After', async () => {
    const token = await makeLink();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await submit(token, '198.51.100.1')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Another address still submits.
    expect((await submit(token, '198.51.100.2')).statusCode).toBe(201);
  });

  it('LINK_SUBMITS_PER_LINK: the submission past it through one link answers 429, whatever the address', async () => {
    const token = await makeLink();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await submit(token, `198.51.100.${10 + i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await submit(token, '198.51.100.30');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another link of the team is counted apart.
    expect((await submit(await makeLink(), '198.51.100.31')).statusCode).toBe(201);
  });

  it('LINK_CHALLENGES_PER_ADDRESS: the challenge past it from one address answers 429', async () => {
    const token = await makeLink();
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await challenge(token, '198.51.100.50')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect((await challenge(token, '198.51.100.51')).statusCode).toBe(200);
  });
});
