// The company folder tree of a large workspace: 2,000 project folders of 10 teams each, fetched
// over HTTP as an org controller from the production server (as `npm start` runs it). Goals (issue
// 4): p95 < 100 ms on PGlite, < 30 ms on PostgreSQL, both for the kept tree and for the first call
// after a change to the folders (the tree built again: what a user meets after each change).
// PGlite always; PostgreSQL too when DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { loadSigningKeys } from '@formwork/server/src/idp/keys.ts';
import { accessTokenFor } from '@formwork/server/test/auth.ts';
import { percentile, report } from './lib/figures.ts';
import { runInWorker } from './lib/in-worker.ts';
import { benchWorkspaceSql, inWorkspace } from './lib/in-workspace.ts';
import { prepareServerProcess } from './lib/server-process.ts';
import type { TimedGetsInput, TimedGetsResult } from './lib/timed-gets.ts';

const projects = Number(process.env.BENCH_PROJECTS ?? 2000);
const teamsPerProject = Number(process.env.BENCH_TEAMS ?? 10);
const calls = Number(process.env.BENCH_CALLS ?? 50);
const changes = Number(process.env.BENCH_CHANGES ?? 12);
const warmup = 5;

type Server = Awaited<ReturnType<typeof prepareServerProcess>>;

/** One workspace, its folders (set-based), and an org controller; returns ids and a cleanup. */
async function seed(server: Server) {
  const workspaceId = randomUUID();
  const userId = randomUUID();
  const w = `'${workspaceId}'`;
  await server.database.execScript(
    inWorkspace(
      workspaceId,
      benchWorkspaceSql({
        workspaceId,
        name: 'Bench Co',
        controller: { userId, email: `bench-${userId}@example.com` },
        projects,
        teamsPerProject,
      }),
    ),
  );
  await server.database.execScript('analyze folders;');
  const cleanup = () =>
    server.database.execScript(
      inWorkspace(
        workspaceId,
        `delete from memberships where workspace_id = ${w};
         delete from workspace_users where workspace_id = ${w};
         delete from audit_events where workspace_id = ${w};
         delete from folders where workspace_id = ${w} and kind = 'team';
         delete from folders where workspace_id = ${w} and kind = 'project';
         delete from folders where workspace_id = ${w};
         delete from workspaces where workspace_id = ${w};
         delete from users where user_id = '${userId}';`,
      ),
    );
  return { workspaceId, userId, cleanup };
}

async function run(driver: 'pglite' | 'pg', databaseUrl: string | null) {
  const server = await prepareServerProcess(databaseUrl);
  try {
    const seedStart = performance.now();
    const { workspaceId, userId, cleanup } = await seed(server);
    const seedMs = performance.now() - seedStart;
    await loadSigningKeys(server.database.db);
    const token = await accessTokenFor(server.database.db, server.config, userId);
    await server.start();
    const url = `${server.url}/api/companies/${workspaceId}/folders?state=active`;
    // The client runs in a worker thread: reading 1.9 MB replies does not steal the server's thread.
    const { samples, bytes } = await runInWorker<TimedGetsInput, TimedGetsResult>(
      new URL('./lib/timed-gets.ts', import.meta.url),
      'timedGets',
      { url, token, warmup, calls },
    );
    const extra = { driver, projects, teamsPerProject, calls, bytes };
    const goal = driver === 'pglite' ? '< 100' : '< 30';
    report(`folders.tree.${driver}.p50`, percentile(samples, 50), 'ms', extra);
    report(`folders.tree.${driver}.p95`, percentile(samples, 95), 'ms', { ...extra, goal });
    report(`folders.seed.${driver}`, seedMs, 'ms', { folders: projects * (teamsPerProject + 1) });

    // The calls above after the first are answered from the kept tree. Each change to the folders
    // makes the next call build it again: a rename, then one timed call, a few times.
    const headers = { authorization: `Bearer ${token}` };
    const first = ((await (await fetch(url, { headers })).json()) as { projects: { folderId: string }[] }).projects[0];
    const rebuilt: number[] = [];
    for (let i = 0; i < 2 + changes; i++) {
      const rename = await fetch(`${server.url}/api/projects/${first?.folderId}`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Project 00001 ${i % 2 ? 'B' : 'A'}` }),
      });
      if (rename.status !== 200) throw new Error(`rename: ${rename.status}`);
      const start = performance.now();
      await (await fetch(url, { headers })).text();
      if (i >= 2) rebuilt.push(performance.now() - start);
    }
    report(`folders.tree.afterChange.${driver}.p95`, percentile(rebuilt, 95), 'ms', {
      driver,
      calls: rebuilt.length,
      note: 'first call after a folder change: the tree is built again',
      goal,
    });
    if (driver === 'pg') await cleanup();
  } finally {
    await server.stop();
  }
}

await run('pglite', null);
if (process.env.DATABASE_URL) await run('pg', process.env.DATABASE_URL);
