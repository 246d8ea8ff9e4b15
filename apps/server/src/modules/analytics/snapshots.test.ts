import type { ChartDefinitionInput } from '@formwork/shared/schemas/analytics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createFormTemplate,
  createUser,
  createWorkspace,
  type Persona,
  personaFor,
  type TestWorkspace,
  teamIdOf,
} from '../../../test/factories.ts';
import { inspectionDefinition, postForm } from '../../../test/form-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope, systemScope } from '../../db/tenant.ts';
import { runPendingJobs } from '../../jobs/runner.ts';
import { snapshotJobHandler, snapshotJobKind } from './snapshots.service.ts';

let ctx: TestContext;
let w: TestWorkspace;
/** The team of the team personas (project 0) and a team of another project (project 1). */
let teamA: string;
let teamB: string;
let templateId: string;
/** A company dashboard (forms by colour as a bar, and as a table) and a dashboard of team B. */
let companyDashboard: string;
let teamBDashboard: string;

async function call(who: Persona, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: await who.headers(), ...(payload ? { payload } : {}) });
}

const byColour = (type: ChartDefinitionInput['type']): ChartDefinitionInput => ({
  templateIds: [templateId],
  measure: { aggregate: 'count' },
  groupBy: { by: 'field', fieldId: 'colour' },
  type,
});

async function newDashboard(folderId: string, name: string): Promise<string> {
  const res = await call(w.personas.orgController, 'POST', `/api/folders/${folderId}/dashboards`, { name });
  expect(res.statusCode, res.body).toBe(201);
  const dashboardId: string = res.json().dashboardId;
  for (const [title, type] of [
    ['Forms by colour', 'bar'],
    ['Colours as a table', 'table'],
  ] as const) {
    const chart = await call(
      w.personas.orgController,
      'POST',
      `/api/folders/${folderId}/dashboards/${dashboardId}/charts`,
      {
        title,
        definition: byColour(type),
      },
    );
    expect(chart.statusCode, chart.body).toBe(201);
  }
  return dashboardId;
}

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 1 });
  teamA = teamIdOf(w, 0, 0);
  teamB = teamIdOf(w, 1, 0);
  ({ templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: w.companyId,
    definition: inspectionDefinition,
    name: 'Site Inspection',
    deployTo: [teamA, teamB],
  }));
  const forms: [string, string][] = [
    [teamA, 'red'],
    [teamA, 'red'],
    [teamA, 'blue'],
    [teamB, 'red'],
    [teamB, 'blue'],
    [teamB, 'blue'],
    [teamB, 'blue'],
  ];
  for (const [team, colour] of forms) {
    const res = await postForm(ctx, w.personas.orgController, team, {
      templateId,
      values: { title: colour, colour, count: 1, safe: { answer: 'yes' }, when: '2026-03-04' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  companyDashboard = await newDashboard(w.companyId, 'Company overview');
  teamBDashboard = await newDashboard(teamB, 'Team B overview');
});
afterAll(() => ctx.close());

const subscriptionsUrl = (folderId: string, dashboardId: string) =>
  `/api/folders/${folderId}/dashboards/${dashboardId}/snapshot-subscriptions`;

async function subscribe(who: Persona, folderId: string, dashboardId: string, weekly: boolean, monthly = false) {
  const res = await call(who, 'PUT', subscriptionsUrl(folderId, dashboardId), { weekly, monthly });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Makes every scheduled snapshot due and runs the queued jobs (a server's runner does it on its own). */
async function runSnapshotsNow() {
  await inScope(ctx.database.db, systemScope, (tx) =>
    tx.execute(sql`update jobs set run_after = now() where kind = ${snapshotJobKind} and state = 'queued'`),
  );
  return runPendingJobs(ctx.database.db, {
    [snapshotJobKind]: snapshotJobHandler({ db: ctx.database.db, publicUrl: ctx.config.publicUrl }),
  });
}

type Mail = { subject: string; text_body: string; html_body: string; attachments: unknown; headers: unknown };
type Attachment = { filename: string; contentType: string; cid: string; content: string };

async function mailsTo(address: string): Promise<Mail[]> {
  return inScope(ctx.database.db, systemScope, async (tx) => {
    const r = await tx.execute<Mail>(sql`
      select subject, text_body, html_body, attachments, headers from mail_outbox where to_address = ${address}
       order by created_at`);
    return r.rows;
  });
}

const attachmentsOf = (mail: Mail): Attachment[] =>
  (typeof mail.attachments === 'string' ? JSON.parse(mail.attachments) : mail.attachments) ?? [];

function unsubscribeLink(mail: Mail) {
  const url = new URL(/Stop these e-mails: (\S+)/.exec(mail.text_body)?.[1] as string);
  const [, page, action, workspaceId, subscriptionId, token] = url.pathname.split('/');
  expect(`/${page}/${action}`).toBe('/snapshots/unsubscribe');
  return { workspaceId: workspaceId as string, subscriptionId: subscriptionId as string, token: token as string };
}

const linkUrl = (link: { workspaceId: string; subscriptionId: string; token: string }) =>
  `/api/public/snapshot-subscriptions/${link.workspaceId}/${link.subscriptionId}/${link.token}`;

async function queuedSnapshots(): Promise<{ run_after: Date | string; created_by: string }[]> {
  return inScope(ctx.database.db, systemScope, async (tx) => {
    const r = await tx.execute<{ run_after: Date | string; created_by: string }>(sql`
      select run_after, created_by from jobs where kind = ${snapshotJobKind} and state = 'queued'`);
    return r.rows;
  });
}

describe('snapshot e-mails', () => {
  it('mails each subscriber the dashboard as they see it, with the charts drawn on the server', async () => {
    expect(await subscribe(w.personas.orgMember, w.companyId, companyDashboard, true)).toEqual({
      weekly: true,
      monthly: false,
      hour: 7,
    });
    await subscribe(w.personas.teamMember, w.companyId, companyDashboard, true, true);
    const got = await call(w.personas.teamMember, 'GET', subscriptionsUrl(w.companyId, companyDashboard));
    expect(got.json()).toEqual({ weekly: true, monthly: true, hour: 7 });

    // Each subscription's first e-mail is scheduled: weekly on a Monday, monthly on the 1st, 07:00 (UTC here).
    const scheduled = await queuedSnapshots();
    expect(scheduled).toHaveLength(3);
    for (const job of scheduled) {
      const due = new Date(job.run_after);
      expect(due.getTime()).toBeGreaterThan(Date.now());
      expect(due.getUTCHours()).toBe(7);
      expect(due.getUTCDay() === 1 || due.getUTCDate() === 1).toBe(true);
    }

    expect(await runSnapshotsNow()).toBe(3);
    const [everyone] = await mailsTo(w.personas.orgMember.email);
    expect(everyone?.subject).toBe('Your weekly snapshot: Company overview');
    expect(everyone?.text_body).toContain('Forms by colour');
    expect(everyone?.text_body).toContain('Forms of Site Inspection');
    expect(everyone?.text_body).toContain('  Red: 3');
    expect(everyone?.text_body).toContain('  Blue: 4');

    // The team member sees only team A: team B's forms are not in their e-mail.
    const own = await mailsTo(w.personas.teamMember.email);
    expect(own.map((m) => m.subject).sort()).toEqual([
      'Your monthly snapshot: Company overview',
      'Your weekly snapshot: Company overview',
    ]);
    for (const mail of own) {
      expect(mail.text_body).toContain('  Red: 2');
      expect(mail.text_body).toContain('  Blue: 1');
      expect(mail.text_body).not.toContain('Blue: 4');
      expect(mail.html_body).not.toContain('>4<');
    }

    // The bar chart is a PNG drawn from the ECharts SVG, shown inline; the table is HTML.
    const mail = own[0] as Mail;
    const [image, ...more] = attachmentsOf(mail);
    expect(more).toHaveLength(0);
    expect(image?.contentType).toBe('image/png');
    expect(
      Buffer.from(image?.content as string, 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(mail.html_body).toContain(`<img src="cid:${image?.cid}"`);
    expect(mail.html_body).toContain('Colours as a table');
    expect(mail.html_body).toContain('<td>Red</td><td align="right">2</td>');

    // Each subscription's next e-mail is scheduled again.
    expect(await queuedSnapshots()).toHaveLength(3);
  });

  it('the unsubscribe link says what it stops, stops it, and works once', async () => {
    const [mail] = await mailsTo(w.personas.orgMember.email);
    const link = unsubscribeLink(mail as Mail);
    const info = await ctx.app.inject({ method: 'GET', url: linkUrl(link) });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toEqual({ dashboardName: 'Company overview', workspaceName: w.name, frequency: 'weekly' });

    const forged = await ctx.app.inject({
      method: 'POST',
      url: `${linkUrl({ ...link, token: `${link.token.slice(0, -2)}AA` })}/unsubscribe`,
    });
    expect(forged.statusCode).toBe(404);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: `${linkUrl({ ...link, token: 'short' })}/unsubscribe`,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['content-type']).toContain('application/problem+json');
    expect(malformed.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'params.token' })]),
    );
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: `${linkUrl({ ...link, workspaceId: w.other.workspaceId })}/unsubscribe`,
    });
    expect(elsewhere.statusCode).toBe(404);

    const done = await ctx.app.inject({ method: 'POST', url: `${linkUrl(link)}/unsubscribe` });
    expect(done.statusCode, done.body).toBe(204);
    const again = await ctx.app.inject({ method: 'POST', url: `${linkUrl(link)}/unsubscribe` });
    expect(again.statusCode).toBe(404);
    const state = await call(w.personas.orgMember, 'GET', subscriptionsUrl(w.companyId, companyDashboard));
    expect(state.json()).toEqual({ weekly: false, monthly: false, hour: 7 });

    // Its scheduled job finds itself superseded and sends nothing.
    await runSnapshotsNow();
    expect(await mailsTo(w.personas.orgMember.email)).toHaveLength(1);
  });

  it('sends one now on asking, without changing the schedule; only a snapshot the caller receives', async () => {
    const url = `${subscriptionsUrl(w.companyId, companyDashboard)}/send`;
    const before = (await queuedSnapshots()).length;
    const notSubscribed = await call(w.personas.projectMember, 'POST', url, { frequency: 'weekly' });
    expect(notSubscribed.statusCode).toBe(400);
    expect(notSubscribed.json().errors).toEqual([expect.objectContaining({ path: 'body.frequency' })]);
    const bad = await call(w.personas.teamMember, 'POST', url, { frequency: 'daily' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'body.frequency' })]);

    const sent = await call(w.personas.teamMember, 'POST', url, { frequency: 'monthly' });
    expect(sent.statusCode, sent.body).toBe(202);
    await runPendingJobs(ctx.database.db, {
      [snapshotJobKind]: snapshotJobHandler({ db: ctx.database.db, publicUrl: ctx.config.publicUrl }),
    });
    const mails = await mailsTo(w.personas.teamMember.email);
    expect(mails.at(-1)?.subject).toBe('Your monthly snapshot: Company overview');
    expect(mails.at(-1)?.text_body).toContain('Stop these e-mails:');
    expect(await queuedSnapshots()).toHaveLength(before);
  });

  it("carries List-Unsubscribe for the mail program's own button: one click (RFC 8058) stops it", async () => {
    const mail = (await mailsTo(w.personas.teamMember.email)).at(-1) as Mail;
    const headers = (typeof mail.headers === 'string' ? JSON.parse(mail.headers) : mail.headers) as Record<
      string,
      string
    >;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const address = /^<(https?:\/\/[^>]+)>$/.exec(headers['List-Unsubscribe'] ?? '')?.[1] as string;
    const link = unsubscribeLink(mail);
    expect(address).toBe(`${ctx.config.publicUrl}${linkUrl(link)}/unsubscribe`);
    const path = new URL(address).pathname;

    // Opened in a browser, it goes to the page that asks first.
    const opened = await ctx.app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(
      `/snapshots/unsubscribe/${link.workspaceId}/${link.subscriptionId}/${link.token}`,
    );
    // A forged link goes nowhere: 404, as the page's own lookup answers.
    const forged = await ctx.app.inject({
      method: 'GET',
      url: path.replace(link.token, `${link.token.slice(0, -2)}AA`),
    });
    expect(forged.statusCode).toBe(404);

    // The mail program posts the form RFC 8058 names, without signing in.
    const clicked = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode, clicked.body).toBe(204);
    const state = await call(w.personas.teamMember, 'GET', subscriptionsUrl(w.companyId, companyDashboard));
    expect(state.json()).toMatchObject({ monthly: false });
  });

  it('someone who may no longer view the dashboard gets nothing, and their subscription ends', async () => {
    const user = await createUser(ctx.database.db);
    await addMember(ctx.database.db, w.workspaceId, user.userId, { folderId: teamB, role: 'member' });
    const person = personaFor(ctx, user);
    await subscribe(person, teamB, teamBDashboard, true);
    await inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute(sql`delete from memberships where workspace_id = ${w.workspaceId} and user_id = ${user.userId}`),
    );
    await runSnapshotsNow();
    expect(await mailsTo(user.email)).toHaveLength(0);
    const rows = await inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute(sql`select 1 from dashboard_subscriptions where user_id = ${user.userId}`),
    );
    expect(rows.rows).toHaveLength(0);
  });

  it('a subscriber chooses the hour, in the workspace time zone: the next e-mail moves to it, audited', async () => {
    const url = subscriptionsUrl(teamB, teamBDashboard);
    const bad = await call(w.personas.orgMember, 'PUT', url, { weekly: true, monthly: false, hour: 24 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ path: 'body.hour', message: 'Choose an hour from 0 to 23' }),
    ]);
    const mine = async () => (await queuedSnapshots()).filter((j) => j.created_by === w.personas.orgMember.userId);
    const before = (await mine()).length;
    expect(await subscribe(w.personas.orgMember, teamB, teamBDashboard, true)).toMatchObject({ hour: 7 });
    const changed = await call(w.personas.orgMember, 'PUT', url, { weekly: true, monthly: false, hour: 18 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ weekly: true, monthly: false, hour: 18 });
    // The hour stays when a change leaves it out.
    expect(await subscribe(w.personas.orgMember, teamB, teamBDashboard, true, true)).toMatchObject({ hour: 18 });
    const jobs = (await mine()).slice(before);
    // The 07:00 job is still queued but superseded; the two current ones are at 18:00 (UTC here).
    expect(jobs.map((j) => new Date(j.run_after).getUTCHours()).sort()).toEqual([18, 18, 7].sort());
    const events = await inScope(
      ctx.database.db,
      { workspaceId: w.workspaceId, userId: null, isAdmin: false },
      async (tx) =>
        (
          await tx.execute<{ details: unknown }>(sql`
            select details from audit_events where actor_user_id = ${w.personas.orgMember.userId}
               and action = 'dashboard.snapshotHourChanged'`)
        ).rows,
    );
    expect(events).toHaveLength(1);
    await subscribe(w.personas.orgMember, teamB, teamBDashboard, false, false);
  });

  it('members subscribe themselves; without the view right 403, another workspace 404, bad input 400', async () => {
    const url = subscriptionsUrl(teamB, teamBDashboard);
    const forbidden = await call(w.personas.projectMember, 'PUT', url, { weekly: true, monthly: false });
    expect(forbidden.statusCode).toBe(403);
    const outsider = await call(w.personas.outsider, 'PUT', url, { weekly: true, monthly: false });
    expect(outsider.statusCode).toBe(404);
    const otherDashboard = await call(w.personas.teamMember, 'PUT', subscriptionsUrl(teamA, teamBDashboard), {
      weekly: true,
      monthly: false,
    });
    expect(otherDashboard.statusCode).toBe(404);
    const bad = await call(w.personas.orgController, 'PUT', url, { weekly: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.weekly' }),
        expect.objectContaining({ path: 'body.monthly' }),
      ]),
    );
    // Subscribing and unsubscribing are audited.
    await subscribe(w.personas.orgController, teamB, teamBDashboard, true);
    await subscribe(w.personas.orgController, teamB, teamBDashboard, false);
    const events = await inScope(
      ctx.database.db,
      { workspaceId: w.workspaceId, userId: null, isAdmin: false },
      async (tx) =>
        (
          await tx.execute<{ action: string }>(sql`
            select action from audit_events where actor_user_id = ${w.personas.orgController.userId}
               and action like 'dashboard.%subscribed' order by created_at`)
        ).rows,
    );
    expect(events.map((e) => e.action)).toEqual(['dashboard.subscribed', 'dashboard.unsubscribed']);
  });
});

describe('snapshot e-mails by locale', () => {
  it("writes a subscriber's snapshot in the locale they chose, Spanish too; the workspace's own words stay (issue 26)", async () => {
    const reader = w.personas.orgController;
    await ctx.database.db.execute(sql`update users set locale = 'es' where user_id = ${reader.userId}`);
    try {
      await subscribe(reader, teamB, teamBDashboard, true);
      await runSnapshotsNow();
      const mail = (await mailsTo(reader.email)).at(-1) as Mail;
      expect(mail.subject).toBe('Tu resumen semanal: Team B overview');
      expect(mail.text_body).toContain('tal como lo ves hoy.');
      expect(mail.text_body).toContain('Formularios de Site Inspection');
      expect(mail.text_body).toContain('  Red: 1');
      expect(mail.text_body).toContain('  Blue: 3');
      expect(mail.text_body).toMatch(/Dejar de recibir estos correos: \S+\/snapshots\/unsubscribe\//);
      expect(mail.html_body).toContain('<th align="left">Grupo</th><th align="right">Formularios</th>');
      expect(mail.html_body).toContain('Recibes este correo semanal porque te suscribiste.');
      expect(mail.html_body).toContain('>Cancelar suscripción</a>');
    } finally {
      await subscribe(reader, teamB, teamBDashboard, false);
      await ctx.database.db.execute(sql`update users set locale = null where user_id = ${reader.userId}`);
    }
  });
});
