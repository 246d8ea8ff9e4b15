import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { macroRunPayloadSchema } from '@formwork/shared/schemas/macros';
import {
  webhookEventTypeHeader,
  webhookSignatureHeader,
  webhookTimestampHeader,
} from '@formwork/shared/schemas/webhooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createFormTemplate,
  createWorkspace,
  type PersonaName,
  type TestWorkspace,
  teamIdOf,
} from '../../../test/factories.ts';
import { postForm } from '../../../test/form-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

/**
 * A receiver on loopback started by the test: it records each request and answers what `answer`
 * says (JSON values to write back by default).
 */
type Received = { headers: http.IncomingHttpHeaders; body: string };
let receiver: http.Server;
let receiverUrl: string;
let received: Received[] = [];
let answer: (request: Received) => Promise<{ status: number; body: string }>;

let ctx: TestContext;
let w: TestWorkspace;
let team: string;
let templateId: string;

const definition = {
  fields: [
    { id: 'notes', type: 'singleLineText' as const, label: 'Notes' },
    { id: 'count', type: 'number' as const, label: 'Count' },
  ],
};

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', async () => {
      const got = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(got);
      const { status, body } = await answer(got);
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/macro`;
  ctx = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  team = teamIdOf(w);
  templateId = (await createFormTemplate(ctx.database.db, w.workspaceId, { folderId: team, definition, name: 'Pour' }))
    .templateId;
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  received = [];
  answer = async () => ({ status: 200, body: JSON.stringify({ values: { notes: 'Checked by the plant system' } }) });
  await ctx.database.db.execute(sql`delete from template_macros`);
});

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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

async function addMacro(body: Record<string, unknown> = {}) {
  const response = await call('POST', `/api/templates/${templateId}/macros`, {
    payload: { name: 'Check plant', url: receiverUrl, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string; secret: string };
}

async function newForm(values: Record<string, unknown> = { notes: 'Slab' }) {
  const response = await postForm(ctx, w.personas.teamMember, team, { templateId, values });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { formId: string; version: number };
}

function run(formId: string, macroId: string, baseVersion: number, persona: PersonaName = 'teamMember') {
  return call('POST', `/api/teams/${team}/forms/${formId}/macros/${macroId}/run`, {
    persona,
    payload: { baseVersion },
  });
}

async function formValues(formId: string) {
  const response = await call('GET', `/api/teams/${team}/forms/${formId}`, { persona: 'teamMember' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().form as { version: number; values: Record<string, unknown> };
}

describe('form macros: managed by whoever edits the template', () => {
  it("a team controller names, lists, changes and removes a template's macros, each audited", async () => {
    const macro = await addMacro();
    expect(macro.secret).toMatch(/^mcsec_/);
    const changed = await call('PUT', `/api/templates/${templateId}/macros/${macro.id}`, {
      payload: { name: 'Check plant again', url: `${receiverUrl}/v2` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const listed = await call('GET', `/api/templates/${templateId}/macros`);
    expect(listed.json().macros).toMatchObject([{ id: macro.id, name: 'Check plant again', url: `${receiverUrl}/v2` }]);
    expect((await call('DELETE', `/api/templates/${templateId}/macros/${macro.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/templates/${templateId}/macros`)).json().macros).toEqual([]);
    const events = await ctx.database.db.execute<{ action: string }>(
      sql`select action from audit_events where subject_id = ${templateId} and action like 'template.macro%' order by event_id`,
    );
    expect(events.rows.map((r) => r.action)).toEqual([
      'template.macroAdded',
      'template.macroChanged',
      'template.macroRemoved',
    ]);
  });

  it('a team member may not manage them (403); they see only the names on a form', async () => {
    const macro = await addMacro();
    const denied = await call('POST', `/api/templates/${templateId}/macros`, {
      persona: 'teamMember',
      payload: { name: 'Mine', url: receiverUrl },
    });
    expect(denied.statusCode).toBe(403);
    expect((await call('GET', `/api/templates/${templateId}/macros`, { persona: 'teamMember' })).statusCode).toBe(403);
    const form = await newForm();
    const offered = await call('GET', `/api/teams/${team}/forms/${form.formId}/macros`, { persona: 'teamMember' });
    expect(offered.json()).toEqual({ macros: [{ id: macro.id, name: 'Check plant' }] });
  });

  it("another workspace's template, macro or form answers 404", async () => {
    const macro = await addMacro();
    const form = await newForm();
    for (const [method, url] of [
      ['GET', `/api/templates/${templateId}/macros`],
      ['DELETE', `/api/templates/${templateId}/macros/${macro.id}`],
      ['GET', `/api/teams/${team}/forms/${form.formId}/macros`],
    ] as const) {
      expect((await call(method, url, { persona: 'outsider' })).statusCode, url).toBe(404);
    }
    expect((await run(form.formId, macro.id, form.version, 'outsider')).statusCode).toBe(404);
    const unknown = await call('DELETE', `/api/templates/${templateId}/macros/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('notFound');
  });

  it('refuses a macro without a name or with a URL that is not http(s), with field errors', async () => {
    const response = await call('POST', `/api/templates/${templateId}/macros`, {
      payload: { name: ' ', url: 'ftp://example.com/macro' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const errors = response.json().errors as { path: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.name', message: 'Enter a name' }),
        expect.objectContaining({ path: 'body.url', message: 'Enter a URL starting with https:// or http://' }),
      ]),
    );
  });
});

describe('form macros: a run', () => {
  it('POSTs the saved form signed like a webhook and writes back the answered value, audited with the macro as source', async () => {
    const macro = await addMacro();
    const form = await newForm();
    const response = await run(form.formId, macro.id, form.version);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ writtenFieldIds: ['notes'], version: form.version + 1 });
    expect(received).toHaveLength(1);
    const request = received[0] as Received;
    const timestamp = String(request.headers[webhookTimestampHeader]);
    const expected = `v1=${createHmac('sha256', macro.secret).update(`${timestamp}.${request.body}`).digest('hex')}`;
    expect(request.headers[webhookSignatureHeader]).toBe(expected);
    expect(request.headers[webhookEventTypeHeader]).toBe('form.macro');
    const payload = macroRunPayloadSchema.parse(JSON.parse(request.body));
    expect(payload.data).toMatchObject({ formId: form.formId, version: form.version, values: { notes: 'Slab' } });
    expect(payload.macro).toEqual({ id: macro.id, name: 'Check plant' });
    expect(await formValues(form.formId)).toMatchObject({
      version: form.version + 1,
      values: { notes: 'Checked by the plant system' },
    });
    const audit = await ctx.database.db.execute<{ details: { source?: unknown } }>(
      sql`select details from audit_events where subject_id = ${form.formId} and action = 'form.saved'`,
    );
    expect(audit.rows.map((r) => r.details.source)).toEqual([{ macro: { id: macro.id, name: 'Check plant' } }]);
  });

  it('an answer without values leaves the form as it was', async () => {
    const macro = await addMacro();
    const form = await newForm();
    answer = async () => ({ status: 204, body: '' });
    const response = await run(form.formId, macro.id, form.version);
    expect(response.json()).toEqual({ writtenFieldIds: [], version: form.version });
    expect((await formValues(form.formId)).version).toBe(form.version);
  });

  it('refuses answered values a save would refuse, with field errors, and writes nothing', async () => {
    const macro = await addMacro();
    const form = await newForm();
    answer = async () => ({ status: 200, body: JSON.stringify({ values: { count: 'many', nope: 1 } }) });
    const response = await run(form.formId, macro.id, form.version);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('formInvalid');
    const paths = (response.json().errors as { path: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(['values.count', 'values.nope']);
    expect(await formValues(form.formId)).toMatchObject({ version: form.version, values: { notes: 'Slab' } });
  });

  it("a receiver's error, or an answer that is not JSON, gives the spec's message (502)", async () => {
    const macro = await addMacro();
    const form = await newForm();
    for (const [status, body, reason] of [
      [500, '{"error":"down"}', 'status'],
      [200, 'not json', 'answer'],
      [200, '{"values":"notes"}', 'answer'],
    ] as const) {
      answer = async () => ({ status, body });
      const response = await run(form.formId, macro.id, form.version);
      expect(response.statusCode, body).toBe(502);
      expect(response.json()).toMatchObject({
        code: 'macroFailed',
        title: 'Something went wrong while running the macro. Please try again.',
        meta: { reason },
      });
    }
    expect((await formValues(form.formId)).version).toBe(form.version);
  });

  it('is of the saved form: a stale version is refused before sending, and a save made meanwhile is not lost', async () => {
    const macro = await addMacro();
    const form = await newForm();
    const saved = await call('PUT', `/api/teams/${team}/forms/${form.formId}`, {
      persona: 'teamMember',
      payload: { baseVersion: form.version, values: { notes: 'Edited' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await run(form.formId, macro.id, form.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('staleVersion');
    expect(received).toHaveLength(0);
    // The receiver takes its time; someone saves the form before it answers.
    answer = async () => {
      const meanwhile = await call('PUT', `/api/teams/${team}/forms/${form.formId}`, {
        persona: 'teamMember',
        payload: { baseVersion: form.version + 1, values: { notes: 'Saved meanwhile' } },
      });
      expect(meanwhile.statusCode, meanwhile.body).toBe(200);
      return { status: 200, body: JSON.stringify({ values: { notes: 'From the macro' } }) };
    };
    const raced = await run(form.formId, macro.id, form.version + 1);
    expect(raced.statusCode, raced.body).toBe(409);
    expect(raced.json().code).toBe('staleVersion');
    expect(await formValues(form.formId)).toMatchObject({
      version: form.version + 2,
      values: { notes: 'Saved meanwhile' },
    });
  });

  it('someone who may not edit the form is refused (403); an unknown macro is 404; a bad body 400', async () => {
    const macro = await addMacro();
    const form = await newForm();
    const visitor = await run(form.formId, macro.id, form.version, 'visitor');
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().title).toBe("You don't have access to this form");
    expect((await run(form.formId, randomUUID(), form.version)).statusCode).toBe(404);
    const bad = await call('POST', `/api/teams/${team}/forms/${form.formId}/macros/${macro.id}/run`, {
      persona: 'teamMember',
      payload: { baseVersion: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]?.path).toBe('body.baseVersion');
    expect(received).toHaveLength(0);
  });
});

describe('form macros: receivers on private addresses', () => {
  let strict: TestContext;
  let sw: TestWorkspace;
  let strictTemplate: string;
  beforeAll(async () => {
    strict = await createTestApp();
    sw = await createWorkspace(strict, { projects: 1, teamsPerProject: 1 });
    strictTemplate = (
      await createFormTemplate(strict.database.db, sw.workspaceId, { folderId: teamIdOf(sw), definition })
    ).templateId;
  });
  afterAll(() => strict.close());

  it('are refused by default when the macro is named (400 body.url) and when it runs (502, nothing sent)', async () => {
    const headers = await sw.personas.teamController.headers();
    const named = await strict.app.inject({
      method: 'POST',
      url: `/api/templates/${strictTemplate}/macros`,
      headers,
      payload: { name: 'Loopback', url: receiverUrl },
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().errors[0]?.path).toBe('body.url');
    // A name that resolved to a public address when the macro was named may not later.
    const macroId = randomUUID();
    await strict.database.db.execute(sql`
      insert into template_macros (workspace_id, template_id, macro_id, name, url, secret)
      values (${sw.workspaceId}, ${strictTemplate}, ${macroId}, 'Loopback', ${receiverUrl}, 'mcsec_test')`);
    const form = await postForm(strict, sw.personas.teamMember, teamIdOf(sw), {
      templateId: strictTemplate,
      values: { notes: 'Slab' },
    });
    expect(form.statusCode, form.body).toBe(201);
    const ran = await strict.app.inject({
      method: 'POST',
      url: `/api/teams/${teamIdOf(sw)}/forms/${form.json().formId}/macros/${macroId}/run`,
      headers: await sw.personas.teamMember.headers(),
      payload: { baseVersion: form.json().version },
    });
    expect(ran.statusCode).toBe(502);
    expect(ran.json().meta).toEqual({ reason: 'addressRefused' });
    expect(received).toHaveLength(0);
  });
});
