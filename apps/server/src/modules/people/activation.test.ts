import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth.ts';
import { createWorkspace, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { OidcTestClient, pkcePair } from '../../../test/oidc-client.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope, systemScope } from '../../db/tenant.ts';

let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 2 });
});
afterAll(() => ctx.close());

const fresh = (domain = 'example.com') => `new-${randomUUID().slice(0, 8)}@${domain}`;
const password = 'Activate-2026x';
const body = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Nina',
  lastName: 'New',
  mobile: '+61 412345678',
  newPassword: password,
  newPasswordConfirmed: password,
  acceptTerms: true,
  ...extra,
});

/** Invites the address to the team and answers the activation id and company of the e-mailed link. */
async function invited(email: string, userType = 'contributor', folderId = teamIdOf(w)) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/folders/${folderId}/invitations`,
    headers: await w.personas.orgController.headers(),
    payload: { email, role: 'member', userType },
  });
  expect(res.statusCode).toBe(201);
  const mail = await inScope(ctx.database.db, systemScope, async (tx) => {
    const r = await tx.execute<{ text_body: string }>(
      sql`select text_body from mail_outbox where to_address = ${email} order by created_at desc limit 1`,
    );
    return r.rows[0]?.text_body ?? '';
  });
  const match = /\/users\/activation\/([A-Za-z0-9_-]+)\/company\/([0-9a-f-]+)/.exec(mail);
  return { activationId: match?.[1] as string, companyId: match?.[2] as string, invitationId: res.json().invitationId };
}

describe('activation (spec 2.7, 4.5)', () => {
  it("shows the inviter's company, the address and the type", async () => {
    const email = fresh('subcontractor.example');
    const { activationId, companyId } = await invited(email, 'visitor');
    const res = await ctx.app.inject({ method: 'GET', url: `/api/activations/${activationId}?companyId=${companyId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email,
      companyId: w.companyId,
      companyName: w.name,
      logoUrl: null,
      userType: 'visitor',
      existingUser: false,
      singleSignOn: false,
    });
  });

  it('activates a new person at the invited level, once, and the ticket signs them in without a password', async () => {
    const email = fresh();
    const { activationId } = await invited(email);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/activations/${activationId}`, payload: body() });
    expect(res.statusCode).toBe(200);
    const { signInTicket } = res.json();
    expect(res.json().email).toBe(email);

    // Signed in through the provider with the ticket, they see that team and only it.
    const client = new OidcTestClient(ctx.app);
    const pkce = pkcePair();
    const start = await client.get(
      client.authorizeUrl({
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        activation_ticket: signInTicket,
      }),
    );
    expect(start.statusCode).toBe(303);
    const interaction = await client.get(start.headers.location as string);
    expect(interaction.statusCode).toBe(303);
    const callback = await client.followToApp(interaction.headers.location as string);
    const tokens = (await client.exchange(callback.searchParams.get('code') as string, pkce.verifier)).json();
    const headers = bearer(tokens.access_token);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/folders/${teamIdOf(w)}`, headers })).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/folders/${teamIdOf(w, 0, 1)}`, headers })).statusCode,
    ).toBe(403);

    // The link is used up; the ticket too; the password works for the next sign-in.
    const again = await ctx.app.inject({ method: 'GET', url: `/api/activations/${activationId}` });
    expect(again.statusCode).toBe(404);
    const stranger = new OidcTestClient(ctx.app);
    const reuse = await stranger.get(
      stranger.authorizeUrl({
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        activation_ticket: signInTicket,
      }),
    );
    const page = await stranger.get(reuse.headers.location as string);
    expect(page.statusCode).toBe(200);
    await expect(new OidcTestClient(ctx.app).signIn(email, password)).resolves.toBeTruthy();
  });

  it('refuses to add a visitor once the workspace no longer allows visitors (spec 5.3), and adds them when it does again', async () => {
    const email = fresh('visiting-builders.example');
    const { activationId } = await invited(email, 'visitor');
    const allow = (on: boolean) =>
      inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, (tx) =>
        tx.execute(sql`update workspaces set visitors_allowed = ${on} where workspace_id = ${w.workspaceId}`),
      );
    await allow(false);
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/activations/${activationId}`, payload: body() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('This workspace does not allow visitors to be added.');
    await allow(true);
    const accepted = await ctx.app.inject({ method: 'POST', url: `/api/activations/${activationId}`, payload: body() });
    expect(accepted.statusCode).toBe(200);
  });

  it("answers a revoked invitation 403 'Your invitation is no longer valid' and an unknown id 404 'Invalid activation code'", async () => {
    const { activationId, invitationId } = await invited(fresh());
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/folders/${teamIdOf(w)}/invitations/${invitationId}`,
      headers: await w.personas.orgController.headers(),
    });
    const revoked = await ctx.app.inject({ method: 'GET', url: `/api/activations/${activationId}` });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json()).toMatchObject({ code: 'activationIdRevoked', title: 'Your invitation is no longer valid' });
    const post = await ctx.app.inject({ method: 'POST', url: `/api/activations/${activationId}`, payload: body() });
    expect(post.statusCode).toBe(403);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/activations/nothing-like-it' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'activationIdInvalid', title: 'Invalid activation code' });
  });

  it("shows the inviting workspace's uploaded logo, to the holder of a usable link only (issue 23)", async () => {
    const x = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
    const headers = await x.personas.orgController.headers();
    const png = await sharp({ create: { width: 96, height: 32, channels: 3, background: { r: 20, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/companies/${x.companyId}/files?purpose=logo`,
      headers: { ...headers, 'content-type': 'image/png' },
      payload: png,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileId = uploaded.json().fileId as string;
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/workspaces/${x.workspaceId}`,
      headers,
      payload: { logoFileId: fileId },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const invite = await ctx.app.inject({
      method: 'POST',
      url: `/api/folders/${teamIdOf(x)}/invitations`,
      headers,
      payload: { email: fresh(), role: 'member', userType: 'contributor' },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const mail = await inScope(ctx.database.db, systemScope, async (tx) => {
      const r = await tx.execute<{ text_body: string }>(
        sql`select text_body from mail_outbox where to_address = ${invite.json().email} limit 1`,
      );
      return r.rows[0]?.text_body ?? '';
    });
    const activationId = /\/users\/activation\/([A-Za-z0-9_-]+)\//.exec(mail)?.[1] as string;

    const context = (await ctx.app.inject({ method: 'GET', url: `/api/activations/${activationId}` })).json();
    expect(context.logoUrl).toBe(`/api/activations/${activationId}/logo?v=${fileId}`);
    const logo = await ctx.app.inject({ method: 'GET', url: context.logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/');
    expect((await sharp(logo.rawPayload).metadata()).width).toBe(96);
    // No logo for an unknown link, nor for another company's id in the address.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/activations/nothing-like-it/logo' })).statusCode).toBe(
      404,
    );
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/activations/${activationId}/logo?companyId=${w.companyId}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("answers another company's id in the address with 404", async () => {
    const { activationId } = await invited(fresh());
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/activations/${activationId}?companyId=${w.other.workspaceId}`,
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses bad input with the spec 5.7 messages', async () => {
    const { activationId } = await invited(fresh());
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/activations/${activationId}`,
      payload: body({
        firstName: '  ',
        mobile: '+61 12',
        newPassword: 'short',
        newPasswordConfirmed: 'other',
        acceptTerms: false,
      }),
    });
    expect(res.statusCode).toBe(400);
    const messages = res.json().errors.map((e: { path: string; message: string }) => `${e.path}: ${e.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'body.firstName: Please enter a valid name',
        'body.mobile: Invalid mobile number - incorrect length.',
        'body.newPassword: At least 10 characters',
        'body.acceptTerms: Please accept the Privacy Policy and Terms of Service.',
      ]),
    );
    // Nothing was applied: the link still works.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/activations/${activationId}` })).statusCode).toBe(200);
  });

  it('lets an existing user accept with one click once signed in as that address', async () => {
    const outsider = w.personas.outsider;
    const { activationId } = await invited(outsider.email, 'contributor', teamIdOf(w, 0, 1));
    const context = (await ctx.app.inject({ method: 'GET', url: `/api/activations/${activationId}` })).json();
    expect(context.existingUser).toBe(false); // personas have no password: they activate like new people
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: `/api/activations/${activationId}/accept`,
      headers: await w.personas.teamMember.headers(),
    });
    expect(wrong.statusCode).toBe(403);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/activations/${activationId}/accept`,
      headers: await outsider.headers(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ companyId: w.companyId });
    const workspaces = (
      await ctx.app.inject({ method: 'GET', url: '/api/workspaces/accessible', headers: await outsider.headers() })
    ).json();
    expect(JSON.stringify(workspaces)).toContain(w.companyId);
    expect(JSON.stringify(workspaces)).toContain(w.other.workspaceId);
  });
});
