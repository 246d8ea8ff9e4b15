import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  webhookEventIdHeader,
  webhookEventPayloadSchemas,
  webhookEventTypeHeader,
  webhookMaxAttempts,
  webhookRetryDelaysSeconds,
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
import { runPendingJobs } from '../../jobs/runner.ts';
import { isPrivateAddress } from './receiver.ts';
import { webhookDeliveryJobHandler, webhookDeliveryJobKind } from './webhooks.service.ts';

/** A receiver on loopback started by the test: it records each request and answers `status`. */
type Received = { headers: http.IncomingHttpHeaders; body: string };
let receiver: http.Server;
let receiverUrl: string;
let received: Received[] = [];
let status = 200;

let ctx: TestContext;
let w: TestWorkspace;
let team: string;
let otherTeam: string;
let templateId: string;
let otherTemplateId: string;

const definition = { fields: [{ id: 'notes', type: 'singleLineText' as const, label: 'Notes' }] };

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  ctx = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 2 });
  team = teamIdOf(w);
  otherTeam = teamIdOf(w, 0, 1);
  templateId = (await createFormTemplate(ctx.database.db, w.workspaceId, { folderId: team, definition, name: 'Pour' }))
    .templateId;
  otherTemplateId = (
    await createFormTemplate(ctx.database.db, w.workspaceId, { folderId: team, definition, name: 'Induction' })
  ).templateId;
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  received = [];
  status = 200;
  // Each test starts with no hooks (and so nothing queued for earlier ones).
  await ctx.database.db.execute(sql`delete from jobs where kind = ${webhookDeliveryJobKind}`);
  await ctx.database.db.execute(sql`delete from webhook_deliveries`);
  await ctx.database.db.execute(sql`delete from webhooks`);
});

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { persona?: PersonaName; payload?: object; app?: TestContext } = {},
) {
  const app = options.app ?? ctx;
  return app.app.inject({
    method,
    url,
    headers: await w.personas[options.persona ?? 'teamController'].headers(),
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

async function addHook(body: Record<string, unknown> = {}, persona: PersonaName = 'teamController', folderId = team) {
  const response = await call('POST', `/api/folders/${folderId}/webhooks`, {
    persona,
    payload: { url: receiverUrl, events: ['form.created', 'form.saved'], ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; secret: string; folderId: string };
}

function deliver() {
  return runPendingJobs(ctx.database.db, {
    [webhookDeliveryJobKind]: webhookDeliveryJobHandler({
      db: ctx.database.db,
      allowPrivateAddresses: true,
      publicUrl: ctx.config.publicUrl,
    }),
  });
}

async function newForm(notes = 'Slab') {
  const response = await postForm(ctx, w.personas.teamMember, team, { templateId, values: { notes } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { formId: string; version: number };
}

async function saveForm(formId: string, baseVersion: number, notes: string) {
  const response = await call('PUT', `/api/teams/${team}/forms/${formId}`, {
    persona: 'teamMember',
    payload: { baseVersion, values: { notes } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function deliveries(hookId: string, folderId = team) {
  const persona = folderId === team ? 'teamController' : 'orgController';
  const response = await call('GET', `/api/folders/${folderId}/webhooks/${hookId}/deliveries`, { persona });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().deliveries as {
    id: string;
    eventId: string;
    eventType: string;
    state: string;
    attempts: number;
    statusCode: number | null;
    durationMs: number | null;
    responseExcerpt: string | null;
    nextAttemptAt: string | null;
  }[];
}

/** What a receiver does: recompute the signature over `timestamp.body` and compare in constant time. */
function verifies(secret: string, request: Received): boolean {
  const timestamp = String(request.headers[webhookTimestampHeader]);
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`;
  const given = String(request.headers[webhookSignatureHeader]);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

describe('webhooks: managing', () => {
  it('an org controller adds one at the company, a team controller at their team; the secret is made by the server', async () => {
    const company = await addHook({ events: ['person.invited'] }, 'orgController', w.companyId);
    expect(company.secret).toMatch(/^whsec_/);
    const own = await addHook({}, 'teamController', team);
    const listed = await call('GET', `/api/folders/${team}/webhooks`);
    expect(listed.json().webhooks.map((h: { id: string }) => h.id)).toEqual([own.id]);
    const changed = await call('PUT', `/api/folders/${team}/webhooks/${own.id}`, {
      payload: { url: `${receiverUrl}?v=2`, events: ['form.archived'], enabled: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ events: ['form.archived'], state: 'disabled', disabledReason: 'manual' });
    const removed = await call('DELETE', `/api/folders/${team}/webhooks/${own.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `/api/folders/${team}/webhooks/${own.id}`)).statusCode).toBe(404);
  });

  it('members, project controllers and a team controller of another team are refused (403)', async () => {
    const hook = await addHook();
    for (const persona of ['teamMember', 'projectMember', 'visitor'] as const) {
      expect((await call('GET', `/api/folders/${team}/webhooks`, { persona })).statusCode, persona).toBe(403);
    }
    expect((await call('GET', `/api/folders/${w.companyId}/webhooks`, { persona: 'teamController' })).statusCode).toBe(
      403,
    );
    // Webhooks live at the company or a team, not a project.
    const project = w.projects[0]?.projectId as string;
    expect((await call('GET', `/api/folders/${project}/webhooks`, { persona: 'orgController' })).statusCode).toBe(403);
    const test = await call('POST', `/api/folders/${team}/webhooks/${hook.id}/test`, { persona: 'teamMember' });
    expect(test.statusCode).toBe(403);
  });

  it("another workspace's folder or hook answers 404, and a hook is found only through its own folder", async () => {
    const hook = await addHook();
    const otherWorkspaceTeam = w.other.projects[0]?.teams[0]?.teamId as string;
    expect((await call('GET', `/api/folders/${otherWorkspaceTeam}/webhooks`)).statusCode).toBe(404);
    const outsider = await call('GET', `/api/folders/${team}/webhooks/${hook.id}/deliveries`, { persona: 'outsider' });
    expect(outsider.statusCode).toBe(404);
    const viaOtherTeam = await call('GET', `/api/folders/${otherTeam}/webhooks/${hook.id}`, {
      persona: 'orgController',
    });
    expect(viaOtherTeam.statusCode).toBe(404);
    expect(viaOtherTeam.json().code).toBe('webhookNotFound');
    const redeliver = await call(
      'POST',
      `/api/folders/${team}/webhooks/${hook.id}/deliveries/${randomUUID()}/redeliver`,
    );
    expect(redeliver.statusCode).toBe(404);
  });

  it('bad input answers 400 naming each field', async () => {
    const bad = await call('POST', `/api/folders/${team}/webhooks`, {
      payload: { url: 'ftp://example.com/x', events: ['form.exploded'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    const paths = bad.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body.url', 'body.events.0']));
    const none = await call('POST', `/api/folders/${team}/webhooks`, { payload: { url: receiverUrl, events: [] } });
    expect(none.statusCode).toBe(400);
    const outside = await call('POST', `/api/folders/${team}/webhooks`, {
      payload: { url: receiverUrl, events: ['form.saved'], folderIds: [otherTeam], templateIds: [randomUUID()] },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors.map((e: { path: string }) => e.path)).toEqual(['body.folderIds.0']);
    const missingTemplate = await call('POST', `/api/folders/${team}/webhooks`, {
      payload: { url: receiverUrl, events: ['form.saved'], templateIds: [randomUUID()] },
    });
    expect(missingTemplate.json().errors.map((e: { path: string }) => e.path)).toEqual(['body.templateIds.0']);
  });
});

describe('webhooks: deliveries', () => {
  it('a created and a saved form are delivered, signed over timestamp.body with the hook secret, and logged', async () => {
    const hook = await addHook();
    const form = await newForm('Slab');
    await saveForm(form.formId, form.version, 'Slab, second pour');
    await deliver();
    expect(received).toHaveLength(2);
    const [created, saved] = received as [Received, Received];
    expect(created.headers[webhookEventTypeHeader]).toBe('form.created');
    expect(saved.headers[webhookEventTypeHeader]).toBe('form.saved');
    for (const request of received) expect(verifies(hook.secret, request)).toBe(true);
    expect(verifies('whsec_not-the-secret', saved)).toBe(false);
    const body = JSON.parse(saved.body);
    expect(webhookEventPayloadSchemas['form.saved'].parse(body)).toMatchObject({
      id: saved.headers[webhookEventIdHeader],
      type: 'form.saved',
      workspaceId: w.workspaceId,
      actorUserId: w.personas.teamMember.userId,
      data: { formId: form.formId, templateId, teamId: team, values: { notes: 'Slab, second pour' } },
    });
    const log = await deliveries(hook.id);
    expect(log.map((d) => [d.eventType, d.state, d.attempts, d.statusCode])).toEqual([
      ['form.saved', 'succeeded', 1, 200],
      ['form.created', 'succeeded', 1, 200],
    ]);
    expect(log[0]?.responseExcerpt).toBe('thanks');
    expect(log[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('the event is recorded with the change: a refused save records none', async () => {
    await addHook();
    const form = await newForm();
    await deliver();
    received = [];
    const stale = await call('PUT', `/api/teams/${team}/forms/${form.formId}`, {
      persona: 'teamMember',
      payload: { baseVersion: form.version + 5, values: { notes: 'late' } },
    });
    expect(stale.statusCode).toBe(409);
    await deliver();
    expect(received).toHaveLength(0);
  });

  it('filters by event, folder and template: only the subscribed events of those folders and templates are sent', async () => {
    const company = await addHook(
      { events: ['form.saved'], folderIds: [otherTeam], templateIds: [] },
      'orgController',
      w.companyId,
    );
    const byTemplate = await addHook({ events: ['form.created'], templateIds: [otherTemplateId] });
    await newForm();
    await deliver();
    expect(received).toHaveLength(0);
    expect(await deliveries(company.id, w.companyId)).toHaveLength(0);
    const other = await postForm(ctx, w.personas.teamMember, team, { templateId: otherTemplateId, values: {} });
    expect(other.statusCode).toBe(201);
    await deliver();
    expect(received.map((r) => r.headers[webhookEventTypeHeader])).toEqual(['form.created']);
    expect(await deliveries(byTemplate.id)).toHaveLength(1);
  });

  it('a failing receiver is retried with exponential backoff for about a day, then the hook is disabled and its owner e-mailed', async () => {
    status = 500;
    const hook = await addHook({ events: ['form.created'] });
    await newForm();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= webhookMaxAttempts; attempt++) {
      const before = Date.now();
      expect(await deliver(), `attempt ${attempt}`).toBe(1);
      const queued = await ctx.database.db.execute<{ run_after: string | Date }>(
        sql`select run_after from jobs where kind = ${webhookDeliveryJobKind} and state = 'queued'`,
      );
      if (attempt === webhookMaxAttempts) {
        expect(queued.rows).toHaveLength(0);
        break;
      }
      expect(queued.rows).toHaveLength(1);
      delays.push(Math.round((new Date(queued.rows[0]?.run_after as string).getTime() - before) / 1000));
      // Nothing is due before its time: the runner finds nothing to do.
      expect(await deliver()).toBe(0);
      await ctx.database.db.execute(
        sql`update jobs set run_after = now() where kind = ${webhookDeliveryJobKind} and state = 'queued'`,
      );
    }
    expect(received).toHaveLength(webhookMaxAttempts);
    delays.forEach((delay, index) => {
      expect(Math.abs(delay - (webhookRetryDelaysSeconds[index] as number)), `delay ${index}`).toBeLessThanOrEqual(2);
    });
    const totalHours = webhookRetryDelaysSeconds.reduce((sum, s) => sum + s, 0) / 3600;
    expect(totalHours).toBeGreaterThan(20);
    expect(totalHours).toBeLessThan(30);
    // Every attempt carried the same event id.
    expect(new Set(received.map((r) => r.headers[webhookEventIdHeader])).size).toBe(1);
    const [log] = await deliveries(hook.id);
    expect(log).toMatchObject({ state: 'failed', attempts: webhookMaxAttempts, statusCode: 500, nextAttemptAt: null });
    expect(log?.responseExcerpt).toBe('receiver is down');
    const after = await call('GET', `/api/folders/${team}/webhooks/${hook.id}`);
    expect(after.json()).toMatchObject({ state: 'disabled', disabledReason: 'failures' });
    const mail = await ctx.database.db.execute<{ subject: string; text_body: string }>(
      sql`select subject, text_body from mail_outbox where to_address = ${w.personas.teamController.email}
           and subject like 'A webhook was disabled%'`,
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]?.text_body).toContain(`The webhook to ${receiverUrl} in `);
  });

  it('e-mails an owner who chose Spanish in Spanish when their hook is disabled (issue 26)', async () => {
    const owner = w.personas.teamController;
    await ctx.database.db.execute(sql`update users set locale = 'es' where user_id = ${owner.userId}`);
    try {
      status = 500;
      const hook = await addHook({ events: ['form.created'] });
      await newForm();
      for (let attempt = 1; attempt <= webhookMaxAttempts; attempt++) {
        expect(await deliver(), `attempt ${attempt}`).toBe(1);
        await ctx.database.db.execute(
          sql`update jobs set run_after = now() where kind = ${webhookDeliveryJobKind} and state = 'queued'`,
        );
      }
      const mail = await ctx.database.db.execute<{ subject: string; text_body: string }>(
        sql`select subject, text_body from mail_outbox where to_address = ${owner.email}
             and text_body like ${`%${hook.id}%`}`,
      );
      expect(mail.rows).toHaveLength(1);
      expect(mail.rows[0]?.subject).toBe('Se ha desactivado un webhook tras fallos repetidos');
      expect(mail.rows[0]?.text_body).toContain(`El webhook a ${receiverUrl} en `);
      expect(mail.rows[0]?.text_body).toContain(`(${webhookMaxAttempts} intentos)`);
    } finally {
      await ctx.database.db.execute(sql`update users set locale = null where user_id = ${owner.userId}`);
    }
  });

  it('a delivery is redelivered with the same event id, and a test delivery reaches the receiver', async () => {
    const hook = await addHook();
    await newForm();
    await deliver();
    const [first] = await deliveries(hook.id);
    const again = await call('POST', `/api/folders/${team}/webhooks/${hook.id}/deliveries/${first?.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ eventId: first?.eventId, state: 'pending' });
    await deliver();
    expect(received).toHaveLength(2);
    expect(received[1]?.headers[webhookEventIdHeader]).toBe(received[0]?.headers[webhookEventIdHeader]);
    expect(verifies(hook.secret, received[1] as Received)).toBe(true);

    const test = await call('POST', `/api/folders/${team}/webhooks/${hook.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    await deliver();
    expect(received[2]?.headers[webhookEventTypeHeader]).toBe('webhook.test');
    expect(JSON.parse(received[2]?.body as string)).toMatchObject({ type: 'webhook.test', data: { hookId: hook.id } });
    expect((await deliveries(hook.id))[0]).toMatchObject({ eventType: 'webhook.test', state: 'succeeded' });
  });

  it('a disabled hook sends nothing: no new deliveries, and one queued before it was disabled is skipped', async () => {
    const hook = await addHook();
    await newForm();
    const disabled = await call('PUT', `/api/folders/${team}/webhooks/${hook.id}`, {
      payload: { url: receiverUrl, events: ['form.created', 'form.saved'], enabled: false },
    });
    expect(disabled.statusCode).toBe(200);
    await newForm();
    await deliver();
    expect(received).toHaveLength(0);
    const log = await deliveries(hook.id);
    expect(log.map((d) => d.state)).toEqual(['skipped']);
    const test = await call('POST', `/api/folders/${team}/webhooks/${hook.id}/test`);
    expect(test.statusCode).toBe(409);
    expect(test.json().code).toBe('webhookDisabled');
  });

  it('an action assigned and completed reaches a team hook filtered to its form template', async () => {
    await addHook({ events: ['action.assigned', 'action.completed'], templateIds: [templateId] });
    const form = await newForm('Rail');
    const action = await call('POST', `/api/teams/${team}/actions`, {
      persona: 'teamMember',
      payload: {
        actionId: randomUUID(),
        title: 'Fix the rail',
        formId: form.formId,
        assign: true,
        assigneeId: w.personas.teamMember.userId,
      },
    });
    expect(action.statusCode, action.body).toBe(201);
    const actionId = action.json().actionId as string;
    const done = await call('POST', `/api/workspaces/${w.workspaceId}/actions/${actionId}/complete`, {
      persona: 'teamMember',
      payload: {},
    });
    expect(done.statusCode, done.body).toBe(200);
    await deliver();
    expect(received.map((r) => r.headers[webhookEventTypeHeader])).toEqual(['action.assigned', 'action.completed']);
    const completed = webhookEventPayloadSchemas['action.completed'].parse(JSON.parse(received[1]?.body as string));
    expect(completed.data).toMatchObject({
      actionId,
      formId: form.formId,
      templateId,
      state: 'completed',
      assigneeId: w.personas.teamMember.userId,
    });
  });

  it('person and list events reach a company hook, each payload as its schema says', async () => {
    await addHook({ events: ['person.invited', 'list.changed'] }, 'orgController', w.companyId);
    const invite = await call('POST', `/api/folders/${team}/invitations`, {
      persona: 'orgController',
      payload: { email: 'new.person@example.com', role: 'member', userType: 'contributor' },
    });
    const list = await call('POST', `/api/companies/${w.companyId}/lists`, {
      persona: 'orgController',
      payload: { name: 'Plant' },
    });
    expect(invite.statusCode, invite.body).toBeLessThan(300);
    expect(list.statusCode, list.body).toBe(201);
    await deliver();
    expect(received.map((r) => r.headers[webhookEventTypeHeader]).sort()).toEqual(['list.changed', 'person.invited']);
    for (const request of received) {
      const body = JSON.parse(request.body);
      const schema = webhookEventPayloadSchemas[body.type as keyof typeof webhookEventPayloadSchemas];
      expect(() => schema.parse(body), request.body).not.toThrow();
    }
  });

  it('list item and property edits reach a list hook as list.changed, each naming its change', async () => {
    await addHook({ events: ['list.changed'] }, 'orgController', w.companyId);
    const lists = `/api/companies/${w.companyId}/lists`;
    const asOrg = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      call(method, url, { persona: 'orgController', ...(payload ? { payload } : {}) });
    const list = await asOrg('POST', lists, { name: 'Cranes' });
    expect(list.statusCode, list.body).toBe(201);
    const items = `${lists}/${list.json().id}/items`;
    const first = await asOrg('POST', items, { label: 'Tower crane', values: {} });
    const second = await asOrg('POST', items, { label: 'Mobile crane', values: {} });
    expect(first.statusCode, first.body).toBe(201);
    expect((await asOrg('PATCH', `${items}/${first.json().id}`, { label: 'Tower crane 2' })).statusCode).toBe(200);
    const moved = await asOrg('PUT', `${items}/${second.json().id}/position`, { afterItemId: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await asOrg('DELETE', `${items}/${first.json().id}`)).statusCode).toBe(200);
    const property = await asOrg('POST', `${lists}/${list.json().id}/properties`, { name: 'Capacity', type: 'text' });
    expect(property.statusCode, property.body).toBeLessThan(300);
    await deliver();
    const changes = received
      .map((r) => JSON.parse(r.body))
      .map((body) => [body.type, body.data.change, body.data.name]);
    expect(changes.sort()).toEqual(
      [
        ['list.changed', 'created', 'Cranes'],
        ['list.changed', 'itemAdded', 'Cranes'],
        ['list.changed', 'itemAdded', 'Cranes'],
        ['list.changed', 'itemChanged', 'Cranes'],
        ['list.changed', 'itemMoved', 'Cranes'],
        ['list.changed', 'itemRemoved', 'Cranes'],
        ['list.changed', 'propertyAdded', 'Cranes'],
      ].sort(),
    );
  });
});

describe('webhooks: receivers on private addresses', () => {
  let strict: TestContext;
  let sw: TestWorkspace;
  beforeAll(async () => {
    strict = await createTestApp();
    sw = await createWorkspace(strict, { projects: 1, teamsPerProject: 1 });
  });
  afterAll(() => strict.close());

  it('are refused by default (400 naming body.url), loopback, private, link-local and IPv6 alike', async () => {
    for (const url of [
      receiverUrl,
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://192.168.1.10/hook',
      'http://localhost:9/hook',
    ]) {
      const response = await strict.app.inject({
        method: 'POST',
        url: `/api/folders/${teamIdOf(sw)}/webhooks`,
        headers: await sw.personas.teamController.headers(),
        payload: { url, events: ['form.saved'] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors[0]?.path, url).toBe('body.url');
    }
  });

  it('every resolved address is judged, public ones pass', () => {
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2606:4700:4700::1111')).toBe(false);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.20.1.1',
      '100.64.0.1',
      '169.254.1.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });
});
