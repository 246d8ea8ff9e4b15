import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaFor } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { seedDemo } from '../../seed/demo.ts';

let ctx: TestContext;
let teamId: string;
let headers: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.database, ctx.config);
  const team = await ctx.database.db.execute<{ folder_id: string }>(sql`
    select t.folder_id from folders t join folders p on p.workspace_id = t.workspace_id and p.folder_id = t.parent_id
      join workspaces w on w.workspace_id = t.workspace_id
     where w.name = 'Acme Construction' and p.name = 'Riverside Apartments' and t.name = 'Civil Works'`);
  teamId = team.rows[0]?.folder_id as string;
  const user = await ctx.database.db.execute<{ user_id: string }>(
    sql`select user_id from users where email = 'team.controller@acme.example'`,
  );
  headers = await personaFor(ctx, {
    userId: user.rows[0]?.user_id as string,
    email: 'team.controller@acme.example',
  }).headers();
});
afterAll(() => ctx.close());

type Photo = {
  id: string;
  source: string;
  takenAt: string | null;
  location: unknown;
  chainage: { chainageM: number; offsetM: number } | null;
  uploadedBy: { name: string } | null;
  tagIds: string[];
  urls: { xs: string };
};

const day = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(iso));

describe('demo seed: the team gallery (issue 19)', () => {
  it('has tagged photos uploaded over six days, their time and place read from the photos', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/teams/${teamId}/photos?source=upload`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const photos: Photo[] = res.json().photos;
    expect(photos).toHaveLength(14);
    expect(photos.every((p) => p.takenAt !== null && p.tagIds.length > 0)).toBe(true);
    expect(new Set(photos.map((p) => day(p.takenAt as string))).size).toBe(6);
    expect(photos.filter((p) => p.location !== null)).toHaveLength(12);
    // The project has an alignment the photos lie along: each with a location has its chainage, a few metres off the line.
    const measured = photos.filter((p) => p.chainage !== null);
    expect(measured).toHaveLength(12);
    expect(measured.every((p) => Math.abs(p.chainage?.offsetM ?? 99) < 15)).toBe(true);
    expect(new Set(measured.map((p) => Math.round(p.chainage?.chainageM ?? 0))).size).toBe(12);
    expect(new Set(photos.map((p) => p.uploadedBy?.name))).toEqual(new Set(['Tara Controller', 'Olivia Controller']));
    // The photos were taken before today, in the workspace's time zone.
    const today = day(new Date().toISOString());
    expect(photos.every((p) => day(p.takenAt as string) < today)).toBe(true);

    const image = await ctx.app.inject({ method: 'GET', url: photos[0]?.urls.xs as string, headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('has tags in a project group and a team group, and the gallery filters by them', async () => {
    const catalog = (await ctx.app.inject({ method: 'GET', url: `/api/teams/${teamId}/photo-tags`, headers })).json();
    const groups = Object.fromEntries(
      catalog.groups.map((g: { id: string; name: string; level: string }) => [g.name, g]),
    );
    expect(groups.Progress.level).toBe('project');
    expect(groups.Safety.level).toBe('team');
    const tag = (name: string) => catalog.tags.find((t: { name: string }) => t.name === name);
    expect(tag('Concrete pour').groupId).toBe(groups.Progress.id);
    expect(tag('Hazard').groupId).toBe(groups.Safety.id);
    expect(tag('Handover').groupId).toBeNull();

    const pours = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamId}/photos?tagIds=${tag('Concrete pour').id}`,
      headers,
    });
    expect(pours.json().photos).toHaveLength(3);
  });
});
