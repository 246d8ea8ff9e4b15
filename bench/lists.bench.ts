// Issue 18: a list of 50,000 items with 10 properties, served by the production server (as
// `npm start` runs it). The CSV import of the whole list (goal < 5 s), then the item search a
// typeahead of a form's list field asks for (GET /api/teams/:teamId/templates/:templateId/versions/
// :version/list-fields/:fieldId/items, the list field of a team template reading the project's list:
// 20 items whose label contains the typed characters; p95 goal < 30 ms on PostgreSQL). PGlite, then PostgreSQL (BENCH_DRIVER picks; a throwaway cluster unless
// DATABASE_URL is set).
import { randomUUID } from 'node:crypto';
import { loadSigningKeys } from '@formwork/server/src/idp/keys.ts';
import { accessTokenFor } from '@formwork/server/test/auth.ts';
import { percentile, report } from './lib/figures.ts';
import { runInWorker } from './lib/in-worker.ts';
import { benchWorkspaceSql, inWorkspace } from './lib/in-workspace.ts';
import { onEachDriver } from './lib/postgres.ts';
import { prepareServerProcess, processCpuMs } from './lib/server-process.ts';
import type { TimedGetsInput, TimedGetsResult } from './lib/timed-gets.ts';

const items = Number(process.env.BENCH_LIST_ITEMS ?? 50_000);
const properties = Number(process.env.BENCH_LIST_PROPERTIES ?? 10);
const calls = Number(process.env.BENCH_CALLS ?? 40);
const warmup = 5;

type Server = Awaited<ReturnType<typeof prepareServerProcess>>;

async function seed(server: Server) {
  const workspaceId = randomUUID();
  const userId = randomUUID();
  const projectId = randomUUID();
  // The team whose forms read the list.
  const teamId = randomUUID();
  const w = `'${workspaceId}'`;
  await server.database.execScript(
    inWorkspace(
      workspaceId,
      `${benchWorkspaceSql({
        workspaceId,
        name: 'Lists Co',
        controller: { userId, email: `bench-${userId}@example.com` },
      })}
      insert into folders (workspace_id, folder_id, kind, parent_id, name)
        values (${w}, '${projectId}', 'project', ${w}, 'Project'), (${w}, '${teamId}', 'team', '${projectId}', 'Team');`,
    ),
  );
  return { workspaceId, userId, projectId, teamId };
}

/** The CSV: Plant, Colour, then Text, Number, Date, Date with expiry and Colour properties in turn. */
function listCsv(): string {
  const types = ['Text', 'Number', 'Date', 'Date with expiry', 'Colour'];
  const header = ['Plant', 'Colour', ...Array.from({ length: properties }, (_, p) => `P${p} [${types[p % 5]}]`)];
  const value = (p: number, i: number) => {
    switch (p % 5) {
      case 0:
        return `Value ${i % 997}`;
      case 1:
        return String((i * 7) % 10_000);
      case 2:
      case 3:
        return `2027-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
      default:
        return `#${(i % 0xffffff).toString(16).padStart(6, '0')}`;
    }
  };
  const rows = Array.from({ length: items }, (_, i) =>
    [`Plant ${String(i).padStart(6, '0')} ${['excavator', 'crane', 'roller', 'tipper'][i % 4]}`, i % 3 ? '' : '#1e88e5']
      .concat(Array.from({ length: properties }, (_, p) => value(p, i)))
      .join(','),
  );
  return [header.join(','), ...rows].join('\r\n');
}

async function run(driver: 'pglite' | 'pg', databaseUrl: string | null) {
  const server = await prepareServerProcess(databaseUrl);
  try {
    const { workspaceId, userId, projectId, teamId } = await seed(server);
    await loadSigningKeys(server.database.db);
    const token = await accessTokenFor(server.database.db, server.config, userId);
    await server.start();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // The project's own list (a team template of the project may read it).
    const created = await fetch(`${server.url}/api/projects/${projectId}/lists`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Plant' }),
    });
    const listId = ((await created.json()) as { id: string }).id;
    const listUrl = `${server.url}/api/companies/${workspaceId}/lists/${listId}`;

    const csv = listCsv();
    const rssBefore = server.rssMb();
    server.resetPeak();
    const start = performance.now();
    const imported = await fetch(`${listUrl}/import`, { method: 'POST', headers, body: JSON.stringify({ csv }) });
    const importMs = performance.now() - start;
    const detail = (await imported.json()) as { itemCount: number };
    if (imported.status !== 200 || detail.itemCount !== items) {
      throw new Error(`import: ${imported.status} ${JSON.stringify(detail).slice(0, 300)}`);
    }
    report(`lists.import.${driver}`, importMs, 'ms', {
      driver,
      items,
      properties,
      bytes: csv.length,
      goal: '< 5000',
    });
    report(`lists.import.${driver}.peakRss`, server.peakRssMb(), 'MB', {
      driver,
      before: rssBefore,
      note: 'the server while it reads, compares and writes the file: bounded by the list, not the machine',
    });

    // A team template whose list field reads the list: the typeahead names that field.
    const template = await fetch(`${server.url}/api/teams/${teamId}/templates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Plant check',
        templateCode: 'PLANT-1',
        formName: 'Check',
        type: 'register',
        definition: { fields: [{ id: 'plant', type: 'list', label: 'Plant', listId }] },
      }),
    });
    const { templateId, currentVersion } = (await template.json()) as { templateId: string; currentVersion: number };
    if (template.status !== 201) throw new Error(`template: ${template.status}`);
    const field = `${server.url}/api/teams/${teamId}/templates/${templateId}/versions/${currentVersion}/list-fields/plant`;
    // The CPU time a typeahead costs the server and the database (every backend on PostgreSQL):
    // figures that follow the code more than the machine's load, which the p95 does not.
    const databaseCpuMs = async () => {
      if (driver !== 'pg') return 0;
      const { rows } = await server.database.db.execute<{ pid: number }>('select pid from pg_stat_activity');
      return rows.reduce((sum, row) => sum + processCpuMs(Number(row.pid)), 0);
    };

    // The typeahead of a form's list field: two typed characters (12,500 matches, counted up to
    // 1,000), and a rare label (one match); the first 20 matches in the list's order.
    for (const [name, search] of [
      ['twoLetters', 'cr'],
      ['rare', '012345'],
    ] as const) {
      const before = { server: server.cpuMs(), database: await databaseCpuMs() };
      const { samples, bytes } = await runInWorker<TimedGetsInput, TimedGetsResult>(
        new URL('./lib/timed-gets.ts', import.meta.url),
        'timedGets',
        {
          url: `${field}/items?limit=20&search=${search}`,
          token,
          warmup,
          calls,
        },
      );
      report(`lists.typeahead.${name}.${driver}.p95`, percentile(samples, 95), 'ms', {
        driver,
        items,
        calls,
        bytes,
        ...(driver === 'pg' ? { goal: '< 30' } : {}),
      });
      const perCall = (ms: number) => Number((ms / (warmup + calls)).toFixed(3));
      report(`lists.typeahead.${name}.${driver}.serverCpu`, perCall(server.cpuMs() - before.server), 'ms', {
        driver,
        note: 'per typeahead, the server process',
      });
      if (driver === 'pg') {
        report(
          `lists.typeahead.${name}.${driver}.databaseCpu`,
          perCall((await databaseCpuMs()) - before.database),
          'ms',
          {
            driver,
            note: 'per typeahead, the PostgreSQL backends (parallel workers that have exited are not counted)',
          },
        );
      }
    }
  } finally {
    await server.stop();
  }
}

await onEachDriver(run);
