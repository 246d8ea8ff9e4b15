import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFormTemplate,
  createWorkspace,
  type Persona,
  type TestWorkspace,
  teamIdOf,
} from '../../../test/factories.ts';
import { inspectionDefinition, postForm, registerRows } from '../../../test/form-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope } from '../../db/tenant.ts';
import { runPendingJobs } from '../../jobs/runner.ts';
import { parseDefinition } from './form-model.ts';
import { registerSelect } from './register.queries.ts';
import { registerScope } from './register.service.ts';
import { registerSortKeysJobHandler, registerSortKeysJobKind, withStoredSortKeys } from './register-order.service.ts';

let ctx: TestContext;
let w: TestWorkspace;
let other: TestWorkspace;
let templateId: string;
const counts = [7, 3, 9, 3, 0, 12, 5, 3, 8, 1];

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  other = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  ({ templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    definition: inspectionDefinition,
    name: 'Plant checks',
  }));
  for (const [i, count] of counts.entries()) {
    const values = { title: `Check ${i}`, count, safe: { answer: i % 2 ? 'yes' : 'no' } };
    expect((await postForm(ctx, w.personas.teamMember, teamIdOf(w), { templateId, values })).statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

const rows = (query: Record<string, string>, limit = 3) =>
  registerRows(ctx, w.personas.teamMember, { teamId: teamIdOf(w), templateId }, query, limit);

async function saveDefinition(who: Persona, change: (definition: Record<string, unknown>) => Record<string, unknown>) {
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
      definition: change(t.definition),
    },
  });
}

const saveOrder = (who: Persona, order: unknown) =>
  saveDefinition(who, (definition) => ({ ...definition, registerOrder: order }));

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
    const ids = { workspaceId: w.workspaceId, teamId: teamIdOf(w), templateId };
    const options = { state: 'active' as const, sort, direction: 'asc' as const, filter: [] };
    const { scope } = await withStoredSortKeys(tx, registerScope(ids, definition, options), definition, sort, null);
    return scope.sort.where !== undefined;
  });
}

const runJobs = () =>
  runPendingJobs(ctx.database.db, { [registerSortKeysJobKind]: registerSortKeysJobHandler(ctx.database.db) });

type Row = { formId: string; values: Record<string, unknown> };
/** The register's order computed here: the value's key (lower-case text, or a number), then the id. */
function expected(all: Row[], key: (r: Row) => number | string, direction: 'asc' | 'desc'): string[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...all]
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return (x < y ? -1 : 1) * sign;
      return (a.formId < b.formId ? -1 : 1) * sign;
    })
    .map((r) => r.formId);
}
const countKey = (r: Row) => (typeof r.values.count === 'number' ? r.values.count : Number.NEGATIVE_INFINITY);
const titleKey = (r: Row) => String(r.values.title ?? '').toLowerCase();
const safeKey = (r: Row) => String((r.values.safe as { answer?: string } | undefined)?.answer ?? '').toLowerCase();

describe('sort keys of every sortable field (ADR 0015)', () => {
  it('the first sort by a field scans and queues its keying; then it reads the stored keys, same order, both ways', async () => {
    const all = await rows({});
    expect(all).toHaveLength(counts.length);
    const sorts = [
      ['field:count', countKey],
      ['field:title', titleKey],
      ['field:safe', safeKey],
    ] as const;
    for (const [sort, key] of sorts) {
      expect(await readsStoredKeys(sort)).toBe(false);
      const scanned = await rows({ sort, direction: 'asc' });
      expect(scanned.map((r) => r.formId)).toEqual(expected(all, key, 'asc'));
    }
    // One job per field, queued by its first sort (the pages after it found it listed).
    expect(await runJobs()).toBe(sorts.length);
    for (const [sort, key] of sorts) {
      expect(await readsStoredKeys(sort)).toBe(true);
      for (const direction of ['asc', 'desc'] as const) {
        const paged = await rows({ sort, direction });
        expect(paged.map((r) => r.formId)).toEqual(expected(all, key, direction));
      }
    }
    expect(await runJobs()).toBe(0);
    // Fields whose values have no order are not sorted by (400).
    const unsortable = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/templates/${templateId}/register?sort=field:pics`,
      headers: await w.personas.teamMember.headers(),
    });
    expect(unsortable.statusCode).toBe(400);
    const filtered = await rows({ sort: 'field:count', direction: 'asc', filter: 'field:safe:eq:yes' });
    expect(filtered.map((r) => r.values.count)).toEqual([1, 3, 3, 3, 12]);
  });

  it('a page after a cursor is one index condition on the stored keys (key and form id), not a walk from the top', async () => {
    await rows({ sort: 'field:count' });
    await runJobs();
    expect(await readsStoredKeys('field:count')).toBe(true);
    const plan = await inScope(
      ctx.database.db,
      { workspaceId: w.workspaceId, userId: null, isAdmin: false },
      async (tx) => {
        const stored = await tx.execute<{ definition: unknown; current_version: number }>(sql`
        select v.definition, t.current_version from templates t
          join template_versions v on v.workspace_id = t.workspace_id and v.template_id = t.template_id
                                  and v.version = t.current_version
         where t.workspace_id = ${w.workspaceId} and t.template_id = ${templateId}`);
        const row = stored.rows[0] as { definition: unknown; current_version: number };
        const definition = parseDefinition(w.workspaceId, templateId, row.current_version, row.definition);
        const ids = { workspaceId: w.workspaceId, teamId: teamIdOf(w), templateId };
        const options = { state: 'active' as const, sort: 'field:count', direction: 'desc' as const, filter: [] };
        const { scope } = await withStoredSortKeys(
          tx,
          registerScope(ids, definition, options),
          definition,
          options.sort,
          null,
        );
        // A ten-form register would be sorted in memory: make the planner show its index path.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const after = { key: '5', formId: randomUUID() };
        const result = await tx.execute<{ 'QUERY PLAN': string }>(
          sql`explain (costs off) ${registerSelect(scope, after, 51)}`,
        );
        return result.rows.map((r) => r['QUERY PLAN']).join('\n');
      },
    );
    expect(plan).toMatch(/form_sort_keys_number_idx/);
    expect(plan).toMatch(/Index Cond: .*ROW\(num, form_id\) < ROW\(/);
  });

  it('keeps the keys on edit, archive, restore and delete, and for a new form (no job needed)', async () => {
    const created = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId,
      values: { title: 'Aardvark', count: 4 },
    });
    expect(created.statusCode).toBe(201);
    const before = await rows({ sort: 'field:count', direction: 'asc' });
    const first = before[0] as Row;
    const form = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/forms/${first.formId}`,
      headers: await w.personas.teamMember.headers(),
    });
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamIdOf(w)}/forms/${first.formId}`,
      headers: await w.personas.teamMember.headers(),
      payload: { baseVersion: form.json().form.version, values: { ...form.json().form.values, count: 100 } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await rows({ sort: 'field:count', direction: 'asc' }, 4);
    expect(after.map((r) => r.values.count)).toEqual([1, 3, 3, 3, 4, 5, 7, 8, 9, 12, 100]);
    expect((await rows({ sort: 'field:title', direction: 'asc' }))[0]?.values.title).toBe('Aardvark');

    const act = async (action: string, formIds: string[]) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/teams/${teamIdOf(w)}/forms/${action}`,
        headers: await w.personas.teamController.headers(),
        payload: { formIds },
      });
    const newest = created.json().formId as string;
    const archive = await act('archive', [newest]);
    expect(archive.statusCode, archive.body).toBe(200);
    expect((await rows({ sort: 'field:title', direction: 'asc' }))[0]?.values.title).not.toBe('Aardvark');
    const archived = await rows({ sort: 'field:title', direction: 'asc', state: 'archived' });
    expect(archived.map((r) => r.formId)).toEqual([newest]);
    expect((await act('restore', [newest])).statusCode).toBe(200);
    expect((await rows({ sort: 'field:title', direction: 'asc' }))[0]?.formId).toBe(newest);
    expect((await act('delete', [newest])).statusCode).toBe(200);
    const left = await rows({ sort: 'field:title', direction: 'asc' });
    expect(left.map((r) => r.formId)).not.toContain(newest);
    expect(left).toHaveLength(counts.length);
  });

  it('a field the template sorts another way, or adds, scans until the job has keyed it, with the same answer', async () => {
    const all = await rows({});
    await rows({ sort: 'field:notes' });
    expect(await runJobs()).toBe(1);
    expect(await readsStoredKeys('field:notes')).toBe(true);
    // 'notes' becomes a number field (another kind), and a new text field 'code' is added.
    const saved = await saveDefinition(w.personas.teamController, (definition) => ({
      ...definition,
      fields: [
        ...(definition.fields as { id: string }[]).map((f) =>
          f.id === 'notes' ? { id: 'notes', type: 'number', label: 'Notes' } : f,
        ),
        { id: 'code', type: 'singleLineText', label: 'Code' },
      ],
    }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await readsStoredKeys('field:notes')).toBe(false);
    expect(await readsStoredKeys('field:code')).toBe(false);
    expect(await readsStoredKeys('field:count')).toBe(true);
    const scanned = await rows({ sort: 'field:code', direction: 'desc' });
    expect(scanned.map((r) => r.formId)).toEqual(expected(all, () => '', 'desc'));
    const notes = await rows({ sort: 'field:notes', direction: 'asc' });

    expect(await runJobs()).toBe(2);
    expect(await readsStoredKeys('field:code')).toBe(true);
    expect(await readsStoredKeys('field:notes')).toBe(true);
    expect((await rows({ sort: 'field:code', direction: 'desc' })).map((r) => r.formId)).toEqual(
      scanned.map((r) => r.formId),
    );
    expect((await rows({ sort: 'field:notes', direction: 'asc' })).map((r) => r.formId)).toEqual(
      notes.map((r) => r.formId),
    );
    // A removed field: no longer sortable (400), its keys gone with the job.
    expect(
      (
        await saveDefinition(w.personas.teamController, (d) => ({
          ...d,
          fields: (d.fields as { id: string }[]).filter((f) => f.id !== 'code'),
        }))
      ).statusCode,
    ).toBe(200);
    expect(await runJobs()).toBe(1);
    const left = await inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from form_sort_keys where field_id = 'code'`),
    );
    expect(left.rows[0]?.n).toBe(0);
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/templates/${templateId}/register?sort=field:code`,
      headers: await w.personas.teamMember.headers(),
    });
    expect(gone.statusCode).toBe(400);
  });

  it('another workspace sees none of the keys; bad cursors are a 400', async () => {
    const theirs = await inScope(
      ctx.database.db,
      { workspaceId: other.workspaceId, userId: null, isAdmin: false },
      (tx) => tx.execute<{ n: number }>(sql`select count(*)::int as n from form_sort_keys`),
    );
    expect(theirs.rows[0]?.n).toBe(0);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${other.projects[0]?.teams[0]?.teamId}/templates/${templateId}/register?sort=field:count`,
      headers: await other.personas.orgController.headers(),
    });
    expect(res.statusCode).toBe(404);
    const cursor = Buffer.from(JSON.stringify(['field:count', 'not json', randomUUID()])).toString('base64url');
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/templates/${templateId}/register?sort=field:count&cursor=${cursor}`,
      headers: await w.personas.teamMember.headers(),
    });
    expect(bad.statusCode).toBe(400);
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
