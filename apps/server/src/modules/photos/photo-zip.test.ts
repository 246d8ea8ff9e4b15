import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { maxPhotosPerZip, photoZipTtlHours } from '@formwork/shared/schemas/photos';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type PersonaName, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { unzip } from '../../../test/unzip.ts';
import { type FileStorage, localDiskStorage } from '../../files/storage.ts';
import { runPendingJobs } from '../../jobs/runner.ts';
import {
  photoZipExpiryJobHandler,
  photoZipExpiryJobKind,
  photoZipJobHandler,
  photoZipJobKind,
} from './photo-zip.service.ts';

let ctx: TestContext;
let w: TestWorkspace;
let team: string;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
  team = teamIdOf(w);
});
afterAll(() => ctx.close());

async function uploadTo(teamId: string, fileName: string | null, colour = 'teal', persona: PersonaName = 'teamMember') {
  const body = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const query = new URLSearchParams({ photoId: randomUUID(), ...(fileName ? { fileName } : {}) });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/photos?${query}`,
    headers: { ...(await w.personas[persona].headers()), 'content-type': 'image/png' },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; urls: { xl: string } };
}

async function zip(photoIds: unknown, options: { persona?: PersonaName; teamId?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${options.teamId ?? team}/photos/zip`,
    headers: await w.personas[options.persona ?? 'teamMember'].headers(),
    payload: { photoIds },
  });
}

async function get(url: string, persona: PersonaName = 'teamMember') {
  return ctx.app.inject({ method: 'GET', url, headers: await w.personas[persona].headers() });
}

const storage = () => localDiskStorage(path.join(ctx.config.dataDir, 'files'));

async function runJobs(files: FileStorage = storage()) {
  return runPendingJobs(ctx.database.db, {
    [photoZipJobKind]: photoZipJobHandler(ctx.database.db, files, { progressEveryMs: 0 }),
    [photoZipExpiryJobKind]: photoZipExpiryJobHandler(files),
  });
}

const zipUrl = (zipId: string, teamId = team) => `/api/teams/${teamId}/photo-zips/${zipId}`;

describe('download of a selection as a ZIP, made by a job (issue 19)', () => {
  it('answers at once with the queued job, then the ZIP holds each stored photo once under its file name, names kept unique', async () => {
    const a = await uploadTo(team, 'Pour.png', 'teal');
    const b = await uploadTo(team, 'pour.jpg', 'orange');
    const c = await uploadTo(team, 'Pour (2).jpg', 'navy');
    const d = await uploadTo(team, null, 'white');
    const res = await zip([a.id, b.id, c.id, d.id], { persona: 'visitor' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ state: 'queued', photoCount: 4, writtenCount: 0, downloadUrl: null });
    const url = zipUrl(res.json().zipId);
    const early = await get(`${url}/download`, 'visitor');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'exportNotReady' });

    expect(await runJobs()).toBe(1);
    const state = await get(url, 'visitor');
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json()).toMatchObject({ state: 'ready', photoCount: 4, writtenCount: 4 });
    expect(state.json().fileName).toMatch(/^photos-\d{4}-\d{2}-\d{2}\.zip$/);
    const expiresIn = Date.parse(state.json().expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan((photoZipTtlHours - 1) * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(photoZipTtlHours * 3600_000);

    const download = await get(state.json().downloadUrl, 'visitor');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(String(download.headers['content-disposition'])).toMatch(
      /^attachment; filename="photos-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const entries = unzip(download.rawPayload);
    const names = [...entries.keys()];
    // Four entries, no two named alike (case aside); each a .jpg; the unnamed photo under its id.
    expect(names).toHaveLength(4);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(4);
    expect(names).toContain(`${d.id}.jpg`);
    expect(names.filter((n) => /^pour( \(\d\))?\.jpg$/i.test(n))).toHaveLength(3);
    const stored = await get(a.urls.xl);
    const name = names.find((n) => n.toLowerCase().startsWith('pour') && entries.get(n)?.equals(stored.rawPayload));
    expect(name).toBeDefined();
  });

  it('records how far it has come while it writes, and requests are answered meanwhile (no transaction held)', async () => {
    const photos = [];
    for (const colour of ['red', 'green', 'blue']) photos.push(await uploadTo(team, `${colour}.jpg`, colour));
    const res = await zip(photos.map((p) => p.id));
    const url = zipUrl(res.json().zipId);
    const seen: unknown[] = [];
    const files = storage();
    let reads = 0;
    const watching: FileStorage = {
      ...files,
      read(key) {
        reads += 1;
        if (reads !== 3) return files.read(key);
        // Before the third photo is read, its state is asked over HTTP and answered while the ZIP is
        // being written (a transaction held by the job would keep the embedded database from answering).
        return Readable.from(
          (async function* () {
            seen.push((await get(url)).json());
            yield* files.read(key);
          })(),
        );
      },
    };
    expect(await runJobs(watching)).toBe(1);
    expect(seen).toEqual([
      expect.objectContaining({ state: 'running', photoCount: 3, writtenCount: 2, downloadUrl: null }),
    ]);
    expect((await get(url)).json()).toMatchObject({ state: 'ready', writtenCount: 3 });
  });

  it('leaves out photos deleted since the request; fails when none is left', async () => {
    const kept = await uploadTo(team, 'kept.jpg');
    const gone = await uploadTo(team, 'gone.jpg');
    const res = await zip([kept.id, gone.id]);
    const alone = await uploadTo(team, 'alone.jpg');
    const none = await zip([alone.id]);
    const removed = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${team}/photos/delete`,
      headers: await w.personas.teamController.headers(),
      payload: { photoIds: [gone.id, alone.id] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await runJobs()).toBe(2);
    const state = (await get(zipUrl(res.json().zipId))).json();
    expect(state).toMatchObject({ state: 'ready', photoCount: 2, writtenCount: 1 });
    expect([...unzip((await get(state.downloadUrl)).rawPayload).keys()]).toEqual(['kept.jpg']);
    expect((await get(zipUrl(none.json().zipId))).json()).toMatchObject({ state: 'failed', downloadUrl: null });
  });

  it('expires: after its time the download answers 410 and the file is removed from storage', async () => {
    const photo = await uploadTo(team, 'old.jpg');
    const res = await zip([photo.id]);
    const zipId = res.json().zipId as string;
    await runJobs();
    const ready = (await get(zipUrl(zipId))).json();
    expect(ready.state).toBe('ready');
    const key = `${w.workspaceId}/${zipId}.zip`;
    const file = path.join(ctx.config.dataDir, 'files', key);
    expect(existsSync(file)).toBe(true);
    // Time passes: the ZIP's expiry and the job that removes it are due.
    const past = new Date(Date.now() - 1000).toISOString();
    await ctx.database.db.execute(sql`
      update jobs set result = jsonb_set(result, '{expiresAt}', to_jsonb(${past}::text))
       where job_id = ${zipId}`);
    await ctx.database.db.execute(sql`
      update jobs set run_after = now() where kind = ${photoZipExpiryJobKind} and params->>'zipId' = ${zipId}`);
    expect((await get(zipUrl(zipId))).json()).toMatchObject({ state: 'expired', downloadUrl: null });
    const late = await get(ready.downloadUrl);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'exportExpired' });
    expect(await runJobs()).toBe(1);
    expect(existsSync(file)).toBe(false);
  });

  it("is the requester's: another member of the team cannot read or download it (404)", async () => {
    const photo = await uploadTo(team, 'mine.jpg');
    const res = await zip([photo.id]);
    await runJobs();
    const url = zipUrl(res.json().zipId);
    expect((await get(url)).statusCode).toBe(200);
    for (const persona of ['teamController', 'visitor'] as const) {
      expect((await get(url, persona)).json()).toMatchObject({ code: 'exportNotFound' });
      expect((await get(`${url}/download`, persona)).statusCode).toBe(404);
    }
    // Through another team of the workspace: 404 as well (the job is found through its team).
    const other = await get(zipUrl(res.json().zipId, teamIdOf(w, 0, 1)), 'orgController');
    expect(other.statusCode).toBe(404);
  });

  it('403 for a member of another team, 404 for another workspace or a photo of another team, 400 for a bad selection', async () => {
    const photo = await uploadTo(team, 'IMG_1.jpg');
    expect((await zip([photo.id], { teamId: teamIdOf(w, 1, 0) })).statusCode).toBe(403);
    expect((await zip([photo.id], { persona: 'outsider' })).statusCode).toBe(404);
    const queued = await zip([photo.id]);
    expect((await get(zipUrl(queued.json().zipId), 'outsider')).statusCode).toBe(404);
    expect((await get(zipUrl(queued.json().zipId, teamIdOf(w, 1, 0)))).statusCode).toBe(403);
    const theirs = await uploadTo(teamIdOf(w, 0, 1), 'IMG_2.jpg', 'teal', 'orgController');
    const mixed = await zip([photo.id, theirs.id]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.headers['content-type']).toContain('application/problem+json');
    const empty = await zip([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ path: 'body.photoIds' });
    expect((await zip(['nope'])).statusCode).toBe(400);
    expect((await zip(Array.from({ length: maxPhotosPerZip + 1 }, () => randomUUID()))).statusCode).toBe(400);
    expect((await get(`/api/teams/${team}/photo-zips/nope`)).statusCode).toBe(400);
    await runJobs();
  });
});

describe('zipEntryNames', () => {
  it('keeps names unique case-insensitively, in the order given, and never lands on a name used later', async () => {
    const { zipEntryNames } = await import('./photo-zip.service.ts');
    const id = '00000000-0000-4000-8000-000000000001';
    expect(
      zipEntryNames([
        { id, fileName: 'Pour (2).jpg' },
        { id, fileName: 'pour.jpg' },
        { id, fileName: 'Pour.PNG' },
        { id, fileName: null },
        { id, fileName: 'a/b.jpg' },
      ]),
    ).toEqual(['Pour (2).jpg', 'pour.jpg', 'Pour (3).jpg', `${id}.jpg`, 'a_b.jpg']);
  });
});
