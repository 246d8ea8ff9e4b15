import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormTemplate, createWorkspace, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { localDiskStorage } from '../../files/storage.ts';
import { runPendingJobs } from '../../jobs/runner.ts';
import { exportJobHandler, exportJobKind } from '../forms/exports.service.ts';

let ctx: TestContext;
let w: TestWorkspace;
let team: string;
let templateId: string;
let otherTemplateId: string;

const definition = {
  fields: [
    { id: 'company', type: 'singleLineText' as const, label: 'Company', required: true },
    { id: 'notes', type: 'multiLineText' as const, label: 'Notes' },
  ],
};

beforeAll(async () => {
  // A tiny proof of work so the test solves it at once.
  ctx = await createTestApp({ env: { ALTCHA_MAX_COUNTER: '20' } });
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 2 });
  team = teamIdOf(w);
  templateId = (
    await createFormTemplate(ctx.database.db, w.workspaceId, { folderId: team, definition, name: 'Site sign-in' })
  ).templateId;
  otherTemplateId = (await createFormTemplate(ctx.database.db, w.workspaceId, { folderId: team, definition }))
    .templateId;
});
afterAll(() => ctx.close());

async function makeLink(body: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${team}/links`,
    headers: await w.personas.teamController.headers(),
    payload: { name: 'Subbies', kind: 'ongoing', templateIds: [templateId], ...body },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; token: string };
}

async function solved(token: string, ip = '203.0.113.1'): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/public/links/${token}/challenge`, remoteAddress: ip });
  expect(res.statusCode).toBe(200);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function submit(token: string, body: Record<string, unknown> = {}, ip = '203.0.113.1') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/links/${token}/submissions`,
    remoteAddress: ip,
    payload: {
      formId: randomUUID(),
      templateId,
      values: { company: 'Sparks Electrical' },
      humanCheck: await solved(token, ip),
      ...body,
    },
  });
}

describe('the public page of a link', () => {
  it('opens without an account: the link name, what it asks and its templates with their definitions', async () => {
    const link = await makeLink({ askSubmitterName: true });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/public/links/${link.token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Subbies',
      kind: 'ongoing',
      askSubmitterName: true,
      askSubmitterEmail: false,
      templates: [{ id: templateId, name: 'Site sign-in', definition: { fields: expect.any(Array) } }],
      humanCheck: 'altcha',
      recaptchaSiteKey: null,
    });
  });

  it('forged, archived and deleted tokens answer 404', async () => {
    const forged = await ctx.app.inject({ method: 'GET', url: `/api/public/links/${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().code).toBe('linkNotFound');
    const archived = await makeLink();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${team}/links/${archived.id}/archive`,
      headers: await w.personas.teamController.headers(),
    });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/links/${archived.token}` })).statusCode).toBe(404);
    const post = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/public/links/${token}/submissions`,
        payload: { formId: randomUUID(), templateId, values: { company: 'X' }, humanCheck: 'x' },
      });
    expect((await post(archived.token)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/public/links/${archived.token}/challenge` })).statusCode,
    ).toBe(404);
    const deleted = await makeLink();
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/teams/${team}/links/${deleted.id}`,
      headers: await w.personas.teamController.headers(),
    });
    expect((await post(deleted.token)).statusCode).toBe(404);
    expect((await post('A'.repeat(43))).statusCode).toBe(404);
  });
});

describe('submitting through a link', () => {
  it('makes a form in the link’s team with its source; a retried submit makes no second form', async () => {
    const link = await makeLink({ askSubmitterName: true, askSubmitterEmail: true });
    const formId = randomUUID();
    const body = { formId, submitterName: 'Sam Sparks', submitterEmail: 'sam@sparks.example' };
    const first = await submit(link.token, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ formId, created: true, receipt: expect.any(String) });
    const again = await submit(link.token, body);
    expect(again.statusCode).toBe(200);
    // The retry answers the same receipt (a lost answer still leads to the PDF copy).
    expect(again.json()).toEqual({ formId, created: false, receipt: first.json().receipt });

    const forms = await ctx.database.db.execute<{
      folder_id: string;
      created_by: string | null;
      field_values: unknown;
    }>(sql`select folder_id, created_by, field_values from forms where form_id = ${formId}`);
    expect(forms.rows).toEqual([{ folder_id: team, created_by: null, field_values: { company: 'Sparks Electrical' } }]);
    const source = await ctx.database.db.execute(
      sql`select link_name, submitter_name, submitter_email from link_submissions where form_id = ${formId}`,
    );
    expect(source.rows).toEqual([
      { link_name: 'Subbies', submitter_name: 'Sam Sparks', submitter_email: 'sam@sparks.example' },
    ]);
    const count = await ctx.database.db.execute(sql`select submission_count from links where link_id = ${link.id}`);
    expect(count.rows).toEqual([{ submission_count: 1 }]);
    // The team sees it in its Activity, with its source.
    const activity = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${team}/activity`,
      headers: await w.personas.teamMember.headers(),
    });
    const event = activity.json().events.find((e: { subjectId: string }) => e.subjectId === formId);
    expect(event).toMatchObject({
      action: 'form.submitted',
      actor: null,
      details: { source: { link: 'Subbies', submitterName: 'Sam Sparks', submitterEmail: 'sam@sparks.example' } },
    });
  });

  it('a single link takes exactly one submission, even when two arrive at once', async () => {
    const link = await makeLink({ kind: 'single' });
    const [a, b] = await Promise.all([submit(link.token), submit(link.token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 410]);
    const refused = [a, b].find((r) => r.statusCode === 410);
    expect(refused?.json()).toMatchObject({ code: 'linkClosed', detail: 'This link has already been used.' });
    const third = await submit(link.token);
    expect(third.statusCode).toBe(410);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/links/${link.token}` })).statusCode).toBe(410);
  });

  it('an ongoing link takes submissions up to its maximum', async () => {
    const link = await makeLink({ maxSubmissions: 2 });
    expect((await submit(link.token)).statusCode).toBe(201);
    expect((await submit(link.token)).statusCode).toBe(201);
    const full = await submit(link.token);
    expect(full.statusCode).toBe(410);
    expect(full.json().detail).toBe('This link has reached its maximum number of submissions.');
  });

  it('an expired link is refused', async () => {
    const link = await makeLink({ expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await ctx.database.db.execute(
      sql`update links set expires_at = now() - interval '1 minute' where link_id = ${link.id}`,
    );
    const response = await submit(link.token);
    expect(response.statusCode).toBe(410);
    expect(response.json().detail).toBe('This link has expired.');
  });

  it('refuses bad input: a template the link does not offer, missing values, asked details, a failed human check', async () => {
    const link = await makeLink({ askSubmitterName: true });
    expect((await submit(link.token, { templateId: otherTemplateId, submitterName: 'Sam' })).statusCode).toBe(404);
    const missing = await submit(link.token, { values: {}, submitterName: 'Sam' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toContain('values.company');
    const noName = await submit(link.token);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual([expect.objectContaining({ path: 'body.submitterName' })]);
    const robot = await submit(link.token, { submitterName: 'Sam', humanCheck: 'not-an-answer' });
    expect(robot.statusCode).toBe(400);
    expect(robot.json().errors).toEqual([expect.objectContaining({ path: 'body.humanCheck' })]);
    // One solved check makes one submission.
    const answer = await solved(link.token);
    expect((await submit(link.token, { submitterName: 'Sam', humanCheck: answer })).statusCode).toBe(201);
    expect((await submit(link.token, { submitterName: 'Sam', humanCheck: answer })).statusCode).toBe(400);
    const count = await ctx.database.db.execute(sql`select submission_count from links where link_id = ${link.id}`);
    expect(count.rows).toEqual([{ submission_count: 1 }]);
  });

  it('answers 429 past the per-address limit', async () => {
    const link = await makeLink();
    const ip = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const response = await submit(link.token, {}, ip);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.headers['retry-after']).toBeDefined();
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
  });
});

describe('the submitter’s PDF copy', () => {
  const pdf = (token: string, formId: string, receipt: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/public/links/${token}/submissions/${formId}/pdf?receipt=${encodeURIComponent(receipt)}`,
    });

  it('downloads the PDF of that one submission with its receipt, even once a single link is used', async () => {
    const link = await makeLink({ kind: 'single' });
    const made = await submit(link.token, {}, '192.0.2.50');
    expect(made.statusCode).toBe(201);
    const { formId, receipt } = made.json();
    const response = await pdf(link.token, formId, receipt);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".*\.pdf"/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 404 for a wrong receipt, another submission’s receipt, another link, a forged token or an archived link', async () => {
    const link = await makeLink();
    const mine = (await submit(link.token, {}, '192.0.2.50')).json();
    const theirs = (await submit(link.token, {}, '192.0.2.50')).json();
    const other = await makeLink();
    expect((await pdf(link.token, mine.formId, 'A'.repeat(43))).statusCode).toBe(404);
    expect((await pdf(link.token, mine.formId, theirs.receipt)).statusCode).toBe(404);
    expect((await pdf(other.token, mine.formId, mine.receipt)).statusCode).toBe(404);
    expect((await pdf('B'.repeat(43), mine.formId, mine.receipt)).statusCode).toBe(404);
    expect((await pdf(link.token, mine.formId, 'short')).statusCode).toBe(400);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${team}/links/${link.id}/archive`,
      headers: await w.personas.teamController.headers(),
    });
    expect((await pdf(link.token, mine.formId, mine.receipt)).statusCode).toBe(404);
  });
});

describe('a submitted form’s source', () => {
  it('shows in the team’s register, timeline and CSV export (link name and submitter as given)', async () => {
    const link = await makeLink({ name: 'Gate sign-in', askSubmitterName: true });
    const made = await submit(link.token, { submitterName: 'Sam Sparks' }, '192.0.2.60');
    expect(made.statusCode).toBe(201);
    const { formId } = made.json();
    const headers = await w.personas.teamMember.headers();
    const register = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${team}/templates/${templateId}/register?limit=200`,
      headers,
    });
    expect(register.statusCode).toBe(200);
    const row = register.json().rows.find((r: { formId: string }) => r.formId === formId);
    expect(row).toMatchObject({ createdBy: null, source: { link: 'Gate sign-in', submitterName: 'Sam Sparks' } });
    const timeline = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${team}/timeline?templateId=${templateId}&limit=100`,
      headers,
    });
    const listed = timeline.json().forms.find((r: { formId: string }) => r.formId === formId);
    expect(listed.source).toEqual({ link: 'Gate sign-in', submitterName: 'Sam Sparks' });

    const job = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${team}/templates/${templateId}/exports`,
      headers,
      payload: { format: 'csv', sort: 'number', direction: 'asc' },
    });
    expect(job.statusCode, job.body).toBe(202);
    await runPendingJobs(ctx.database.db, {
      [exportJobKind]: exportJobHandler(ctx.database.db, localDiskStorage(path.join(ctx.config.dataDir, 'files'))),
    });
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${team}/exports/${job.json().exportId}/download`,
      headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(',Link: Gate sign-in (Sam Sparks),');
  });
});
