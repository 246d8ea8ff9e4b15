import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorkspace,
  type PersonaName,
  projectIdOf,
  type TestWorkspace,
  teamIdOf,
} from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let w: TestWorkspace;
let project: string;
let team: string;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
  project = projectIdOf(w);
  team = teamIdOf(w);
});
afterAll(() => ctx.close());

/** Metres in a degree of latitude, and of longitude at the road's latitude (on the 6,371,008.8 m sphere). */
const latitudeDegreeM = (6_371_008.8 * Math.PI) / 180;
const longitudeDegreeM = latitudeDegreeM * Math.cos((33.87 * Math.PI) / 180);

/** A road running east along latitude 33.87° S from 151.2° E for 0.02° (about 1.85 km). */
const road = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Road</name>
  <Placemark><name>Centreline</name><LineString><coordinates>
    151.2,-33.87,0 151.21,-33.87,0 151.22,-33.87,0
  </coordinates></LineString></Placemark>
</Document></kml>`;

async function send(
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  persona: PersonaName = 'projectController',
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: await w.personas[persona].headers(),
    ...(payload ? { payload } : {}),
  });
}

const put = (body: object, persona: PersonaName = 'projectController', projectId = project) =>
  send('PUT', `/api/projects/${projectId}/photo-alignment`, persona, body);

/** A JPEG whose EXIF GPS puts it at a latitude and longitude (south and east). */
async function jpegAt(latitude: number, longitude: number) {
  const dms = (degrees: number) => {
    const d = Math.floor(degrees);
    const minutes = (degrees - d) * 60;
    const m = Math.floor(minutes);
    return `${d}/1 ${m}/1 ${Math.round((minutes - m) * 60 * 10000)}/10000`;
  };
  return sharp({ create: { width: 200, height: 150, channels: 3, background: 'olive' } })
    .jpeg()
    .withExif({
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: dms(latitude),
        GPSLongitudeRef: 'E',
        GPSLongitude: dms(longitude),
      },
    })
    .toBuffer();
}

async function uploadAt(latitude: number, longitude: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${team}/photos?photoId=${randomUUID()}`,
    headers: { ...(await w.personas.teamMember.headers()), 'content-type': 'image/jpeg' },
    payload: await jpegAt(latitude, longitude),
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; chainage: { chainageM: number; offsetM: number } | null };
}

async function events() {
  const result = await ctx.database.db.execute<{ action: string }>(
    sql`select action from audit_events where workspace_id = ${w.workspaceId} and subject_id = ${project}
          and action like 'alignment.%' order by event_id`,
  );
  return result.rows.map((r) => r.action);
}

describe('project alignment', () => {
  it('is uploaded as KML by a project controller, read by the project and its teams, replaced and removed', async () => {
    const empty = await send('GET', `/api/projects/${project}/photo-alignment`, 'projectMember');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ alignment: null, tiles: null });

    const created = await put({ fileName: 'road.kml', content: road });
    expect(created.statusCode).toBe(200);
    const alignment = created.json();
    expect(alignment).toMatchObject({
      projectId: project,
      fileName: 'road.kml',
      lines: [
        [
          [151.2, -33.87],
          [151.21, -33.87],
          [151.22, -33.87],
        ],
      ],
    });
    expect(alignment.lengthM).toBeCloseTo(0.02 * longitudeDegreeM, 0); // 1,846.5 m

    const fromTeam = await send('GET', `/api/teams/${team}/photo-alignment`, 'teamMember');
    expect(fromTeam.statusCode).toBe(200);
    expect(fromTeam.json().alignment.lines).toEqual(alignment.lines);

    // One per project: a GeoJSON upload replaces it.
    const geojson = {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [151.2, -33.87],
          [151.22, -33.87],
        ],
      },
    };
    const replaced = await put({ fileName: 'road.geojson', content: JSON.stringify(geojson) }, 'orgController');
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().fileName).toBe('road.geojson');

    const removed = await send('DELETE', `/api/projects/${project}/photo-alignment`);
    expect(removed.statusCode).toBe(200);
    expect((await send('GET', `/api/projects/${project}/photo-alignment`)).json()).toEqual({
      alignment: null,
      tiles: null,
    });
    expect((await send('DELETE', `/api/projects/${project}/photo-alignment`)).statusCode).toBe(404);
    expect(await events()).toEqual(['alignment.uploaded', 'alignment.replaced', 'alignment.removed']);
  });

  it("gives each photo with a location its chainage and offset along its project's alignment", async () => {
    expect((await put({ fileName: 'road.kml', content: road })).statusCode).toBe(200);
    // 0.005° east of the start and 0.0002° south: about 462 m along, 22 m to the right (south of an eastward road).
    const near = await uploadAt(33.8702, 151.205);
    expect(near.chainage?.chainageM).toBeCloseTo(0.005 * longitudeDegreeM, 0);
    expect(near.chainage?.offsetM).toBeCloseTo(0.0002 * latitudeDegreeM, 0);
    // North of the road: to the left.
    const left = await uploadAt(33.8699, 151.215);
    expect(left.chainage?.chainageM).toBeCloseTo(0.015 * longitudeDegreeM, 0);
    expect(left.chainage?.offsetM).toBeCloseTo(-0.0001 * latitudeDegreeM, 0);
    // Far from the road: no chainage.
    const far = await uploadAt(34.5, 151.205);
    expect(far.chainage).toBeNull();

    const page = await send('GET', `/api/teams/${team}/photos`, 'teamMember');
    const byId = new Map(page.json().photos.map((p: { id: string; chainage: unknown }) => [p.id, p.chainage]));
    expect(byId.get(near.id)).toEqual(near.chainage);
    expect(byId.get(far.id)).toBeNull();
    const one = await send('GET', `/api/teams/${team}/photos/${left.id}`, 'teamMember');
    expect(one.json().chainage).toEqual(left.chainage);

    // A team of another project has no alignment.
    const otherProject = await send('GET', `/api/teams/${teamIdOf(w, 1, 0)}/photo-alignment`, 'orgController');
    expect(otherProject.json()).toEqual({ alignment: null, tiles: null });
  });

  it('is managed by project controllers only (403), and not across workspaces (404)', async () => {
    const body = { fileName: 'road.kml', content: road };
    for (const persona of ['projectMember', 'teamController', 'teamMember', 'orgMember'] as const) {
      expect((await put(body, persona)).statusCode, persona).toBe(403);
      expect((await send('DELETE', `/api/projects/${project}/photo-alignment`, persona)).statusCode, persona).toBe(403);
    }
    // Another project's controller is not this one's.
    expect((await put(body, 'projectController', projectIdOf(w, 1))).statusCode).toBe(403);
    // A team member does not see the project, but sees the alignment through the team's gallery.
    expect((await send('GET', `/api/projects/${project}/photo-alignment`, 'teamMember')).statusCode).toBe(403);
    expect((await send('GET', `/api/teams/${teamIdOf(w, 0, 1)}/photo-alignment`, 'teamMember')).statusCode).toBe(403);
    // Another workspace's project: 404 for the outsider here, and for us there.
    expect((await put(body, 'outsider')).statusCode).toBe(404);
    const foreign = projectIdOf(w.other as unknown as Parameters<typeof projectIdOf>[0]);
    expect((await put(body, 'projectController', foreign)).statusCode).toBe(404);
    expect((await send('GET', `/api/projects/${foreign}/photo-alignment`)).statusCode).toBe(404);
  });

  it('refuses bad and hostile files with 400 problem+json naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ fileName: 'x.kml', content: '' }, 'body.content', 'The file is empty'],
      [{ fileName: '', content: road }, 'body.fileName', 'A file name is required'],
      [{ fileName: 'x.txt', content: 'hello' }, 'body.content', 'Upload a KML or GeoJSON file'],
      [{ fileName: 'x.kml', content: '<kml><Document>' }, 'body.content', 'The file is not valid KML'],
      [
        {
          fileName: 'bomb.kml',
          content:
            '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><kml>&lol2;</kml>',
        },
        'body.content',
        'The KML may not declare a document type or entities',
      ],
      [
        { fileName: 'p.geojson', content: '{"type":"Point","coordinates":[151,-33]}' },
        'body.content',
        'The file has no line (a LineString or MultiLineString)',
      ],
      [{ fileName: 'big.kml', content: 'x'.repeat(2_000_001) }, 'body.content', 'The file is larger than 2 MB'],
    ];
    for (const [body, path, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, message).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors[0]).toMatchObject({ path, message });
    }
    const bad = await put({ fileName: 'x.kml', content: '<kml><Document>' });
    expect(bad.json().detail).toBe('The file is not valid KML');
    const extra = await put({ fileName: 'x.kml', content: road, other: 1 });
    expect(extra.statusCode).toBe(400);
  });
});

describe('map tiles under the map (issue 19.4, optional)', () => {
  it('without MAP_TILES_URL: no tiles in the answer and no outside image origin allowed', async () => {
    const res = await send('GET', `/api/teams/${team}/photo-alignment`);
    expect(res.statusCode).toBe(200);
    expect(res.json().tiles).toBeNull();
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
  });

  it('with MAP_TILES_URL: the map reads the tiles URL and its attribution, and pages may show images from its origin', async () => {
    const tiled = await createTestApp({
      env: {
        MAP_TILES_URL: 'https://tiles.example.com/osm/{z}/{x}/{y}.png',
        MAP_TILES_ATTRIBUTION: '© OpenStreetMap contributors',
      },
    });
    try {
      const v = await createWorkspace(tiled, { projects: 1, teamsPerProject: 1 });
      const res = await tiled.app.inject({
        method: 'GET',
        url: `/api/teams/${teamIdOf(v)}/photo-alignment`,
        headers: await v.personas.teamMember.headers(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        alignment: null,
        tiles: {
          urlTemplate: 'https://tiles.example.com/osm/{z}/{x}/{y}.png',
          attribution: '© OpenStreetMap contributors',
          maxZoom: 19,
        },
      });
      expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://tiles.example.com;");
      expect(
        (
          await tiled.app.inject({
            method: 'GET',
            url: `/api/teams/${teamIdOf(v)}/photo-alignment`,
            headers: await v.personas.outsider.headers(),
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await tiled.close();
    }
  });
});
