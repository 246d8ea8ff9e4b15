import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type TestWorkspace } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

// Issue 18 (typeahead speed): a form's typeahead is asked right after a list is imported. The
// planner then needs the table's new size, or it plans the list as a handful of rows (read every
// item, then sort) where it should walk the list's order index and stop at the page.

let ctx: TestContext;
let w: TestWorkspace;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx);
});
afterAll(() => ctx.close());

async function importCsv(listId: string, items: number) {
  const csv = ['Plant', ...Array.from({ length: items }, (_, i) => `Item ${i}`)].join('\n');
  return ctx.app.inject({
    method: 'POST',
    url: `/api/companies/${w.companyId}/lists/${listId}/import`,
    headers: await w.personas.orgController.headers(),
    payload: { csv },
  });
}

const rowEstimate = async () =>
  Number(
    (
      await ctx.database.db.execute<{ n: number }>(
        sql`select reltuples as n from pg_class where relname = 'list_items'`,
      )
    ).rows[0]?.n,
  );

describe('the planner knows a list after a large import', () => {
  it('an import of 1,000 items or more refreshes the statistics of list items; a small one does not', async () => {
    const headers = await w.personas.orgController.headers();
    const create = (name: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/companies/${w.companyId}/lists`, headers, payload: { name } });
    const small = (await create('Small')).json().id as string;
    expect((await importCsv(small, 10)).statusCode).toBe(200);
    expect(await rowEstimate()).toBeLessThan(10);
    const big = (await create('Big')).json().id as string;
    const res = await importCsv(big, 1200);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowEstimate()).toBeGreaterThanOrEqual(1200);
  });
});
