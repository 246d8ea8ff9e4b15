import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormTemplate, createWorkspace, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { localDiskStorage } from '../../files/storage.ts';
import { runPendingJobs } from '../../jobs/runner.ts';
import { grantOf, linkUploadCleanupJobHandler, linkUploadCleanupJobKind } from './link-uploads.service.ts';

let ctx: TestContext;
let w: TestWorkspace;
let other: TestWorkspace;
let team: string;
let templateId: string;

const definition = {
  fields: [
    { id: 'company', type: 'singleLineText' as const, label: 'Company', required: true },
    { id: 'photos', type: 'photos' as const, label: 'Site photos', required: true },
    { id: 'sig', type: 'signature' as const, label: 'Your signature', required: true },
  ],
};

beforeAll(async () => {
  ctx = await createTestApp({
    env: { ALTCHA_MAX_COUNTER: '20', LINK_UPLOADS_PER_ADDRESS: '4', LINK_UPLOADS_PER_LINK: '6' },
  });
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  other = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  team = teamIdOf(w);
  templateId = (
    await createFormTemplate(ctx.database.db, w.workspaceId, { folderId: team, definition, name: 'Induction' })
  ).templateId;
});
afterAll(() => ctx.close());

async function makeLink(workspace = w, teamId = team, template = templateId, body: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/links`,
    headers: await workspace.personas.teamController.headers(),
    payload: { name: 'Visitors', kind: 'ongoing', templateIds: [template], ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; token: string };
}

async function solved(token: string, ip: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/public/links/${token}/challenge`, remoteAddress: ip });
  expect(res.statusCode).toBe(200);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function grantFor(token: string, formId: string, ip: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/links/${token}/upload-grants`,
    remoteAddress: ip,
    payload: { formId, humanCheck: await solved(token, ip) },
  });
}

async function grant(token: string, formId: string, ip: string): Promise<string> {
  const res = await grantFor(token, formId, ip);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().grant;
}

const photo = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: 'teal' } })
    .jpeg()
    .toBuffer();
const signature = () =>
  sharp({ create: { width: 60, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();

async function upload(
  token: string,
  uploadGrant: string | undefined,
  data: Buffer,
  options: { purpose?: string; ip: string; type?: string },
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/links/${token}/files?purpose=${options.purpose ?? 'photo'}`,
    remoteAddress: options.ip,
    headers: {
      'content-type': options.type ?? 'image/jpeg',
      ...(uploadGrant !== undefined ? { 'upload-grant': uploadGrant } : {}),
    },
    payload: data,
  });
}

async function submit(token: string, body: Record<string, unknown>, ip: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/links/${token}/submissions`,
    remoteAddress: ip,
    payload: { templateId, humanCheck: await solved(token, ip), ...body },
  });
}

/** A submission attempt's photo and signature, uploaded through the link with its grant. */
async function uploadBoth(token: string, formId: string, ip: string) {
  const g = await grant(token, formId, ip);
  const p = await upload(token, g, await photo(), { ip });
  expect(p.statusCode, p.body).toBe(201);
  const s = await upload(token, g, await signature(), { ip, purpose: 'signature', type: 'image/png' });
  expect(s.statusCode, s.body).toBe(201);
  return { photoId: p.json().fileId as string, signatureId: s.json().fileId as string };
}

const valuesWith = (photoId: string, signatureId: string) => ({
  company: 'Sparks Electrical',
  photos: [{ fileId: photoId }],
  sig: { fileId: signatureId, signedAt: new Date().toISOString(), signerName: 'Sam Sparks' },
});

describe('photos and signatures through a link', () => {
  it('a template with a required photo and signature is offered; the submission names the uploads like a signed-in form, its photo joins the gallery, and a retry makes no second form', async () => {
    const link = await makeLink();
    const ip = '203.0.113.10';
    const formId = randomUUID();
    const { photoId, signatureId } = await uploadBoth(link.token, formId, ip);
    const body = { formId, values: valuesWith(photoId, signatureId) };
    const first = await submit(link.token, body, ip);
    expect(first.statusCode, first.body).toBe(201);
    const again = await submit(link.token, body, ip);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ formId, created: false });

    const headers = await w.personas.teamMember.headers();
    const form = await ctx.app.inject({ method: 'GET', url: `/api/teams/${team}/forms/${formId}`, headers });
    expect(form.statusCode).toBe(200);
    expect(form.json().form.values).toMatchObject({
      photos: [{ fileId: photoId }],
      sig: { fileId: signatureId, signerName: 'Sam Sparks' },
    });
    for (const fileId of [photoId, signatureId]) {
      const file = await ctx.app.inject({
        method: 'GET',
        url: `/api/companies/${w.companyId}/files/${fileId}`,
        headers,
      });
      expect(file.statusCode).toBe(200);
    }
    const gallery = await ctx.app.inject({ method: 'GET', url: `/api/teams/${team}/photos`, headers });
    expect(gallery.json().photos).toEqual(expect.arrayContaining([expect.objectContaining({ formId })]));
    const bound = await ctx.database.db.execute<{ file_id: string; submitted: boolean }>(
      sql`select file_id, submitted_at is not null as submitted from link_uploads where form_id = ${formId}`,
    );
    expect(bound.rows.every((r) => r.submitted)).toBe(true);
    expect(bound.rows).toHaveLength(2);
  });

  it('a grant needs the human check and an open link: a failed check 400, forged or archived 404, expired link 410', async () => {
    const link = await makeLink();
    const ip = '203.0.113.11';
    const robot = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/links/${link.token}/upload-grants`,
      remoteAddress: ip,
      payload: { formId: randomUUID(), humanCheck: 'not-an-answer' },
    });
    expect(robot.statusCode).toBe(400);
    expect(robot.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(robot.json().errors).toEqual([
      expect.objectContaining({ path: 'body.humanCheck', message: 'Please verify that you are not a robot' }),
    ]);
    const noFormId = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/links/${link.token}/upload-grants`,
      payload: { formId: 'nope', humanCheck: 'x' },
    });
    expect(noFormId.statusCode).toBe(400);
    expect(noFormId.json().errors).toEqual([expect.objectContaining({ path: 'body.formId' })]);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/links/${'A'.repeat(43)}/upload-grants`,
      payload: { formId: randomUUID(), humanCheck: 'x' },
    });
    expect(forged.statusCode).toBe(404);

    const expiring = await makeLink(w, team, templateId, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    const g = await grant(expiring.token, randomUUID(), ip);
    await ctx.database.db.execute(
      sql`update links set expires_at = now() - interval '1 minute' where link_id = ${expiring.id}`,
    );
    expect((await grantFor(expiring.token, randomUUID(), ip)).statusCode).toBe(410);
    expect((await upload(expiring.token, g, await photo(), { ip })).statusCode).toBe(410);
  });

  it('an upload needs a valid grant of that link: none 400; forged, expired, another link’s or another workspace’s 404; archived link 404', async () => {
    const link = await makeLink();
    const ip = '203.0.113.12';
    const formId = randomUUID();
    const g = await grant(link.token, formId, ip);
    const none = await upload(link.token, undefined, await photo(), { ip });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([expect.objectContaining({ path: 'headers.upload-grant' })]);
    const forgedGrant = `${g.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await upload(link.token, forgedGrant, await photo(), { ip })).statusCode).toBe(404);
    const expired = grantOf('not-the-secret-but-shaped-like-one', {
      workspaceId: w.workspaceId,
      linkId: link.id,
      formId,
      expiresAt: Date.now() - 1,
    });
    expect((await upload(link.token, expired, await photo(), { ip })).statusCode).toBe(404);

    const sibling = await makeLink();
    expect((await upload(sibling.token, g, await photo(), { ip })).statusCode).toBe(404);
    const theirTeam = teamIdOf(other);
    const theirTemplate = (
      await createFormTemplate(ctx.database.db, other.workspaceId, { folderId: theirTeam, definition })
    ).templateId;
    const theirs = await makeLink(other, theirTeam, theirTemplate);
    const response = await upload(theirs.token, g, await photo(), { ip });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('linkNotFound');

    await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${team}/links/${link.id}/archive`,
      headers: await w.personas.teamController.headers(),
    });
    expect((await upload(link.token, g, await photo(), { ip })).statusCode).toBe(404);
    const stored = await ctx.database.db.execute(sql`select 1 from link_uploads where form_id = ${formId}`);
    expect(stored.rows).toHaveLength(0);
  });

  it('refuses a file too large for its purpose (413) or not an image it takes (415), with the upload’s message', async () => {
    const link = await makeLink();
    const ip = '203.0.113.13';
    const g = await grant(link.token, randomUUID(), ip);
    const bigPhoto = await upload(link.token, g, randomBytes(5 * 1024 * 1024 + 1), { ip });
    expect(bigPhoto.statusCode).toBe(413);
    expect(bigPhoto.json().detail).toBe('The file must be under 5MB.');
    const bigSignature = await upload(link.token, g, randomBytes(2 * 1024 * 1024 + 1), {
      ip,
      purpose: 'signature',
      type: 'image/png',
    });
    expect(bigSignature.statusCode).toBe(413);
    expect(bigSignature.json().detail).toBe('The file must be under 2MB.');
    const notImage = await upload(link.token, g, Buffer.from('hello, this is no photo'), { ip });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().detail).toBe('This file type is not supported. Please upload JPG, PNG, WEBP.');
    const logo = await upload(link.token, g, await photo(), { ip, purpose: 'logo' });
    expect(logo.statusCode).toBe(400);
    expect(logo.json().errors).toEqual([expect.objectContaining({ path: 'querystring.purpose' })]);
  });

  it('another link’s, another attempt’s or a signed-in upload cannot be attached; a pending link upload cannot be named by a team member', async () => {
    const link = await makeLink();
    const sibling = await makeLink();
    const ip = '203.0.113.14';
    const theirs = await uploadBoth(sibling.token, randomUUID(), '203.0.113.15');
    const formId = randomUUID();
    const mine = await uploadBoth(link.token, formId, ip);

    const otherLinks = await submit(link.token, { formId, values: valuesWith(theirs.photoId, mine.signatureId) }, ip);
    expect(otherLinks.statusCode).toBe(400);
    expect(otherLinks.json().errors).toEqual([
      expect.objectContaining({ path: 'values.photos.0.fileId', message: 'This file was not uploaded here' }),
    ]);
    const otherAttempt = await submit(
      link.token,
      { formId: randomUUID(), values: valuesWith(mine.photoId, mine.signatureId) },
      ip,
    );
    expect(otherAttempt.statusCode).toBe(400);
    expect(otherAttempt.json().errors).toHaveLength(2);

    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: `/api/companies/${w.companyId}/files?purpose=photo&folderId=${team}`,
      headers: { ...(await w.personas.teamMember.headers()), 'content-type': 'image/jpeg' },
      payload: await photo(),
    });
    expect(signedIn.statusCode).toBe(201);
    const withSignedIn = await submit(
      link.token,
      { formId, values: valuesWith(signedIn.json().fileId, mine.signatureId) },
      ip,
    );
    expect(withSignedIn.statusCode).toBe(400);

    const member = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${team}/forms`,
      headers: await w.personas.teamMember.headers(),
      payload: { formId: randomUUID(), templateId, values: valuesWith(theirs.photoId, theirs.signatureId) },
    });
    expect(member.statusCode).toBe(400);
    expect(member.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ message: 'This file was not uploaded here' })]),
    );
  });

  it('answers 429 past the uploads per address, and past the uploads per link from every address', async () => {
    const link = await makeLink();
    const ip = '198.51.100.20';
    const g = await grant(link.token, randomUUID(), ip);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await upload(link.token, g, await photo(), { ip })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);

    const busy = await makeLink();
    const perLink: number[] = [];
    for (let i = 0; i < 7; i++) {
      const from = `198.51.100.${30 + i}`;
      const own = await grant(busy.token, randomUUID(), from);
      const response = await upload(busy.token, own, await photo(), { ip: from });
      perLink.push(response.statusCode);
      if (response.statusCode === 429) expect(response.headers['retry-after']).toBeDefined();
    }
    expect(perLink).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });

  it('a job removes the uploads never submitted a day later, record and bytes; submitted ones stay', async () => {
    const link = await makeLink();
    const ip = '203.0.113.16';
    const formId = randomUUID();
    const kept = await uploadBoth(link.token, formId, ip);
    expect(
      (await submit(link.token, { formId, values: valuesWith(kept.photoId, kept.signatureId) }, ip)).statusCode,
    ).toBe(201);
    const orphan = await uploadBoth(link.token, randomUUID(), ip);
    const keys = await ctx.database.db.execute<{ file_id: string; storage_key: string }>(
      sql`select file_id, storage_key from files where file_id in (${kept.photoId}, ${orphan.photoId})`,
    );
    const root = path.join(ctx.config.dataDir, 'files');
    const keyOf = (id: string) => path.join(root, keys.rows.find((r) => r.file_id === id)?.storage_key as string);
    expect(existsSync(keyOf(orphan.photoId))).toBe(true);

    const handlers = {
      [linkUploadCleanupJobKind]: linkUploadCleanupJobHandler(ctx.database.db, localDiskStorage(root)),
    };
    // Not before its day is out.
    expect(await runPendingJobs(ctx.database.db, handlers)).toBe(0);
    await ctx.database.db.execute(sql`update jobs set run_after = now() where kind = ${linkUploadCleanupJobKind}`);
    expect(await runPendingJobs(ctx.database.db, handlers)).toBeGreaterThanOrEqual(4);

    const left = await ctx.database.db.execute<{ file_id: string }>(
      sql`select file_id from files where file_id in (${kept.photoId}, ${kept.signatureId}, ${orphan.photoId}, ${orphan.signatureId})`,
    );
    expect(left.rows.map((r) => r.file_id).sort()).toEqual([kept.photoId, kept.signatureId].sort());
    expect(existsSync(keyOf(orphan.photoId))).toBe(false);
    expect(existsSync(keyOf(kept.photoId))).toBe(true);
  });
});
