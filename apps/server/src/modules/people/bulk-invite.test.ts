import { randomUUID } from 'node:crypto';
import { bulkInviteMaxBytes } from '@formwork/shared/invitation-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type PersonaName, type TestWorkspace } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope } from '../../db/tenant.ts';
import { runPendingJobs } from '../../jobs/runner.ts';
import { inviteBatchChunk, inviteBatchJobHandler, inviteBatchJobKind } from './invitations.service.ts';

let ctx: TestContext;
let w: TestWorkspace;
let other: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
  other = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
});
afterAll(() => ctx.close());

const project = (p = 0) => w.projects[p]?.projectId as string;
const team = (p = 0, t = 0) => w.projects[p]?.teams[t]?.teamId as string;
const fresh = (domain = 'example.com') => `bulk-${randomUUID().slice(0, 8)}@${domain}`;

async function bulk(who: PersonaName, folderId: string, body: Record<string, unknown>, ws = w) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/folders/${folderId}/invitations/bulk`,
    headers: await ws.personas[who].headers(),
    payload: {
      role: 'member',
      userType: 'contributor',
      send: false,
      ...(body.send ? { batchId: randomUUID() } : {}),
      ...body,
    },
  });
}

async function batch(who: PersonaName, folderId: string, batchId: string, ws = w) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/folders/${folderId}/invitations/batches/${batchId}`,
    headers: await ws.personas[who].headers(),
  });
}

/** Runs the queued bulk invites (the job runner of a server does it on its own). */
const runJobs = () =>
  runPendingJobs(ctx.database.db, {
    [inviteBatchJobKind]: inviteBatchJobHandler({ db: ctx.database.db, publicUrl: ctx.config.publicUrl }),
  });

async function auditCount(action: string, subjectIds: string[]) {
  return inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, async (tx) => {
    const r = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from audit_events
       where action = ${action} and subject_id = any(${`{${subjectIds.join(',')}}`}::uuid[])`);
    return r.rows[0]?.n;
  });
}

async function pending(emails: string[]) {
  return inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, async (tx) => {
    const r = await tx.execute<{ email: string; folder_id: string; role: string; mail: number }>(sql`
      select i.email, i.folder_id, i.role,
        (select count(*)::int from mail_outbox o where o.mail_id = i.mail_id) as mail
      from invitations i where i.status = 'pending' and i.email = any(${`{${emails.join(',')}}`}::text[])
      order by i.email`);
    return r.rows;
  });
}

const codes = (row: { problems: { column: string; code: string }[] }) =>
  row.problems.map((p) => `${p.column}:${p.code}`);

describe('POST /api/folders/:folderId/invitations/bulk', () => {
  it('previews a CSV (Email first; Folder, Level and Type optional) without sending anything, then invites the valid rows', async () => {
    const [a, b, c] = [fresh(), fresh(), fresh()];
    const csv = [
      'Email,Folder,Level,Type',
      `${a},${team(0, 1)},Controller,Contributor`,
      `${b},,,`,
      'not-an-address,,,',
      `${c.toUpperCase()},${project(1)},member,`,
    ].join('\n');
    const preview = await bulk('orgController', w.companyId, { csv });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ valid: 3, invited: 0 });
    expect(body.rows.map((r: { line: number }) => r.line)).toEqual([2, 3, 4, 5]);
    expect(body.rows[0]).toMatchObject({ email: a, folderId: team(0, 1), folderKind: 'team', role: 'controller' });
    expect(body.rows[1]).toMatchObject({ email: b, folderId: w.companyId, role: 'member', userType: 'contributor' });
    expect(codes(body.rows[2])).toEqual(['email:invalidEmail']);
    expect(body.rows[2].problems[0].message).toBe('Please enter a valid email address in the format name@example.com.');
    expect(await pending([a, b])).toEqual([]);

    const sent = await bulk('orgController', w.companyId, { csv, send: true });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ state: 'queued', total: 3, processed: 0, invited: 0, skipped: [] });
    // The request only records the batch: the job invites.
    expect(await pending([a, b])).toEqual([]);
    await runJobs();
    const done = await batch('orgController', w.companyId, sent.json().batchId);
    expect(done.json()).toMatchObject({ state: 'done', total: 3, processed: 3, invited: 3, skipped: [] });
    const rows = await pending([a, b, c.toUpperCase()].sort());
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.mail === 1)).toBe(true);
    expect(rows.find((r) => r.email === a)).toMatchObject({ folder_id: team(0, 1), role: 'controller' });
  });

  it('checks every row: duplicates, formula-like cells, unknown levels and types, already a member or invited, domain rules', async () => {
    const dup = fresh();
    const invitedBefore = fresh();
    await bulk('orgController', team(), { emails: [invitedBefore], send: true });
    await runJobs();
    const csv = [
      'email,level,type',
      `${dup},member,contributor`,
      `${dup.toUpperCase()},member,contributor`,
      '=HYPERLINK("http://evil.example"),member,contributor',
      `${fresh()},@SUM(1),contributor`,
      `${fresh()},boss,contributor`,
      `${fresh()},member,guest`,
      `${w.personas.teamMember.email},member,contributor`,
      `${invitedBefore},member,contributor`,
      `${fresh('gmail.com')},member,visitor`,
    ].join('\r\n');
    const res = await bulk('orgController', team(), { csv });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.map(codes)).toEqual([
      [],
      ['email:duplicateRow'],
      ['email:formulaCell'],
      ['level:formulaCell'],
      ['level:invalidLevel'],
      ['type:invalidType'],
      ['email:alreadyMember'],
      ['email:alreadyInvited'],
      ['email:visitorFreeMail'],
    ]);
    expect(res.json().valid).toBe(1);
  });

  it("refuses another workspace's folder ids, folders outside this one and ids that are not ids, per row", async () => {
    const csv = [
      'Email,Folder',
      `${fresh()},${other.projects[0]?.teams[0]?.teamId}`,
      `${fresh()},${project(1)}`,
      `${fresh()},not-a-folder`,
      `${fresh()},${team()}`,
    ].join('\n');
    const res = await bulk('projectController', project(), { csv, role: 'controller' });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.map(codes)).toEqual([
      ['folder:folderNotFound'],
      ['folder:folderNotFound'],
      ['folder:folderNotFound'],
      [],
    ]);
    const teamLevel = await bulk('teamController', team(), { emails: [fresh()], role: 'controller' });
    expect(teamLevel.json().rows.map(codes)).toEqual([[]]);
    const tooHigh = await bulk('projectController', project(), {
      csv: `Email,Folder\n${fresh()},${project()}`,
      role: 'controller',
    });
    expect(tooHigh.json().rows.map(codes)).toEqual([[]]);
  });

  it('invites nothing and answers 400 with every row when no row can be invited', async () => {
    const res = await bulk('orgController', team(), { emails: ['bad', 'worse@'], send: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('No row can be invited: correct the rows marked and try again.');
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['body.rows.0.email', 'body.rows.1.email']);
  });

  it('refuses files that are not a CSV headed Email, too large (saying the limit), or with no rows', async () => {
    const file = async (csv: string) => {
      const res = await bulk('orgController', team(), { csv });
      return [res.statusCode, res.json().detail];
    };
    expect(await file('Name,Email\nx,a@example.com')).toEqual([
      400,
      'The first column of the CSV file must be headed Email.',
    ]);
    expect(await file('PK\u0003\u0004\u0000binary')).toEqual([400, 'This file is not a CSV file.']);
    expect(await file('Email\n"a@example.com')).toEqual([400, 'This file is not a CSV file.']);
    expect(await file('Email\n\n')).toEqual([400, 'The CSV file has no rows to invite.']);
    const big = `Email\n${'a@example.com\n'.repeat(Math.ceil(bulkInviteMaxBytes / 14) + 1)}`;
    const tooLarge = await bulk('orgController', team(), { csv: big });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().errors[0]).toMatchObject({ path: 'body.csv', message: 'The CSV file is larger than 1 MB.' });
    const neither = await bulk('orgController', team(), {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors[0].path).toBe('body.emails');
  });

  it('sends a batch by a job in chunks, each with its invitations, e-mails and audit events, its progress polled', async () => {
    const emails = Array.from({ length: inviteBatchChunk + 50 }, () => fresh());
    const batchId = randomUUID();
    const sent = await bulk('orgController', team(), { emails, send: true, batchId });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ batchId, state: 'queued', total: emails.length, processed: 0 });
    expect(await auditCount('invitation.batchSent', [batchId])).toBe(1);
    expect(await runJobs()).toBe(1);
    const done = (await batch('orgController', team(), batchId)).json();
    expect(done).toMatchObject({ state: 'done', processed: emails.length, invited: emails.length, skipped: [] });
    expect(done.finishedAt).not.toBeNull();
    const rows = await pending(emails);
    expect(rows).toHaveLength(emails.length);
    expect(rows.every((r) => r.mail === 1 && r.folder_id === team())).toBe(true);
    const ids = await inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute<{ invitation_id: string }>(
        sql`select invitation_id::text from invitations where email = any(${`{${emails.join(',')}}`}::text[])`,
      ),
    );
    expect(
      await auditCount(
        'invitation.created',
        ids.rows.map((r) => r.invitation_id),
      ),
    ).toBe(emails.length);
  });

  it('answers a retried request (the same batch id) with the first one’s batch and invites no one twice', async () => {
    const emails = [fresh(), fresh()];
    const batchId = randomUUID();
    const first = await bulk('orgController', team(), { emails, send: true, batchId });
    const again = await bulk('orgController', team(), { emails, send: true, batchId });
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    // Both at once: one batch.
    const racing = randomUUID();
    const both = await Promise.all([
      bulk('orgController', team(), { emails: [fresh()], send: true, batchId: racing }),
      bulk('orgController', team(), { emails: [fresh()], send: true, batchId: racing }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(await runJobs()).toBe(2);
    const afterRun = await bulk('orgController', team(), { emails, send: true, batchId });
    expect(afterRun.json()).toMatchObject({ state: 'done', invited: 2 });
    expect(await runJobs()).toBe(0);
    expect(await pending(emails)).toHaveLength(2);
    expect(await auditCount('invitation.batchSent', [batchId])).toBe(1);
    // Another person, or another folder, cannot take the batch over.
    const taken = await bulk('projectController', project(), { emails: [fresh()], send: true, batchId });
    expect(taken.statusCode).toBe(409);
  });

  it('skips, with the reason, a row invited or added between the request and its chunk', async () => {
    const [meanwhile, kept] = [fresh(), fresh()];
    const sent = await bulk('orgController', team(), { emails: [meanwhile, kept], send: true });
    const one = await ctx.app.inject({
      method: 'POST',
      url: `/api/folders/${team()}/invitations`,
      headers: await w.personas.orgController.headers(),
      payload: { email: meanwhile, role: 'member', userType: 'contributor' },
    });
    expect(one.statusCode).toBe(201);
    await runJobs();
    expect((await batch('orgController', team(), sent.json().batchId)).json()).toMatchObject({
      state: 'done',
      invited: 1,
      skipped: [
        {
          email: meanwhile,
          code: 'alreadyInvited',
          message: 'This person already has a pending invitation to this workspace.',
        },
      ],
    });
    expect(await pending([kept])).toHaveLength(1);
  });

  it('answers a batch whose job failed as failed, with how far it came (the dialog says to try again)', async () => {
    const sent = await bulk('orgController', team(), { emails: [fresh(), fresh()], send: true });
    await runPendingJobs(ctx.database.db, {
      [inviteBatchJobKind]: async () => {
        throw new Error('the job stopped');
      },
    });
    const failed = await batch('orgController', team(), sent.json().batchId);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ state: 'failed', total: 2, processed: 0, invited: 0 });
  });

  it('refuses a send without a batch id (400 at the field), and a batch of another folder or workspace (404)', async () => {
    const missing = await bulk('orgController', team(), { emails: [fresh()], send: true, batchId: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ path: 'body.batchId' });
    const sent = await bulk('orgController', team(), { emails: [fresh()], send: true });
    const batchId = sent.json().batchId;
    expect((await batch('orgController', team(), batchId)).statusCode).toBe(200);
    expect((await batch('orgController', team(0, 1), batchId)).statusCode).toBe(404);
    expect((await batch('orgController', team(), randomUUID())).statusCode).toBe(404);
    expect((await batch('teamMember', team(), batchId)).statusCode).toBe(403);
    const otherTeam = other.projects[0]?.teams[0]?.teamId as string;
    expect((await batch('orgController', otherTeam, batchId)).statusCode).toBe(404);
    expect((await batch('orgController', otherTeam, batchId, other)).statusCode).toBe(404);
    await runJobs();
  });

  it('answers 403 to members without the invite verb and 404 for another workspace’s folder', async () => {
    expect((await bulk('teamMember', team(), { emails: [fresh()] })).statusCode).toBe(403);
    expect((await bulk('orgMember', w.companyId, { emails: [fresh()], send: true })).statusCode).toBe(403);
    const cross = await bulk('orgController', other.companyId, { emails: [fresh()], send: true });
    expect(cross.statusCode).toBe(404);
  });
});
