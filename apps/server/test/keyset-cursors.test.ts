import { randomUUID } from 'node:crypto';
import { encodeCursor } from '@formwork/shared/schemas/cursor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormTemplate, createWorkspace, type TestWorkspace, teamIdOf } from './factories.ts';
import { inspectionDefinition } from './form-fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * Every keyset-paged endpoint validates its cursor by the shared cursor schema: a cursor that
 * does not decode, or whose parts are out of range (a date the database cannot hold, a number
 * beyond an integer), is a 400 with a field error on `cursor`, never a 5xx (issue 14 item 12).
 */
let ctx: TestContext;
let w: TestWorkspace;
let templateId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  ({ templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    definition: inspectionDefinition,
  }));
});
afterAll(() => ctx.close());

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const id = randomUUID();
/** The earliest and latest dates JavaScript holds: far outside what PostgreSQL stores. */
const extremes = ['+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z'];

/**
 * Per endpoint: cursors in the form it wrote before the shared codec and in the shared codec's
 * form, holding out-of-range dates (and numbers).
 */
const endpoints: { name: string; url: () => string; cursors: string[] }[] = [
  {
    name: 'My actions',
    url: () => '/api/me/actions',
    cursors: extremes.flatMap((d) => [b64(`${d}|${id}`), encodeCursor([d, id])]),
  },
  {
    name: 'team actions',
    url: () => `/api/teams/${teamIdOf(w)}/actions`,
    cursors: extremes.flatMap((d) => [b64(`${d}|${id}`), encodeCursor([d, id])]),
  },
  {
    name: 'timeline',
    url: () => `/api/teams/${teamIdOf(w)}/timeline`,
    cursors: extremes.map((d) => encodeCursor([d, id])),
  },
  ...(['createdAt', 'updatedAt'] as const).map((sort) => ({
    name: `register sorted by ${sort}`,
    url: () => `/api/teams/${teamIdOf(w)}/templates/${templateId}/register?sort=${sort}`,
    cursors: extremes.flatMap((d) => [encodeCursor([d, id]), encodeCursor([sort, d, id])]),
  })),
  {
    name: 'register sorted by number',
    url: () => `/api/teams/${teamIdOf(w)}/templates/${templateId}/register?sort=number`,
    cursors: [encodeCursor(['number', '99999999999', id]), encodeCursor(['number', 'x', id])],
  },
  {
    name: 'register with a cursor of another sort',
    url: () => `/api/teams/${teamIdOf(w)}/templates/${templateId}/register?sort=number`,
    cursors: [encodeCursor(['updatedAt', '2026-11-23 08:15:00.123456+00', id])],
  },
  {
    name: 'activity',
    url: () => `/api/teams/${teamIdOf(w)}/activity`,
    cursors: [encodeCursor(['9999999999999999999']), encodeCursor([extremes[0] as string]), 'not a cursor'],
  },
];

describe('keyset cursors', () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.name}: an out-of-range date in the cursor is a 400 with a field error`, async () => {
      for (const cursor of endpoint.cursors) {
        const url = endpoint.url();
        const res = await ctx.app.inject({
          method: 'GET',
          url: `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`,
          headers: await w.personas.teamMember.headers(),
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json().errors).toEqual([expect.objectContaining({ path: expect.stringMatching(/cursor$/) })]);
      }
    });
  }
});
