import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormTemplate, createWorkspace, type Persona, type TestWorkspace } from '../../../test/factories.ts';
import { inspectionDefinition, postForm, registerRows } from '../../../test/form-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope } from '../../db/tenant.ts';
import { runPendingJobs } from '../../jobs/runner.ts';
import { parseDefinition } from './form-model.ts';
import { registerScope } from './register.service.ts';
import { registerSortKeysJobHandler, registerSortKeysJobKind, withStoredSortKeys } from './register-order.service.ts';

let ctx: TestContext;
let w: TestWorkspace;
let other: TestWorkspace;
let templateId: string;
const team = () => w.projects[0]?.teams[0]?.teamId as string;
const counts = [7, 3, 9, 3, 0, 12, 5, 3, 8, 1];

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  other = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  ({ templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: team(),
    definition: inspectionDefinition,
    name: 'Plant checks',
  }));
  for (const [i, count] of counts.entries()) {
    const values = { title: `Check ${i}`, count, safe: { answer: i % 2 ? 'yes' : 'no' } };
    expect((await postForm(ctx, w.personas.teamMember, team(), { templateId, values })).statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

const rows = (query: Record<string, string>, limit = 3) =>
  registerRows(ctx, w.personas.teamMember, { teamId: team(), templateId }, query, limit);

async function saveOrder(who: Persona, order: unknown) {
  const url = `/api/templates/${templateId}`;
  const current = await ctx.app.inject({ method: 'GET', url, headers: await who.headers() });
  const t = current.json();
  return ctx.app.inject({
    method: 'PUT',
    url,
    headers: await who.headers(),
    payload: {
      expectedVersion: t.currentVersion,
      name: t.name,
      templateCode: t.templateCode,
      formName: t.formName,
      definition: { ...t.definition, registerOrder: order },
    },
  });
}

/** Whether the register sorted by `sort` reads the stored keys (the index) rather than scanning. */
async function readsStoredKeys(sort: string): Promise<boolean> {
  return inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, async (tx) => {
    const stored = await tx.execute<{ definition: unknown; current_version: number }>(sql`
      select v.definition, t.current_version from templates t
        join template_versions v on v.workspace_id = t.workspace_id and v.template_id = t.template_id
                                and v.version = t.current_version
       where t.workspace_id = ${w.workspaceId} and t.template_id = ${templateId}`);
    const row = stored.rows[0] as { definition: unknown; current_version: number };
    const definition = parseDefinition(w.workspaceId, templateId, row.current_version, row.definition);
    const ids = { workspaceId: w.workspaceId, teamId: team(), templateId };
    const options = { state: 'active' as const, sort, direction: 'asc' as const, filter: [] };
    const scope = await withStoredSortKeys(tx, registerScope(ids, definition, options), definition, sort);
    return scope.sort.where !== undefined;
  });
}

const runJobs = () =>
  runPendingJobs(ctx.database.db, { [registerSortKeysJobKind]: registerSortKeysJobHandler(ctx.database.db) });

describe('register order', () => {
  it('sorts by the stored keys once the re-key job has run, in the same order as a scan, and keeps new forms in it', async () => {
    const scanned = await rows({ sort: 'field:count', direction: 'asc' });
    expect(scanned.map((r) => r.values.count)).toEqual([...counts].sort((a, b) => a - b));

    const saved = await saveOrder(w.personas.teamController, { fieldId: 'count', direction: 'asc' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().definition.registerOrder).toEqual({ fieldId: 'count', direction: 'asc' });
    // Until the job has run, the register scans: same answer.
    expect(await readsStoredKeys('field:count')).toBe(false);
    expect(await rows({ sort: 'field:count', direction: 'asc' })).toEqual(scanned);

    expect(await runJobs()).toBe(1);
    expect(await readsStoredKeys('field:count')).toBe(true);
    expect(await readsStoredKeys('field:title')).toBe(false);
    expect(await rows({ sort: 'field:count', direction: 'asc' })).toEqual(scanned);
    const desc = await rows({ sort: 'field:count', direction: 'desc' }, 4);
    expect(desc.map((r) => r.formId)).toEqual(
      [...scanned]
        .sort((a, b) => (b.values.count as number) - (a.values.count as number) || (b.formId > a.formId ? 1 : -1))
        .map((r) => r.formId),
    );
    const filtered = await rows({ sort: 'field:count', direction: 'asc', filter: 'field:safe:eq:yes' });
    expect(filtered.map((r) => r.values.count)).toEqual([1, 3, 3, 3, 12]);

    // A new form and an edited one take their keys as they are saved (no job needed).
    const created = await postForm(ctx, w.personas.teamMember, team(), {
      templateId,
      values: { title: 'New', count: 4 },
    });
    expect(created.statusCode).toBe(201);
    const first = scanned[0] as { formId: string };
    const form = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${team()}/forms/${first.formId}`,
      headers: await w.personas.teamMember.headers(),
    });
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/teams/${team()}/forms/${first.formId}`,
      headers: await w.personas.teamMember.headers(),
      payload: { baseVersion: form.json().form.version, values: { ...form.json().form.values, count: 100 } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await readsStoredKeys('field:count')).toBe(true);
    const after = await rows({ sort: 'field:count', direction: 'asc' }, 4);
    expect(after.map((r) => r.values.count)).toEqual([1, 3, 3, 3, 4, 5, 7, 8, 9, 12, 100]);
  });

  it('a changed order re-keys again; removing it leaves the register newest first', async () => {
    expect((await saveOrder(w.personas.teamController, { fieldId: 'title', direction: 'desc' })).statusCode).toBe(200);
    expect(await readsStoredKeys('field:title')).toBe(false);
    expect(await runJobs()).toBe(1);
    expect(await readsStoredKeys('field:title')).toBe(true);
    expect(await readsStoredKeys('field:count')).toBe(false);
    const titles = (await rows({ sort: 'field:title', direction: 'desc' })).map((r) => String(r.values.title));
    expect(titles).toEqual([...titles].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));

    expect((await saveOrder(w.personas.teamController, null)).statusCode).toBe(200);
    expect(await runJobs()).toBe(1);
    expect(await readsStoredKeys('field:title')).toBe(false);
    expect(await rows({})).toHaveLength(counts.length + 1);
  });

  it('bad input: a field the register cannot sort by, or no such field, is a 400 at definition.registerOrder', async () => {
    for (const order of [
      { fieldId: 'pics', direction: 'asc' },
      { fieldId: 'nope', direction: 'asc' },
    ]) {
      const res = await saveOrder(w.personas.teamController, order);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({
        path: 'body.definition.registerOrder',
        message: 'Choose a field the register can sort by',
        code: 'registerOrderField',
      });
    }
    expect((await saveOrder(w.personas.teamController, { fieldId: 'count', direction: 'up' })).statusCode).toBe(400);
  });

  it('forbidden for a team member; another workspace cannot reach the template (404)', async () => {
    expect((await saveOrder(w.personas.teamMember, { fieldId: 'count', direction: 'asc' })).statusCode).toBe(403);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/templates/${templateId}`,
      headers: await other.personas.orgController.headers(),
      payload: { expectedVersion: 1, name: 'x', templateCode: 'x', formName: 'x', definition: { fields: [] } },
    });
    expect(res.statusCode).toBe(404);
  });
});
