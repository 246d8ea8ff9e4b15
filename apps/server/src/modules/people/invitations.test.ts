import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createUser,
  createWorkspace,
  type PersonaName,
  projectIdOf,
  type TestWorkspace,
  teamIdOf,
} from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope, systemScope } from '../../db/tenant.ts';

let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
});
afterAll(() => ctx.close());

const fresh = (domain = 'example.com') => `new-${randomUUID().slice(0, 8)}@${domain}`;

async function invite(who: PersonaName, folderId: string, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/folders/${folderId}/invitations`,
    headers: await w.personas[who].headers(),
    payload: body,
  });
}

async function call(who: PersonaName, method: 'GET' | 'POST' | 'DELETE', url: string) {
  return ctx.app.inject({ method, url, headers: await w.personas[who].headers() });
}

async function outbox(to: string) {
  return inScope(ctx.database.db, systemScope, async (tx) => {
    const r = await tx.execute<{ mail_id: string; subject: string; text_body: string }>(
      sql`select mail_id, subject, text_body from mail_outbox where to_address = ${to} order by created_at`,
    );
    return r.rows;
  });
}

async function setWorkspace(workspaceId: string, changes: { domains?: string[]; visitorsAllowed?: boolean }) {
  await inScope(ctx.database.db, { workspaceId, userId: null, isAdmin: false }, (tx) =>
    tx.execute(sql`update workspaces set
      email_domains = ${`{${(changes.domains ?? []).join(',')}}`}::text[],
      visitors_allowed = ${changes.visitorsAllowed ?? true}
      where workspace_id = ${workspaceId}`),
  );
}

const linkIn = (text: string) => /(http\S+\/users\/activation\/\S+)/.exec(text)?.[1];

describe('POST /api/folders/:folderId/invitations', () => {
  it('invites a new person as a team member: a pending invitation, its e-mail in the outbox, an audit event', async () => {
    const email = fresh();
    const res = await invite('orgController', teamIdOf(w), { email, role: 'member', userType: 'contributor' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email,
      folderId: teamIdOf(w),
      folderKind: 'team',
      role: 'member',
      userType: 'contributor',
      status: 'pending',
      delivery: 'queued',
      invitedBy: 'orgController Persona',
    });
    const [mail] = await outbox(email);
    expect(mail?.subject).toContain('invited you to');
    expect(linkIn(mail?.text_body ?? '')).toMatch(
      new RegExp(`^http://formwork.test/users/activation/[A-Za-z0-9_-]{43}/company/${w.workspaceId}$`),
    );
    const events = await inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute<{ action: string; folder_path: string[] }>(
        sql`select action, folder_path from audit_events where subject_id = ${res.json().invitationId}`,
      ),
    );
    expect(events.rows.map((e) => e.action)).toEqual(['invitation.created']);
  });

  it('lets each controller give the levels of issue 16, and refuses the others with 403', async () => {
    const ok = async (who: PersonaName, folderId: string, role: string) =>
      (await invite(who, folderId, { email: fresh(), role, userType: 'contributor' })).statusCode;
    // Team controllers: their team's members and controllers; nothing above.
    expect(await ok('teamController', teamIdOf(w), 'member')).toBe(201);
    expect(await ok('teamController', teamIdOf(w), 'controller')).toBe(201);
    expect(await ok('teamController', projectIdOf(w), 'member')).toBe(403);
    expect(await ok('teamController', teamIdOf(w, 0, 1), 'member')).toBe(403);
    // Project controllers: their project and its teams; not the company nor another project.
    expect(await ok('projectController', projectIdOf(w), 'controller')).toBe(201);
    expect(await ok('projectController', teamIdOf(w, 0, 1), 'controller')).toBe(201);
    expect(await ok('projectController', w.companyId, 'member')).toBe(403);
    expect(await ok('projectController', projectIdOf(w, 1), 'member')).toBe(403);
    // Org controllers: anyone anywhere. Members invite no one.
    expect(await ok('orgController', w.companyId, 'controller')).toBe(201);
    expect(await ok('orgMember', teamIdOf(w), 'member')).toBe(403);
    expect(await ok('teamMember', teamIdOf(w), 'member')).toBe(403);
  });

  it('refuses a visitor team controller adding team controllers, and a visitor project controller adding project controllers', async () => {
    const visitorController = await createUser(ctx.database.db);
    await addMember(ctx.database.db, w.workspaceId, visitorController.userId, {
      userType: 'visitor',
      folderId: teamIdOf(w, 1, 0),
      role: 'controller',
    });
    const visitorProject = await createUser(ctx.database.db);
    await addMember(ctx.database.db, w.workspaceId, visitorProject.userId, {
      userType: 'visitor',
      folderId: projectIdOf(w, 1),
      role: 'controller',
    });
    const { accessTokenFor, bearer } = await import('../../../test/auth.ts');
    const as = async (userId: string, folderId: string, role: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/folders/${folderId}/invitations`,
        headers: bearer(await accessTokenFor(ctx.database.db, ctx.config, userId)),
        payload: { email: fresh(), role, userType: 'contributor' },
      });
    const refused = await as(visitorController.userId, teamIdOf(w, 1, 0), 'controller');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("You can't give this level in this folder.");
    expect((await as(visitorController.userId, teamIdOf(w, 1, 0), 'member')).statusCode).toBe(201);
    expect((await as(visitorProject.userId, projectIdOf(w, 1), 'controller')).statusCode).toBe(403);
    expect((await as(visitorProject.userId, teamIdOf(w, 1, 0), 'controller')).statusCode).toBe(201);
  });

  it('applies the domain rules: visitors from a work domain that is not the workspace’s, contributors from its domains', async () => {
    const own = `own-${randomUUID().slice(0, 6)}.example`;
    const { workspaceId } = w;
    await setWorkspace(workspaceId, { domains: [own] });
    try {
      const reasons = async (email: string, userType: string) => {
        const res = await invite('orgController', teamIdOf(w), { email, role: 'member', userType });
        return res.statusCode === 201
          ? 'ok'
          : res
              .json()
              .errors.map((e: { code: string }) => e.code)
              .join(',');
      };
      expect(await reasons(fresh('gmail.com'), 'visitor')).toBe('visitorFreeMail');
      expect(await reasons(fresh(own), 'visitor')).toBe('visitorOwnDomain');
      expect(await reasons(fresh(`site.${own}`), 'visitor')).toBe('visitorOwnDomain');
      expect(await reasons(fresh('subcontractor.example'), 'contributor')).toBe('contributorDomain');
      expect(await reasons(fresh(own), 'contributor')).toBe('ok');
      expect(await reasons(fresh('subcontractor.example'), 'visitor')).toBe('ok');
      const res = await invite('orgController', teamIdOf(w), {
        email: fresh('gmail.com'),
        role: 'member',
        userType: 'visitor',
      });
      expect(res.json()).toMatchObject({
        status: 400,
        code: 'validationFailed',
        errors: [
          { path: 'body.email', message: 'A visitor must use a work e-mail address, not a free e-mail provider.' },
        ],
      });
      await setWorkspace(workspaceId, { domains: [own], visitorsAllowed: false });
      expect(await reasons(fresh('subcontractor.example'), 'visitor')).toBe('visitorsNotAllowed');
    } finally {
      await setWorkspace(workspaceId, {});
    }
  });

  it('refuses visitors on the Standard plan', async () => {
    const standard = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1, plan: 'standard' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/folders/${standard.companyId}/invitations`,
      headers: await standard.personas.orgController.headers(),
      payload: { email: fresh('subcontractor.example'), role: 'member', userType: 'visitor' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'body.userType', code: 'visitorsNotOnPlan' });
  });

  it('refuses a contributor as visitor and the reverse, someone who already has access, and a second pending invitation', async () => {
    const codeOf = async (email: string, folderId: string, userType: string) => {
      const res = await invite('orgController', folderId, { email, role: 'member', userType });
      return res.statusCode === 201 ? 'ok' : res.json().errors[0].code;
    };
    expect(await codeOf(w.personas.teamMember.email, teamIdOf(w, 1, 0), 'visitor')).toBe('contributorCannotBeVisitor');
    expect(await codeOf(w.personas.visitor.email, teamIdOf(w, 1, 0), 'contributor')).toBe('visitorCannotBeContributor');
    expect(await codeOf(w.personas.teamMember.email, teamIdOf(w), 'contributor')).toBe('alreadyMember');
    // An org member has access to every team already.
    expect(await codeOf(w.personas.orgMember.email.toUpperCase(), teamIdOf(w, 1, 1), 'contributor')).toBe(
      'alreadyMember',
    );
    // A team member invited to another team is a real invitation.
    expect(await codeOf(w.personas.teamMember.email, teamIdOf(w, 1, 0), 'contributor')).toBe('ok');
    const pending = fresh('subcontractor.example');
    expect(await codeOf(pending, teamIdOf(w), 'visitor')).toBe('ok');
    expect(await codeOf(pending, teamIdOf(w, 1, 0), 'contributor')).toBe('visitorCannotBeContributor');
    expect(await codeOf(pending, teamIdOf(w, 1, 0), 'visitor')).toBe('alreadyInvited');
  });

  it('answers bad input with 400 and field errors', async () => {
    const bad = await invite('orgController', teamIdOf(w), {
      email: 'not an address',
      role: 'owner',
      userType: 'contributor',
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body.email', 'body.role']));
    expect(bad.json().errors.find((e: { path: string }) => e.path === 'body.email').message).toBe(
      'Please enter a valid email address in the format name@example.com.',
    );
    expect(
      (await invite('orgController', 'nope', { email: fresh(), role: 'member', userType: 'contributor' })).statusCode,
    ).toBe(400);
  });

  it("answers another workspace's folder with 404", async () => {
    const body = { email: fresh(), role: 'member', userType: 'contributor' };
    expect((await invite('outsider', teamIdOf(w), body)).statusCode).toBe(404);
    expect((await invite('orgController', w.other.projects[0]?.teams[0]?.teamId as string, body)).statusCode).toBe(404);
  });
});

describe("the invitation e-mail in the invitee's locale (issue 26)", () => {
  async function setLocale(workspaceId: string, locale: string) {
    await inScope(ctx.database.db, { workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute(sql`update workspaces set locale = ${locale} where workspace_id = ${workspaceId}`),
    );
  }

  it("writes to a person who chose Spanish in Spanish, to a new address in the workspace's default, to one who chose en-US in English", async () => {
    const spanish = await createUser(ctx.database.db, { email: fresh(), locale: 'es' });
    const english = await createUser(ctx.database.db, { email: fresh(), locale: 'en-US' });
    const newcomer = fresh();
    const team = teamIdOf(w);
    await setLocale(w.workspaceId, 'es');
    try {
      for (const email of [spanish.email, english.email, newcomer]) {
        const res = await invite('orgController', team, { email, role: 'member', userType: 'contributor' });
        expect(res.statusCode).toBe(201);
      }
      const subject = async (email: string) => (await outbox(email))[0]?.subject;
      expect(await subject(spanish.email)).toBe(`orgController Persona te ha invitado a ${w.name} en Formwork`);
      expect(await subject(newcomer)).toBe(`orgController Persona te ha invitado a ${w.name} en Formwork`);
      expect(await subject(english.email)).toBe(`orgController Persona invited you to ${w.name} on Formwork`);
      const [mail] = await outbox(spanish.email);
      expect(mail?.text_body).toContain('como Colaborador');
    } finally {
      await setLocale(w.workspaceId, 'en-US');
    }
  });
});

describe('pending invitations: list, resend, copy link, revoke', () => {
  let invitationId: string;
  let email: string;
  beforeAll(async () => {
    email = fresh();
    invitationId = (
      await invite('orgController', teamIdOf(w), { email, role: 'member', userType: 'contributor' })
    ).json().invitationId;
  });

  it('lists the pending invitations of the folder and below, to those who may invite there', async () => {
    const atTeam = await call('teamController', 'GET', `/api/folders/${teamIdOf(w)}/invitations`);
    expect(atTeam.statusCode).toBe(200);
    const ids = atTeam.json().invitations.map((i: { invitationId: string }) => i.invitationId);
    expect(ids).toContain(invitationId);
    const atCompany = (await call('orgController', 'GET', `/api/folders/${w.companyId}/invitations`)).json();
    expect(atCompany.invitations.map((i: { invitationId: string }) => i.invitationId)).toContain(invitationId);
    const otherTeam = (await call('orgController', 'GET', `/api/folders/${teamIdOf(w, 1, 0)}/invitations`)).json();
    expect(otherTeam.invitations.map((i: { invitationId: string }) => i.invitationId)).not.toContain(invitationId);
    expect((await call('teamMember', 'GET', `/api/folders/${teamIdOf(w)}/invitations`)).statusCode).toBe(403);
    expect((await call('outsider', 'GET', `/api/folders/${teamIdOf(w)}/invitations`)).statusCode).toBe(404);
  });

  it('shows a delivery that failed, with its error', async () => {
    await inScope(ctx.database.db, systemScope, (tx) =>
      tx.execute(
        sql`update mail_outbox set attempts = 5, last_error = 'mailbox unavailable' where to_address = ${email}`,
      ),
    );
    const list = (await call('orgController', 'GET', `/api/folders/${teamIdOf(w)}/invitations`)).json();
    expect(list.invitations.find((i: { invitationId: string }) => i.invitationId === invitationId)).toMatchObject({
      delivery: 'failed',
      deliveryError: 'mailbox unavailable',
    });
  });

  it('resends with a new link: a second e-mail, queued again', async () => {
    const res = await call('teamController', 'POST', `/api/folders/${teamIdOf(w)}/invitations/${invitationId}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invitationId, delivery: 'queued', status: 'pending' });
    const mails = await outbox(email);
    expect(mails).toHaveLength(2);
    expect(linkIn(mails[1]?.text_body ?? '')).not.toBe(linkIn(mails[0]?.text_body ?? ''));
  });

  it('copies a fresh link without sending mail', async () => {
    const res = await call('orgController', 'POST', `/api/folders/${w.companyId}/invitations/${invitationId}/link`);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^http:\/\/formwork.test\/users\/activation\/[A-Za-z0-9_-]{43}\/company\//);
    expect(await outbox(email)).toHaveLength(2);
  });

  it("refuses another folder's or workspace's invitation (404) and those who may not invite (403)", async () => {
    expect(
      (await call('orgController', 'POST', `/api/folders/${teamIdOf(w, 1, 0)}/invitations/${invitationId}/resend`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('outsider', 'DELETE', `/api/folders/${teamIdOf(w)}/invitations/${invitationId}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('teamMember', 'DELETE', `/api/folders/${teamIdOf(w)}/invitations/${invitationId}`)).statusCode,
    ).toBe(403);
    expect(
      (await call('orgController', 'DELETE', `/api/folders/${teamIdOf(w)}/invitations/not-a-uuid`)).statusCode,
    ).toBe(400);
    expect(
      (await call('orgController', 'DELETE', `/api/folders/${teamIdOf(w)}/invitations/${randomUUID()}`)).statusCode,
    ).toBe(404);
  });

  it('refuses to manage an invitation whose level is above the viewer (403)', async () => {
    const controllerInvite = (
      await invite('projectController', teamIdOf(w), { email: fresh(), role: 'controller', userType: 'contributor' })
    ).json().invitationId;
    const visitorController = await createUser(ctx.database.db);
    await addMember(ctx.database.db, w.workspaceId, visitorController.userId, {
      userType: 'visitor',
      folderId: teamIdOf(w),
      role: 'controller',
    });
    const { accessTokenFor, bearer } = await import('../../../test/auth.ts');
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/folders/${teamIdOf(w)}/invitations/${controllerInvite}`,
      headers: bearer(await accessTokenFor(ctx.database.db, ctx.config, visitorController.userId)),
    });
    expect(res.statusCode).toBe(403);
  });

  it('revokes: gone from the list, and cannot be resent', async () => {
    const res = await call('teamController', 'DELETE', `/api/folders/${teamIdOf(w)}/invitations/${invitationId}`);
    expect(res.statusCode).toBe(204);
    const list = (await call('orgController', 'GET', `/api/folders/${teamIdOf(w)}/invitations`)).json();
    expect(list.invitations.map((i: { invitationId: string }) => i.invitationId)).not.toContain(invitationId);
    expect(
      (await call('orgController', 'POST', `/api/folders/${teamIdOf(w)}/invitations/${invitationId}/resend`))
        .statusCode,
    ).toBe(404);
    // The address may be invited again.
    expect(
      (await invite('orgController', teamIdOf(w), { email, role: 'member', userType: 'contributor' })).statusCode,
    ).toBe(201);
  });
});
