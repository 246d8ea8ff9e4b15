import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormTemplate, createWorkspace, type TestWorkspace, teamIdOf } from './factories.ts';
import { postForm } from './form-fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * 0018_number_precision over definitions stored before it: number fields carry `decimals: 0`, the
 * old default. The migration is applied again over such a template, as on a database of then.
 */
const migration = readFileSync(
  path.resolve(import.meta.dirname, '../src/db/migrations/0018_number_precision.sql'),
  'utf8',
);

let ctx: TestContext;
let w: TestWorkspace;
let templateId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  ({ templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    definition: {
      fields: [
        { id: 'temperature', type: 'number', label: 'Temperature', decimals: 0 },
        { id: 'depth', type: 'number', label: 'Depth', decimals: 2 },
        { id: 'free', type: 'number', label: 'Free' },
        { id: 'total', type: 'formula', label: 'Total', expression: '{temperature} + {depth}', decimals: 0 },
      ],
    },
  }));
  await ctx.database.execScript(`begin; ${migration}; commit;`);
});
afterAll(() => ctx.close());

describe('0018_number_precision', () => {
  it('drops the old default of 0 decimals from number fields; chosen precisions and formulas keep theirs', async () => {
    const rows = await ctx.database.db.execute<{ definition: { fields: Record<string, unknown>[] } }>(
      sql`select definition from template_versions where workspace_id = ${w.workspaceId} and template_id = ${templateId}`,
    );
    const fields = rows.rows[0]?.definition.fields ?? [];
    expect(fields.map((f) => [f.id, f.decimals])).toEqual([
      ['temperature', undefined],
      ['depth', 2],
      ['free', undefined],
      ['total', 0],
    ]);
    expect(fields[0]).not.toHaveProperty('decimals');
    expect(fields[0]).toMatchObject({ id: 'temperature', type: 'number', label: 'Temperature' });
  });

  it('leaves row security forced on template versions', async () => {
    const rows = await ctx.database.db.execute<{ forced: boolean }>(
      sql`select relforcerowsecurity as forced from pg_class where relname = 'template_versions'`,
    );
    expect(rows.rows[0]?.forced).toBe(true);
  });

  it('a form of that template keeps 21.5 and still refuses a third decimal on the 2-decimal field', async () => {
    const kept = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId,
      values: { temperature: 21.5, depth: 0.25 },
    });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().values).toMatchObject({ temperature: 21.5, depth: 0.25 });
    const refused = await postForm(ctx, w.personas.teamMember, teamIdOf(w), { templateId, values: { depth: 0.255 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ path: 'values.depth', message: 'Enter a number with at most 2 decimal places' }),
    ]);
  });
});
