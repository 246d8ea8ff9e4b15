import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFormTemplate,
  createWorkspace,
  projectIdOf,
  type TestWorkspace,
  teamIdOf,
} from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { localDiskStorage } from '../../files/storage.ts';
import { runPendingJobs } from '../../jobs/runner.ts';
import { photoSizesJobHandler, photoSizesJobKind } from './photo-sizes.service.ts';

let ctx: TestContext;
let w: TestWorkspace;
let team: string;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
  team = teamIdOf(w);
});
afterAll(() => ctx.close());

type PersonaName = keyof TestWorkspace['personas'];

async function headers(persona: PersonaName = 'teamMember') {
  return w.personas[persona].headers();
}

/** A JPEG as a phone writes it: EXIF with the time taken (with its offset) and GPS, and an owner name. */
async function cameraJpeg(
  options: { width?: number; height?: number; taken?: string; offset?: string; colour?: string } = {},
) {
  return sharp({
    create: {
      width: options.width ?? 800,
      height: options.height ?? 600,
      channels: 3,
      background: options.colour ?? 'teal',
    },
  })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'secret-owner-name' },
      IFD2: {
        DateTimeOriginal: options.taken ?? '2026:11:20 14:30:00',
        ...(options.offset ? { OffsetTimeOriginal: options.offset } : {}),
      },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '151/1 12/1 0/1' },
    })
    .toBuffer();
}

/** A 1 x 1 PNG whose header (checksum fixed) claims another size: a decompression bomb's shape. */
async function pngClaiming(width: number, height: number) {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: 'white' } })
    .png()
    .toBuffer();
  const ihdr = png.subarray(12, 29); // 'IHDR' + 13 bytes of data
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt32BE(height, 8);
  png.writeUInt32BE(crc32(ihdr), 29);
  return png;
}

async function upload(
  body: Buffer,
  options: { persona?: PersonaName; teamId?: string; photoId?: string; fileName?: string; type?: string } = {},
) {
  const query = new URLSearchParams({
    photoId: options.photoId ?? randomUUID(),
    ...(options.fileName ? { fileName: options.fileName } : {}),
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${options.teamId ?? team}/photos?${query}`,
    headers: { ...(await headers(options.persona)), 'content-type': options.type ?? 'image/jpeg' },
    payload: body,
  });
}

async function get(url: string, persona: PersonaName = 'teamMember') {
  return ctx.app.inject({ method: 'GET', url, headers: await headers(persona) });
}

async function post(url: string, payload: object, persona: PersonaName = 'teamMember') {
  return ctx.app.inject({ method: 'POST', url, headers: await headers(persona), payload });
}

async function uploaded(options: Parameters<typeof upload>[1] & { taken?: string } = {}) {
  const res = await upload(await cameraJpeg({ taken: options.taken, offset: '+10:00' }), options);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; shotAt: string; tagIds: string[] };
}

describe('upload', () => {
  it('re-encodes the photo without metadata, keeps when and where it was taken, and writes every size', async () => {
    const res = await upload(await cameraJpeg({ width: 3000, height: 2000, offset: '+11:00' }), {
      fileName: 'IMG_0042.jpg',
    });
    expect(res.statusCode).toBe(201);
    const photo = res.json();
    expect(photo).toMatchObject({
      teamId: team,
      source: 'upload',
      formId: null,
      state: 'active',
      fileName: 'IMG_0042.jpg',
      takenAt: '2026-11-20T03:30:00.000Z',
      shotAt: '2026-11-20T03:30:00.000Z',
      location: { latitude: -33.86666666666667, longitude: 151.2 },
      uploadedBy: { id: w.personas.teamMember.userId },
      width: 2560,
      height: 1707,
      tagIds: [],
    });
    const edges = { xs: 160, s: 320, m: 640, l: 1280, xl: 2560 } as const;
    for (const [size, edge] of Object.entries(edges)) {
      const image = await get(photo.urls[size]);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(image.rawPayload).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(edge);
      expect(meta.exif).toBeUndefined();
      expect(image.rawPayload.includes('secret-owner-name')).toBe(false);
    }
    const download = await get(`${photo.urls.xl}?download=true`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="IMG_0042.jpg"/);
  });

  it('reads a time without offset in the workspace time zone, and orders by upload time when there is none', async () => {
    const withTime = await upload(await cameraJpeg({ taken: '2026:07:01 09:00:00' }));
    expect(withTime.json().takenAt).toBe('2026-07-01T09:00:00.000Z');
    const plain = await upload(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: 'red' } })
        .png()
        .toBuffer(),
      {
        type: 'image/png',
      },
    );
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ takenAt: null, location: null });
    expect(plain.json().shotAt).toBe(plain.json().uploadedAt);
  });

  it('answers the same photo when an upload is sent again (retry), and 409 when its id is another team’s', async () => {
    const photoId = randomUUID();
    const body = await cameraJpeg();
    expect((await upload(body, { photoId })).statusCode).toBe(201);
    const again = await upload(body, { photoId });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(photoId);
    const elsewhere = await upload(body, { photoId, teamId: teamIdOf(w, 0, 1), persona: 'projectController' });
    expect(elsewhere.statusCode).toBe(409);
  });

  it('refuses hostile files as problem+json: wrong type, oversized, decompression bomb, corrupt data', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const wrongType = await upload(gif, { type: 'image/jpeg' });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(wrongType.json().detail).toBe('This file type is not supported. Please upload JPG, PNG, WEBP.');

    const jpeg = await cameraJpeg();
    const justOver = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 + 1 - jpeg.length)]);
    const oversized = await upload(justOver);
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().detail).toBe('The file must be under 5MB.');
    const farOver = await upload(Buffer.concat([jpeg, Buffer.alloc(8 * 1024 * 1024)]));
    expect(farOver.statusCode).toBe(413);
    expect(farOver.headers['content-type']).toMatch(/application\/problem\+json/);

    // A tiny PNG whose header says 10,000 x 10,000: it would decode to 100 megapixels.
    const bomb = await pngClaiming(10_000, 10_000);
    const bombed = await upload(bomb, { type: 'image/png' });
    expect(bombed.statusCode).toBe(413);
    expect(bombed.json().detail).toBe('This image is too large to process. Please upload a smaller image.');

    const truncated = (await cameraJpeg()).subarray(0, 400);
    const corrupt = await upload(truncated);
    expect(corrupt.statusCode).toBe(415);

    const empty = await upload(Buffer.alloc(0));
    expect([400, 415]).toContain(empty.statusCode);
  });

  it('keeps a photo whose metadata is corrupt, without a time or place', async () => {
    const good = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'blue' } })
      .jpeg()
      .toBuffer();
    // An APP1 Exif segment of garbage right after the start of image.
    const garbage = Buffer.concat([
      Buffer.from('Exif\0\0MM\0\x2a\0\0\0\x08\xff\xff', 'latin1'),
      Buffer.alloc(40, 0xee),
    ]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, garbage.length + 2]), garbage]);
    const corruptExif = Buffer.concat([good.subarray(0, 2), app1, good.subarray(2)]);
    const res = await upload(corruptExif);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ takenAt: null, location: null });
  });

  it('lets members upload (403 for a member of another team, 404 for another workspace, 400 without an id)', async () => {
    const body = await cameraJpeg();
    expect((await upload(body, { persona: 'visitor' })).statusCode).toBe(201);
    expect((await upload(body, { teamId: teamIdOf(w, 1, 0) })).statusCode).toBe(403);
    const other = await upload(body, { teamId: teamIdOf(w.other), persona: 'teamMember' });
    expect(other.statusCode).toBe(404);
    const outsider = await upload(body, { persona: 'outsider' });
    expect(outsider.statusCode).toBe(404);
    const noId = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${team}/photos`,
      headers: { ...(await headers()), 'content-type': 'image/jpeg' },
      payload: body,
    });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors[0].path).toBe('querystring.photoId');
  });
});

describe('gallery, tags and filters', () => {
  let galleryTeam: string;
  let tagA: string;
  let tagB: string;
  let projectTag: string;
  const photoIds: string[] = [];

  beforeAll(async () => {
    galleryTeam = teamIdOf(w, 0, 1);
    const tag = async (url: string, name: string, persona: PersonaName) => {
      const res = await post(url, { name, colour: 'green' }, persona);
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    tagA = await tag(`/api/teams/${galleryTeam}/photo-tags`, 'Concrete', 'projectController');
    tagB = await tag(`/api/teams/${galleryTeam}/photo-tags`, 'Steel', 'projectController');
    projectTag = await tag(`/api/projects/${projectIdOf(w)}/photo-tags`, 'Defect', 'projectController');
    for (const day of ['2026:11:18', '2026:11:19', '2026:11:20']) {
      for (const hour of ['08', '15']) {
        const photo = await uploaded({
          teamId: galleryTeam,
          persona: 'projectController',
          taken: `${day} ${hour}:00:00`,
        });
        photoIds.push(photo.id);
      }
    }
  });

  it('pages newest first with a cursor', async () => {
    const first = await get(`/api/teams/${galleryTeam}/photos?limit=4`, 'projectMember');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.photos).toHaveLength(4);
    expect(page.photos[0].takenAt).toBe('2026-11-20T05:00:00.000Z');
    const second = await get(`/api/teams/${galleryTeam}/photos?limit=4&cursor=${page.nextCursor}`, 'projectMember');
    expect(second.json().photos).toHaveLength(2);
    expect(second.json().nextCursor).toBeNull();
    const all = [...page.photos, ...second.json().photos].map((p: { shotAt: string }) => p.shotAt);
    expect(all).toEqual([...all].sort().reverse());
  });

  it('applies at most 10 tags at once to a selection, and filters by tag, day, uploader and source', async () => {
    const apply = await post(
      `/api/teams/${galleryTeam}/photos/tags`,
      { photoIds: photoIds.slice(0, 2), add: [tagA, projectTag] },
      'projectMember',
    );
    expect(apply.statusCode).toBe(200);
    await post(`/api/teams/${galleryTeam}/photos/tags`, { photoIds: [photoIds[4]], add: [tagB] }, 'projectMember');

    const byTag = await get(`/api/teams/${galleryTeam}/photos?tagIds=${tagA}`, 'projectMember');
    expect(
      byTag
        .json()
        .photos.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual(photoIds.slice(0, 2).sort());
    expect(byTag.json().photos[0].tagIds.sort()).toEqual([tagA, projectTag].sort());
    const either = await get(`/api/teams/${galleryTeam}/photos?tagIds=${tagA},${tagB}`, 'projectMember');
    expect(either.json().photos).toHaveLength(3);

    const day = await get(`/api/teams/${galleryTeam}/photos?from=2026-11-19&to=2026-11-19`, 'projectMember');
    expect(day.json().photos).toHaveLength(2);
    const mine = await get(
      `/api/teams/${galleryTeam}/photos?uploadedBy=${w.personas.projectController.userId}&source=upload`,
      'projectMember',
    );
    expect(mine.json().photos).toHaveLength(6);
    const forms = await get(`/api/teams/${galleryTeam}/photos?source=form`, 'projectMember');
    expect(forms.json().photos).toHaveLength(0);

    const removed = await post(
      `/api/teams/${galleryTeam}/photos/tags`,
      { photoIds: [photoIds[1]], remove: [tagA] },
      'projectMember',
    );
    expect(removed.statusCode).toBe(200);
    const after = await get(`/api/teams/${galleryTeam}/photos?tagIds=${tagA}`, 'projectMember');
    expect(after.json().photos).toHaveLength(1);
  });

  it('refuses more than 10 tags, tags of another team, and bad filters (400 with field errors)', async () => {
    const eleven = Array.from({ length: 11 }, () => randomUUID());
    const tooMany = await post(`/api/teams/${galleryTeam}/photos/tags`, { photoIds, add: eleven }, 'projectMember');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toMatchObject({ path: 'body.add', message: 'Apply at most 10 tags at once' });

    const foreignTag = (await post(`/api/teams/${team}/photo-tags`, { name: 'Elsewhere' }, 'teamController')).json().id;
    const foreign = await post(
      `/api/teams/${galleryTeam}/photos/tags`,
      { photoIds, add: [foreignTag] },
      'projectMember',
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({
      path: 'body.add.0',
      message: 'This tag is not available in this team',
    });

    const badDate = await get(`/api/teams/${galleryTeam}/photos?from=2026-13-01`, 'projectMember');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors[0].path).toBe('querystring.from');
    const backwards = await get(`/api/teams/${galleryTeam}/photos?from=2026-11-20&to=2026-11-01`, 'projectMember');
    expect(backwards.statusCode).toBe(400);
    const badCursor = await get(`/api/teams/${galleryTeam}/photos?cursor=nope`, 'projectMember');
    expect(badCursor.statusCode).toBe(400);
    const unknownPhoto = await post(
      `/api/teams/${galleryTeam}/photos/tags`,
      { photoIds: [randomUUID()], add: [tagA] },
      'projectMember',
    );
    expect(unknownPhoto.statusCode).toBe(404);
  });

  it('lets team controllers and above manage tags and groups; members may not', async () => {
    const denied = await post(`/api/teams/${galleryTeam}/photo-tags`, { name: 'Nope' }, 'projectMember');
    expect(denied.statusCode).toBe(403);
    const projectDenied = await post(`/api/projects/${projectIdOf(w)}/photo-tags`, { name: 'Nope' }, 'teamController');
    expect(projectDenied.statusCode).toBe(403);
    const duplicate = await post(`/api/teams/${galleryTeam}/photo-tags`, { name: 'concrete' }, 'projectController');
    expect(duplicate.statusCode).toBe(409);
    const blank = await post(
      `/api/teams/${galleryTeam}/photo-tags`,
      { name: '  ', colour: 'mauve' },
      'projectController',
    );
    expect(blank.statusCode).toBe(400);
    expect(
      blank
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['body.colour', 'body.name']);

    const group = await post(`/api/teams/${galleryTeam}/photo-tag-groups`, { name: 'Materials' }, 'projectController');
    expect(group.statusCode).toBe(201);
    const groupId = group.json().id;
    const update = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/teams/${galleryTeam}/photo-tags/${tagB}`,
      headers: await headers('projectController'),
      payload: { name: 'Rebar', colour: 'orange', groupId },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ name: 'Rebar', colour: 'orange', groupId, level: 'team' });

    const catalog = await get(`/api/teams/${galleryTeam}/photo-tags`, 'projectMember');
    expect(catalog.statusCode).toBe(200);
    expect(catalog.json().tags.map((t: { name: string }) => t.name)).toEqual(['Concrete', 'Defect', 'Rebar']);
    expect(catalog.json().groups).toEqual([expect.objectContaining({ id: groupId, name: 'Materials' })]);

    const deleteGroup = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/teams/${galleryTeam}/photo-tag-groups/${groupId}`,
      headers: await headers('projectController'),
    });
    expect(deleteGroup.statusCode).toBe(200);
    const regrouped = (await get(`/api/teams/${galleryTeam}/photo-tags`, 'projectMember')).json();
    expect(regrouped.tags.find((t: { id: string }) => t.id === tagB).groupId).toBeNull();

    // A tag of another team, named through this team, is not found.
    const foreign = (await get(`/api/teams/${team}/photo-tags`, 'teamController')).json().tags[0].id;
    const cross = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/teams/${galleryTeam}/photo-tags/${foreign}`,
      headers: await headers('projectController'),
    });
    expect(cross.statusCode).toBe(404);
  });

  it('lets a photo be seen only through its own team', async () => {
    const other = await get(`/api/teams/${teamIdOf(w, 0, 0)}/photos/${photoIds[0]}`, 'projectMember');
    expect(other.statusCode).toBe(404);
    const image = await get(`/api/teams/${teamIdOf(w, 0, 0)}/photos/${photoIds[0]}/images/xs`, 'projectMember');
    expect(image.statusCode).toBe(404);
    const denied = await get(`/api/teams/${galleryTeam}/photos`, 'teamMember');
    expect(denied.statusCode).toBe(403);
  });
});

describe('archive, restore, delete, move and copy (spec 6)', () => {
  it('lets staff archive and restore their own photos, team controllers any; visitors never', async () => {
    const own = await uploaded();
    const others = await uploaded({ persona: 'teamController' });
    const archived = await post(`/api/teams/${team}/photos/archive`, { photoIds: [own.id] });
    expect(archived.statusCode).toBe(200);
    const listed = (await get(`/api/teams/${team}/photos?state=archived`)).json();
    expect(listed.photos.map((p: { id: string }) => p.id)).toContain(own.id);
    expect((await post(`/api/teams/${team}/photos/restore`, { photoIds: [own.id] })).statusCode).toBe(200);

    const notMine = await post(`/api/teams/${team}/photos/archive`, { photoIds: [others.id] });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().detail).toBe('You can only archive or restore photos you uploaded.');
    const visitor = await post(`/api/teams/${team}/photos/archive`, { photoIds: [own.id] }, 'visitor');
    expect(visitor.statusCode).toBe(403);
    expect(
      (await post(`/api/teams/${team}/photos/archive`, { photoIds: [others.id, own.id] }, 'teamController')).statusCode,
    ).toBe(200);
    const empty = await post(`/api/teams/${team}/photos/archive`, { photoIds: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('lets team controllers delete photos for good (files and sizes go too); members may not', async () => {
    const photo = await uploaded();
    const denied = await post(`/api/teams/${team}/photos/delete`, { photoIds: [photo.id] });
    expect(denied.statusCode).toBe(403);
    const deleted = await post(`/api/teams/${team}/photos/delete`, { photoIds: [photo.id] }, 'teamController');
    expect(deleted.statusCode).toBe(200);
    expect((await get(`/api/teams/${team}/photos/${photo.id}`)).statusCode).toBe(404);
  });

  it('moves and copies photos to another team of the same project, never elsewhere', async () => {
    const target = teamIdOf(w, 0, 1);
    const photo = await uploaded({ persona: 'projectController' });
    const copied = await post(
      `/api/teams/${team}/photos/transfer`,
      { photoIds: [photo.id], targetTeamId: target, mode: 'copy' },
      'projectController',
    );
    expect(copied.statusCode).toBe(200);
    const [copyId] = copied.json().photoIds;
    expect(copyId).not.toBe(photo.id);
    const copy = (await get(`/api/teams/${target}/photos/${copyId}`, 'projectController')).json();
    expect(copy.takenAt).toBe('2026-11-20T04:30:00.000Z');
    expect((await get(copy.urls.m, 'projectController')).statusCode).toBe(200);
    expect((await get(`/api/teams/${team}/photos/${photo.id}`)).statusCode).toBe(200);

    const moved = await post(
      `/api/teams/${team}/photos/transfer`,
      { photoIds: [photo.id], targetTeamId: target, mode: 'move' },
      'projectController',
    );
    expect(moved.statusCode).toBe(200);
    expect((await get(`/api/teams/${team}/photos/${photo.id}`)).statusCode).toBe(404);
    expect((await get(`/api/teams/${target}/photos/${photo.id}/images/xl`, 'projectController')).statusCode).toBe(200);

    const mine = await uploaded({ persona: 'teamController' });
    const otherProject = await post(
      `/api/teams/${team}/photos/transfer`,
      { photoIds: [mine.id], targetTeamId: teamIdOf(w, 1, 0), mode: 'move' },
      'orgController',
    );
    expect(otherProject.statusCode).toBe(400);
    expect(otherProject.json().errors[0].path).toBe('body.targetTeamId');
    const noUploadThere = await post(
      `/api/teams/${team}/photos/transfer`,
      { photoIds: [mine.id], targetTeamId: target, mode: 'move' },
      'teamController',
    );
    expect(noUploadThere.statusCode).toBe(403);
    const otherWorkspace = await post(
      `/api/teams/${team}/photos/transfer`,
      { photoIds: [mine.id], targetTeamId: teamIdOf(w.other), mode: 'copy' },
      'orgController',
    );
    expect(otherWorkspace.statusCode).toBe(404);
  });
});

describe('photos taken in forms', () => {
  it('join the team gallery with a link to their form, once, and filter by source', async () => {
    const teamId = teamIdOf(w, 1, 1);
    const { templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: teamId,
      type: 'timeline',
      definition: { fields: [{ id: 'pics', type: 'photos', label: 'Photos' }] },
    });
    const file = await ctx.app.inject({
      method: 'POST',
      url: `/api/companies/${w.companyId}/files?purpose=photo&folderId=${teamId}&fileName=slab.jpg`,
      headers: { ...(await headers('orgController')), 'content-type': 'image/jpeg' },
      payload: await cameraJpeg(),
    });
    expect(file.statusCode).toBe(201);
    const fileId = file.json().fileId;
    const formId = randomUUID();
    const created = await post(
      `/api/teams/${teamId}/forms`,
      { formId, templateId, values: { pics: [{ fileId }] } },
      'orgController',
    );
    expect(created.statusCode).toBe(201);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamId}/forms/${formId}`,
      headers: await headers('orgController'),
      payload: { baseVersion: 1, values: { pics: [{ fileId, caption: 'north face' }] } },
    });
    expect(saved.statusCode).toBe(200);

    const fromForms = (await get(`/api/teams/${teamId}/photos?source=form`, 'orgController')).json();
    expect(fromForms.photos).toHaveLength(1);
    expect(fromForms.photos[0]).toMatchObject({ source: 'form', formId, fileName: 'slab.jpg', teamId });
    const thumbnail = await get(fromForms.photos[0].urls.xs, 'orgController');
    expect(thumbnail.statusCode).toBe(200);
    // A form's photo gets its sizes too (made on first asking, then kept): XS is at most 160 px.
    const xs = await sharp(thumbnail.rawPayload).metadata();
    expect(Math.max(xs.width ?? 0, xs.height ?? 0)).toBeLessThanOrEqual(160);
    const again = await get(fromForms.photos[0].urls.xs, 'orgController');
    expect(again.rawPayload.equals(thumbnail.rawPayload)).toBe(true);
    const kept = await ctx.database.db.execute<{ size: string }>(
      sql`select size from photo_sizes where photo_id = ${fromForms.photos[0].id}`,
    );
    expect(kept.rows.map((r) => r.size)).toEqual(['xs']);
    const large = await sharp((await get(fromForms.photos[0].urls.l, 'orgController')).rawPayload).metadata();
    expect(Math.max(large.width ?? 0, large.height ?? 0)).toBeLessThanOrEqual(1280);
    const uploads = (await get(`/api/teams/${teamId}/photos?source=upload`, 'orgController')).json();
    expect(uploads.photos).toHaveLength(0);
  });
  it('get their sizes from a job queued when the form is saved, so the first view reads stored sizes', async () => {
    const teamId = teamIdOf(w, 1, 0);
    const { templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: teamId,
      type: 'timeline',
      definition: { fields: [{ id: 'pics', type: 'photos', label: 'Photos' }] },
    });
    const fileIds: string[] = [];
    for (const name of ['east.jpg', 'west.jpg']) {
      const file = await ctx.app.inject({
        method: 'POST',
        url: `/api/companies/${w.companyId}/files?purpose=photo&folderId=${teamId}&fileName=${name}`,
        headers: { ...(await headers('orgController')), 'content-type': 'image/jpeg' },
        payload: await cameraJpeg({ width: 1600, height: 1200 }),
      });
      expect(file.statusCode).toBe(201);
      fileIds.push(file.json().fileId);
    }
    const formId = randomUUID();
    const created = await post(
      `/api/teams/${teamId}/forms`,
      { formId, templateId, values: { pics: fileIds.map((fileId) => ({ fileId })) } },
      'orgController',
    );
    expect(created.statusCode).toBe(201);
    // Saved again with the same photos: they are in the gallery already, nothing more is queued.
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamId}/forms/${formId}`,
      headers: await headers('orgController'),
      payload: { baseVersion: 1, values: { pics: fileIds.map((fileId) => ({ fileId, caption: 'kerb' })) } },
    });
    expect(saved.statusCode).toBe(200);
    const queued = await ctx.database.db.execute<{ params: { photoIds: string[] } | string }>(
      sql`select params from jobs where kind = ${photoSizesJobKind} and folder_id = ${teamId}`,
    );
    expect(queued.rows).toHaveLength(1);
    const photos = (await get(`/api/teams/${teamId}/photos?source=form`, 'orgController')).json().photos as {
      id: string;
      urls: { xs: string; s: string };
    }[];
    expect(photos).toHaveLength(2);
    const [first, second] = photos as [(typeof photos)[0], (typeof photos)[0]];
    // One size asked before the job runs is made on request (the fallback) and not made twice.
    expect((await get(second.urls.s, 'orgController')).statusCode).toBe(200);

    const storage = localDiskStorage(path.join(ctx.config.dataDir, 'files'));
    // (The form of the test before queued its photo's sizes too.)
    expect(
      await runPendingJobs(ctx.database.db, { [photoSizesJobKind]: photoSizesJobHandler(ctx.database.db, storage) }),
    ).toBeGreaterThanOrEqual(1);
    const sizes = await ctx.database.db.execute<{ photo_id: string; size: string; width: number; height: number }>(
      sql`select photo_id, size, width, height from photo_sizes
           where photo_id = any(${`{${first.id},${second.id}}`}::uuid[]) order by photo_id, size`,
    );
    for (const photo of [first, second]) {
      const rows = sizes.rows.filter((r) => r.photo_id === photo.id);
      expect(rows.map((r) => [r.size, Math.max(Number(r.width), Number(r.height))]).sort()).toEqual([
        ['l', 1280],
        ['m', 640],
        ['s', 320],
        ['xs', 160],
      ]);
    }
    // The gallery's first view of the other photo is served from the stored size.
    const storedXs = await ctx.database.db.execute<{ storage_key: string }>(
      sql`select storage_key from photo_sizes where photo_id = ${first.id} and size = 'xs'`,
    );
    const thumbnail = await get(first.urls.xs, 'orgController');
    expect(thumbnail.statusCode).toBe(200);
    const onDisk = await readFile(path.join(ctx.config.dataDir, 'files', storedXs.rows[0]?.storage_key as string));
    expect(thumbnail.rawPayload.equals(onDisk)).toBe(true);
  });
});
