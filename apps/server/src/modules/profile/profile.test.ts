import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, bearer } from '../../../test/auth.ts';
import { createUser, createWorkspace, type TestWorkspace } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let ws: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  ws = await createWorkspace(ctx);
});
afterAll(() => ctx.close());

async function person(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.database.db, overrides);
  return { ...user, headers: bearer(await accessTokenFor(ctx.database.db, ctx.config, user.userId)) };
}

const png = (width = 200, height = 80) =>
  sharp({ create: { width, height, channels: 3, background: 'white' } })
    .png()
    .toBuffer();

const fieldMessages = (body: { errors: { path: string; message: string }[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.path, e.message]));

async function mailTo(address: string) {
  const result = await ctx.database.db.execute<{ subject: string; text_body: string }>(
    sql`select subject, text_body from mail_outbox where lower(to_address) = lower(${address}) order by created_at`,
  );
  return result.rows;
}

const linkToken = (text: string) => /confirm-email\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1] as string;

describe('PATCH /api/me: Edit Profile', () => {
  it('saves names, a mobile with its country code, the time zone and the locale', async () => {
    const me = await person();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: me.headers,
      payload: {
        firstName: 'Ava',
        lastName: 'Ng',
        mobile: '+61 0412 345 678',
        timeZone: 'Australia/Perth',
        locale: 'en-AU',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Ava',
      lastName: 'Ng',
      mobile: '+61 412345678',
      timeZone: 'Australia/Perth',
      locale: 'en-AU',
      pictureUrl: null,
      pendingEmail: null,
    });
  });

  it('stores the chosen locale, Spanish too, and null again for "not chosen" (issue 26: the workspace default then applies)', async () => {
    const me = await person();
    const patch = (locale: string | null) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: me.headers, payload: { locale } });
    const before = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: me.headers });
    expect(before.json().locale).toBeNull();
    expect((await patch('es')).json().locale).toBe('es');
    const stored = await ctx.database.db.execute<{ locale: string | null }>(
      sql`select locale from users where user_id = ${me.userId}`,
    );
    expect(stored.rows[0]?.locale).toBe('es');
    expect((await patch(null)).json().locale).toBeNull();
  });

  it("refuses a bad mobile, time zone and locale with the spec's messages per field", async () => {
    const me = await person();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: me.headers,
      payload: { mobile: '+61 12', timeZone: 'Mars/Olympus', locale: 'xx-XX' },
    });
    expect(res.statusCode).toBe(400);
    const messages = fieldMessages(res.json());
    expect(messages['body.mobile']).toBe('Invalid mobile number - incorrect length.');
    expect(messages['body.timeZone']).toBe('Use an IANA time zone name, e.g. Australia/Sydney');
    expect(messages['body.locale']).toBe('Choose one of the offered languages');

    const noCode = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: me.headers,
      payload: { mobile: '0412 345 678' },
    });
    expect(fieldMessages(noCode.json())['body.mobile']).toBe('Mobile is required');
  });
});

describe('/api/me/picture', () => {
  it('stores a picture re-encoded and at most 512 px, downloadable by its owner only', async () => {
    const me = await person();
    const other = await person();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/picture',
      headers: { ...me.headers, 'content-type': 'image/png' },
      payload: await png(1200, 900),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().pictureUrl).toMatch(/^\/api\/me\/picture\?v=\d+$/);

    const image = await ctx.app.inject({ method: 'GET', url: res.json().pictureUrl, headers: me.headers });
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);

    // Another person has no picture: theirs is not found, and mine is never theirs.
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/me/picture', headers: other.headers });
    expect(theirs.statusCode).toBe(404);

    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/me/picture', headers: me.headers });
    expect(removed.json().pictureUrl).toBeNull();
  });

  it('refuses what is not an image, and anonymous callers', async () => {
    const me = await person();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/picture',
      headers: { ...me.headers, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('not an image at all'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe('This file type is not supported. Please upload JPG, PNG, WEBP.');
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/me/picture' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('/api/me/signature', () => {
  it('keeps a drawn signature per person, replaced by an uploaded one, unreachable by others', async () => {
    const me = await person();
    const other = await person();
    const empty = await ctx.app.inject({ method: 'GET', url: '/api/me/signature', headers: me.headers });
    expect(empty.json()).toEqual({ signature: null });

    const drawn = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/signature?source=drawn',
      headers: { ...me.headers, 'content-type': 'image/png' },
      payload: await png(),
    });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.json().signature).toMatchObject({
      source: 'drawn',
      url: expect.stringContaining('/api/me/signature/image'),
    });

    const uploaded = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/signature?source=uploaded',
      headers: { ...me.headers, 'content-type': 'image/jpeg' },
      payload: await sharp(await png(300, 100))
        .jpeg()
        .toBuffer(),
    });
    expect(uploaded.json().signature.source).toBe('uploaded');
    const image = await ctx.app.inject({ method: 'GET', url: '/api/me/signature/image', headers: me.headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/signature', headers: other.headers })).json()).toEqual({
      signature: null,
    });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me/signature/image', headers: other.headers })).statusCode,
    ).toBe(404);

    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/me/signature', headers: me.headers });
    expect(removed.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/signature', headers: me.headers })).json()).toEqual({
      signature: null,
    });
  });

  it('refuses a bad source and a file that is not a PNG or JPG', async () => {
    const me = await person();
    const badSource = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/signature?source=typed',
      headers: { ...me.headers, 'content-type': 'image/png' },
      payload: await png(),
    });
    expect(badSource.statusCode).toBe(400);
    expect(badSource.json().errors.map((e: { path: string }) => e.path)).toContain('querystring.source');
    const notImage = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/signature?source=uploaded',
      headers: { ...me.headers, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('GIF89a...'),
    });
    expect(notImage.statusCode).toBe(415);
  });
});

describe('POST /api/me/signature/default (spec 6: enableDefaultSignatureUser)', () => {
  const toggle = async (on: boolean) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/workspaces/${ws.workspaceId}/feature-toggles`,
      headers: await ws.personas.admin.headers(),
      payload: { enableDefaultSignatureUser: on },
    });

  it('is refused while the toggle is off, made from the full name when on, and kept after', async () => {
    const member = ws.personas.teamMember;
    await toggle(false);
    const off = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/signature/default',
      headers: await member.headers(),
      payload: { companyId: ws.companyId },
    });
    expect(off.statusCode).toBe(403);

    const turned = await toggle(true);
    expect(turned.statusCode).toBe(200);
    expect(turned.json().featureToggles).toEqual({ enableDefaultSignatureUser: true });
    const workspaces = await ctx.app.inject({
      method: 'GET',
      url: '/api/workspaces/accessible',
      headers: await member.headers(),
    });
    expect(workspaces.json().workspaces[0].featureToggles).toEqual({ enableDefaultSignatureUser: true });

    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/signature/default',
      headers: await member.headers(),
      payload: { companyId: ws.companyId },
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().signature.source).toBe('default');
    const image = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/signature/image',
      headers: await member.headers(),
    });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 600, height: 160 });

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/signature/default',
      headers: await member.headers(),
      payload: { companyId: ws.companyId },
    });
    expect(again.json().signature.updatedAt).toBe(made.json().signature.updatedAt);
  });

  it("answers another workspace's id 404 and a bad id 400; only super users toggle", async () => {
    const outsider = ws.personas.outsider;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/signature/default',
      headers: await outsider.headers(),
      payload: { companyId: ws.companyId },
    });
    expect(res.statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/signature/default',
      headers: await outsider.headers(),
      payload: { companyId: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    const notAdmin = await ctx.app.inject({
      method: 'PUT',
      url: `/api/workspaces/${ws.workspaceId}/feature-toggles`,
      headers: await ws.personas.orgController.headers(),
      payload: { enableDefaultSignatureUser: true },
    });
    expect(notAdmin.statusCode).toBe(403);
    const unknownToggle = await toggle(true).then(() =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/workspaces/${ws.workspaceId}/feature-toggles`,
        headers: {},
        payload: {},
      }),
    );
    expect(unknownToggle.statusCode).toBe(401);
  });
});

describe('/api/me/email-change', () => {
  it('writes both e-mails in the locale the person chose (issue 26)', async () => {
    const me = await person({ email: `old-es-${Date.now()}@example.com`, firstName: 'Lucía', locale: 'es' });
    const newEmail = `new-es-${Date.now()}@example.com`;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-change',
      headers: me.headers,
      payload: { email: newEmail },
    });
    const [mail] = await mailTo(newEmail);
    expect(mail?.subject).toBe('Confirma tu nueva dirección de correo electrónico para Formwork');
    expect(mail?.text_body).toContain('Hola, Lucía:');
    const token = decodeURIComponent(linkToken(mail?.text_body ?? ''));
    await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-change/confirm',
      headers: me.headers,
      payload: { token },
    });
    const [notice] = await mailTo(me.email);
    expect(notice?.subject).toBe('Se ha cambiado tu dirección de correo electrónico de Formwork');
  });

  it('sends a single-use link to the NEW address, keeps the old one until it is followed, then tells the old one', async () => {
    const me = await person({ email: `old-${Date.now()}@example.com`, firstName: 'Kim' });
    const newEmail = `new-${Date.now()}@example.com`;
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-change',
      headers: me.headers,
      payload: { email: newEmail },
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ email: me.email, pendingEmail: newEmail });
    const [mail] = await mailTo(newEmail);
    expect(mail?.text_body).toContain('http://formwork.test/confirm-email?token=');
    expect(await mailTo(me.email)).toEqual([]);

    const token = decodeURIComponent(linkToken(mail?.text_body ?? ''));
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-change/confirm',
      headers: me.headers,
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: newEmail, pendingEmail: null });
    const [notice] = await mailTo(me.email);
    expect(notice?.text_body).toContain(`changed from ${me.email} to ${newEmail}`);

    // The same access token still works: nothing else was invalidated.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: me.headers })).statusCode).toBe(200);
    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-change/confirm',
      headers: me.headers,
      payload: { token },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('emailChangeLinkExpired');
  });

  it("refuses an expired link, and answers another person's link as unknown", async () => {
    const me = await person();
    const other = await person();
    const newEmail = `later-${Date.now()}@example.com`;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-change',
      headers: me.headers,
      payload: { email: newEmail },
    });
    const token = decodeURIComponent(linkToken((await mailTo(newEmail))[0]?.text_body ?? ''));

    const stolen = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-change/confirm',
      headers: other.headers,
      payload: { token },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'emailChangeLinkInvalid', title: 'Invalid token' });

    await ctx.database.db.execute(
      sql`update email_change_tokens set expires_at = now() - interval '1 minute' where user_id = ${me.userId}`,
    );
    const expired = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-change/confirm',
      headers: me.headers,
      payload: { token },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('emailChangeLinkExpired');
    const still = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: me.headers });
    expect(still.json()).toMatchObject({ email: me.email, pendingEmail: null });
  });

  it('refuses a malformed address, the current one and one used by another account, per field', async () => {
    const taken = await person();
    const me = await person();
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-change',
      headers: me.headers,
      payload: { email: 'not-an-address' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(fieldMessages(malformed.json())['body.email']).toBe(
      'Please enter a valid email address in the format name@example.com.',
    );
    const same = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-change',
      headers: me.headers,
      payload: { email: me.email.toUpperCase() },
    });
    expect(same.statusCode).toBe(400);
    expect(fieldMessages(same.json())['body.email']).toBe('This is already your e-mail address.');
    const used = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-change',
      headers: me.headers,
      payload: { email: taken.email },
    });
    expect(used.statusCode).toBe(409);
    expect(fieldMessages(used.json())['body.email']).toBe('This e-mail address is already used by another account.');
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-change/confirm',
      headers: me.headers,
      payload: { token: 'x' },
    });
    expect(short.statusCode).toBe(400);
  });

  it('is refused for single sign-on users (their provider owns the address)', async () => {
    const sso = await person({ isSso: true });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-change',
      headers: sso.headers,
      payload: { email: `sso-${Date.now()}@example.com` },
    });
    expect(res.statusCode).toBe(403);
  });
});
