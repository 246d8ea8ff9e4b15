import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type PersonaName, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { unzip } from '../../../test/unzip.ts';

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

describe('download of a selection as a ZIP (issue 19)', () => {
  it('holds each stored photo once, under its file name as .jpg, names kept unique', async () => {
    const a = await uploadTo(team, 'Pour.png', 'teal');
    const b = await uploadTo(team, 'pour.jpg', 'orange');
    const c = await uploadTo(team, 'Pour (2).jpg', 'navy');
    const d = await uploadTo(team, null, 'white');
    const res = await zip([a.id, b.id, c.id, d.id], { persona: 'visitor' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="photos.zip"');
    const entries = unzip(res.rawPayload);
    const names = [...entries.keys()];
    // Four entries, no two named alike (case aside); each a .jpg; the unnamed photo under its id.
    expect(names).toHaveLength(4);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(4);
    expect(names).toContain(`${d.id}.jpg`);
    expect(names.filter((n) => /^pour( \(\d\))?\.jpg$/i.test(n))).toHaveLength(3);
    const stored = await ctx.app.inject({
      method: 'GET',
      url: a.urls.xl,
      headers: await w.personas.teamMember.headers(),
    });
    const name = [...entries.keys()].find(
      (n) => n.toLowerCase().startsWith('pour') && entries.get(n)?.equals(stored.rawPayload),
    );
    expect(name).toBeDefined();
  });

  it('403 for a member of another team, 404 for another workspace or a photo of another team, 400 for a bad selection', async () => {
    const photo = await uploadTo(team, 'IMG_1.jpg');
    expect((await zip([photo.id], { teamId: teamIdOf(w, 1, 0) })).statusCode).toBe(403);
    expect((await zip([photo.id], { persona: 'outsider' })).statusCode).toBe(404);
    const theirs = await uploadTo(teamIdOf(w, 0, 1), 'IMG_2.jpg', 'teal', 'orgController');
    const mixed = await zip([photo.id, theirs.id]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.headers['content-type']).toContain('application/problem+json');
    const empty = await zip([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ path: 'body.photoIds' });
    expect((await zip(['nope'])).statusCode).toBe(400);
    expect((await zip(Array.from({ length: 501 }, () => randomUUID()))).statusCode).toBe(400);
  });
});

describe('zipEntryNames', () => {
  it('keeps names unique case-insensitively, in the order given, and never lands on a name used later', async () => {
    const { zipEntryNames } = await import('./photos.service.ts');
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
