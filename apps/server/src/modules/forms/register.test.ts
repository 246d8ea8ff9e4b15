import { randomUUID } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormTemplate, createWorkspace, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { inspectionDefinition, postForm, type RegisterRow, registerRows } from '../../../test/form-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { unzip } from '../../../test/unzip.ts';
import { localDiskStorage } from '../../files/storage.ts';
import { runPendingJobs, startJobRunner } from '../../jobs/runner.ts';
import { exportJobHandler, exportJobKind } from './exports.service.ts';

let ctx: TestContext;
let w: TestWorkspace;
let templateId: string;
let timelineTemplateId: string;
const total = 23;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 2 });
  ({ templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    definition: inspectionDefinition,
    name: 'Site Inspection',
    formName: 'Inspection',
  }));
  ({ templateId: timelineTemplateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    type: 'timeline',
    definition: { fields: [{ id: 'entry', type: 'multiLineText' }] },
  }));
  for (let i = 0; i < total; i++) {
    const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId,
      values: {
        title: `Check ${String.fromCharCode(65 + (i % 26))}${i}, "quoted"`,
        count: (i * 7) % 10,
        colour: i % 3 === 0 ? 'red' : 'blue',
        safe: { answer: i % 2 ? 'yes' : 'no' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  for (let i = 0; i < 3; i++) {
    await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId: timelineTemplateId,
      values: { entry: `Day ${i}` },
    });
  }
});
afterAll(() => ctx.close());

async function page(query: Record<string, string | string[]>, who = w.personas.teamMember) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const item of ([] as string[]).concat(v)) search.append(k, item);
  return ctx.app.inject({
    method: 'GET',
    url: `/api/teams/${teamIdOf(w)}/templates/${templateId}/register?${search}`,
    headers: await who.headers(),
  });
}

function all(query: Record<string, string | string[]>, limit = 5): Promise<RegisterRow[]> {
  return registerRows(ctx, w.personas.teamMember, { teamId: teamIdOf(w), templateId }, query, limit);
}

describe('GET /api/teams/:teamId/templates/:templateId/register', () => {
  it('pages through every form exactly once (keyset), newest first by default', async () => {
    const rows = await all({});
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.formId)).size).toBe(total);
    const times = rows.map((r) => r.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('sorts by number both ways', async () => {
    const asc = await all({ sort: 'number', direction: 'asc' }, 7);
    expect(asc.map((r) => r.number)).toEqual([...asc.map((r) => r.number)].sort((a, b) => a - b));
    expect(asc).toHaveLength(total);
  });

  it('sorts by a number field and by a text field, ties broken by id, pages complete', async () => {
    const byCount = await all({ sort: 'field:count', direction: 'asc' }, 4);
    expect(byCount).toHaveLength(total);
    const counts = byCount.map((r) => r.values.count as number);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    const byTitle = await all({ sort: 'field:title', direction: 'desc' }, 6);
    const titles = byTitle.map((r) => String(r.values.title).toLowerCase());
    expect(titles).toEqual([...titles].sort().reverse());
  });

  it('filters by field values and metadata (all filters must match)', async () => {
    const red = await all({ filter: 'field:colour:eq:red' });
    expect(red).toHaveLength(Math.ceil(total / 3));
    const big = await all({ filter: ['field:count:gte:5', 'field:safe:eq:yes'] });
    expect(
      big.every((r) => (r.values.count as number) >= 5 && (r.values.safe as { answer: string }).answer === 'yes'),
    ).toBe(true);
    expect(big.length).toBeGreaterThan(0);
    const titled = await all({ filter: 'field:title:contains:b1' });
    expect(titled.map((r) => r.values.title)).toEqual(['Check B1, "quoted"']);
    const numbered = await all({ filter: ['number:lte:3', 'state:eq:active'] });
    expect(numbered.map((r) => r.number).sort()).toEqual([1, 2, 3]);
    const empty = await all({ filter: 'field:notes:notEmpty' });
    expect(empty).toEqual([]);
  });

  it('answers chosen columns only, and lists every column', async () => {
    const res = await page({ columns: 'title,count', limit: '1' });
    expect(Object.keys(res.json().rows[0].values).sort()).toEqual(['count', 'title']);
    const keys = res.json().columns.map((c: { key: string }) => c.key);
    expect(keys).toEqual(expect.arrayContaining(['number', 'updatedAt', 'field:title', 'field:double', 'field:pics']));
  });

  it('refuses bad sorts, filters and cursors with 400', async () => {
    expect((await page({ sort: 'field:nope' })).statusCode).toBe(400);
    expect((await page({ sort: 'field:pics' })).statusCode).toBe(400);
    expect((await page({ filter: 'field:nope:eq:1' })).statusCode).toBe(400);
    expect((await page({ filter: 'number:eq:abc' })).statusCode).toBe(400);
    expect((await page({ filter: 'garbage' })).statusCode).toBe(400);
    expect((await page({ cursor: 'not-a-cursor' })).statusCode).toBe(400);
  });

  it('no role: 403; another workspace: 404; a template not in the team: 404', async () => {
    const sibling = w.projects[0]?.teams[1]?.teamId as string;
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${sibling}/templates/${templateId}/register`,
      headers: await w.personas.orgMember.headers(),
    });
    expect(other.statusCode).toBe(404);
    const forbidden = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${sibling}/templates/${templateId}/register`,
      headers: await w.personas.teamMember.headers(),
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await page({}, w.personas.outsider)).statusCode).toBe(404);
  });
});

describe('GET /api/teams/:teamId/timeline', () => {
  it('is the dated feed of Timeline templates, newest first, paged', async () => {
    const headers = await w.personas.teamMember.headers();
    const first = await ctx.app.inject({ method: 'GET', url: `/api/teams/${teamIdOf(w)}/timeline?limit=2`, headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().forms.map((f: { values: { entry: string } }) => f.values.entry)).toEqual(['Day 2', 'Day 1']);
    const next = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/timeline?limit=2&cursor=${first.json().nextCursor}`,
      headers,
    });
    expect(next.json()).toMatchObject({
      forms: [{ values: { entry: 'Day 0' }, templateType: 'timeline' }],
      nextCursor: null,
    });
    const one = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/timeline?templateId=${templateId}&limit=100`,
      headers,
    });
    expect(one.json().forms).toHaveLength(total);
  });
});

/** The entries of a ZIP archive, read from its central directory. */
describe('register exports (background jobs)', () => {
  const run = () =>
    runPendingJobs(ctx.database.db, {
      [exportJobKind]: exportJobHandler(ctx.database.db, localDiskStorage(path.join(ctx.config.dataDir, 'files'))),
    });

  async function requestExport(body: Record<string, unknown>, who = w.personas.teamMember) {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${teamIdOf(w)}/templates/${templateId}/exports`,
      headers: await who.headers(),
      payload: body,
    });
  }

  async function status(exportId: string) {
    return ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/exports/${exportId}`,
      headers: await w.personas.teamMember.headers(),
    });
  }

  async function download(exportId: string, acceptEncoding?: string) {
    return ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/exports/${exportId}/download`,
      headers: {
        ...(await w.personas.teamMember.headers()),
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });
  }

  it('CSV: queued, runs, Ready to download, content right', async () => {
    const res = await requestExport({
      format: 'csv',
      sort: 'number',
      direction: 'asc',
      filter: ['field:colour:eq:red'],
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json();
    expect(job).toMatchObject({ state: 'queued', downloadUrl: null });
    expect((await download(job.exportId)).statusCode).toBe(409);
    expect(await run()).toBe(1);
    const done = (await status(job.exportId)).json();
    expect(done).toMatchObject({ state: 'ready', stateLabel: 'Ready to download', rowCount: Math.ceil(total / 3) });
    const file = await download(job.exportId);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Site-Inspection-register-/);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Number,Title,State,Created,Updated,Created by,Updated by,Title,Date,Safe?,Colour,Count,Double,Where,Signature,Photos,Notes',
    );
    expect(lines).toHaveLength(1 + Math.ceil(total / 3));
    expect(lines[1]).toContain('"Check A0, ""quoted""",');
    expect(lines[1]).toContain(',No,Red,0,0,');
    expect(lines[1]).toContain('teamMember Persona');
    // Created and Updated: instants in the workspace's zone, as the register shows them.
    const instant = '"[A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M UTC"';
    expect(lines[1]).toMatch(new RegExp(`,Active,${instant},${instant},`));
  });

  it('XLSX: a workbook with the rows', async () => {
    const res = await requestExport({ format: 'xlsx', columns: ['title', 'count'] });
    await run();
    const file = await download(res.json().exportId);
    expect(file.statusCode).toBe(200);
    const entries = new Map([...unzip(file.rawPayload)].map(([name, data]) => [name, data.toString()]));
    expect([...entries.keys()]).toContain('xl/worksheets/sheet1.xml');
    const sheet = entries.get('xl/worksheets/sheet1.xml') as string;
    expect(sheet.match(/<row /g)).toHaveLength(total + 1);
    expect(sheet).toContain('Check A0, &quot;quoted&quot;');
  });

  it('a CSV download leaves compressed for a browser that accepts it; an XLSX (a zip) leaves as it is', async () => {
    const csv = (await requestExport({ format: 'csv' })).json();
    const xlsx = (await requestExport({ format: 'xlsx' })).json();
    await run();
    const plainCsv = await download(csv.exportId);
    const zippedCsv = await download(csv.exportId, 'gzip, deflate, br');
    expect(zippedCsv.statusCode).toBe(200);
    expect(zippedCsv.headers['content-encoding']).toBe('br');
    expect(zippedCsv.headers['content-type']).toContain('text/csv');
    expect(zippedCsv.headers['content-disposition']).toBe(plainCsv.headers['content-disposition']);
    expect(zlib.brotliDecompressSync(zippedCsv.rawPayload).toString('utf8')).toBe(plainCsv.body);
    const workbook = await download(xlsx.exportId, 'gzip, deflate, br');
    expect(workbook.statusCode).toBe(200);
    expect(workbook.headers['content-encoding']).toBeUndefined();
    expect([...unzip(workbook.rawPayload).keys()]).toContain('xl/worksheets/sheet1.xml');
  });

  it('a running job runner starts a queued export at once, not at its next poll', async () => {
    const storage = localDiskStorage(path.join(ctx.config.dataDir, 'files'));
    const runner = startJobRunner({
      db: ctx.database.db,
      handlers: { [exportJobKind]: exportJobHandler(ctx.database.db, storage) },
      log: ctx.app.log,
      // Its next poll is an hour away: only the request waking it gets the export done.
      intervalMs: 60 * 60_000,
    });
    try {
      const { exportId } = (await requestExport({ format: 'csv' })).json();
      // Waits for the export itself, however long it takes here (a slow export is a bench figure);
      // a runner that is not woken never gets there and the test's own timeout ends it.
      let state = (await status(exportId)).json().state;
      while (state === 'queued' || state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        state = (await status(exportId)).json().state;
      }
      expect(state).toBe('ready');
    } finally {
      await runner.stop();
    }
  });

  // The export reads the next batch while it writes one (exports.service.ts): a file read in
  // batches of 4 (23 forms: six batches, the last one short) is the file read in one.
  it('an export read in many batches is the same file as one read in a single batch', async () => {
    const storage = localDiskStorage(path.join(ctx.config.dataDir, 'files'));
    const exportWith = async (batchSize: number) => {
      const { exportId } = (await requestExport({ format: 'csv', sort: 'number', direction: 'desc' })).json();
      await runPendingJobs(ctx.database.db, {
        [exportJobKind]: exportJobHandler(ctx.database.db, storage, { batchSize }),
      });
      expect((await status(exportId)).json()).toMatchObject({ state: 'ready', rowCount: total });
      return (await download(exportId)).body;
    };
    const whole = await exportWith(1000);
    const lines = whole.trim().split('\r\n');
    expect(lines).toHaveLength(1 + total);
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(
      Array.from({ length: total }, (_, i) => total - i),
    );
    expect(lines[1]).toContain('teamMember Persona');
    expect(await exportWith(4)).toBe(whole);
    expect(await exportWith(1)).toBe(whole);
  });

  // A file that fails half-way fails the job; the batch being read ahead meanwhile ends inside the
  // job's transaction, so the next export runs as usual on the same database.
  it('an export whose file fails half-way fails, and the next one is whole', async () => {
    const disk = localDiskStorage(path.join(ctx.config.dataDir, 'files'));
    const failing: typeof disk = {
      ...disk,
      async putStream(_key, source) {
        let chunks = 0;
        for await (const _chunk of source) if (++chunks === 3) throw new Error('disk full');
        return 0;
      },
    };
    const { exportId } = (await requestExport({ format: 'csv' })).json();
    await runPendingJobs(ctx.database.db, {
      [exportJobKind]: exportJobHandler(ctx.database.db, failing, { batchSize: 2 }),
    });
    expect((await status(exportId)).json()).toMatchObject({ state: 'failed' });
    const next = (await requestExport({ format: 'csv' })).json();
    await runPendingJobs(ctx.database.db, {
      [exportJobKind]: exportJobHandler(ctx.database.db, disk, { batchSize: 2 }),
    });
    expect((await status(next.exportId)).json()).toMatchObject({ state: 'ready', rowCount: total });
    expect((await download(next.exportId)).body.trim().split('\r\n')).toHaveLength(1 + total);
  });

  it('a failing export says Processing failed', async () => {
    const res = await requestExport({ format: 'csv' });
    await runPendingJobs(ctx.database.db, {
      [exportJobKind]: async () => {
        throw new Error('disk full');
      },
    });
    expect((await status(res.json().exportId)).json()).toMatchObject({
      state: 'failed',
      stateLabel: 'Processing failed',
    });
  });

  it('exports are checked like the register', async () => {
    expect((await requestExport({ format: 'csv', filter: ['field:nope:eq:1'] })).statusCode).toBe(400);
    expect((await requestExport({ format: 'pdf' })).statusCode).toBe(400);
    expect((await requestExport({ format: 'csv' }, w.personas.outsider)).statusCode).toBe(404);
    expect((await status(randomUUID())).statusCode).toBe(404);
  });
});
