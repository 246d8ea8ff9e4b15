// Issue 7: 200 concurrent signed-in users on one production server process (as `npm start` runs
// it), each creating a form and then reading and saving it in turn for LOAD_SECONDS (default 60).
// A user whose request fails carries on (reads its form again, or creates another). Reports the
// throughput of successful requests, their p50/p99, and the errors (goal: zero). PGlite by
// default, PostgreSQL with DATABASE_URL.
import { loadSigningKeys } from '@formwork/server/src/idp/keys.ts';
import { accessTokenFor } from '@formwork/server/test/auth.ts';
import { addMember, createFormTemplate, createUser, createWorkspace } from '@formwork/server/test/factories.ts';
import { percentile, report } from './lib/figures.ts';
import { runInWorker } from './lib/in-worker.ts';
import type { LoadInput, LoadResult } from './lib/load-client.ts';
import { prepareServerProcess } from './lib/server-process.ts';

const users = Number(process.env.LOAD_USERS ?? 200);
const seconds = Number(process.env.LOAD_SECONDS ?? 60);

const server = await prepareServerProcess();
const source = { database: server.database, config: server.config };
await loadSigningKeys(server.database.db);
const w = await createWorkspace(source, { projects: 1, teamsPerProject: 1 });
const teamId = w.projects[0]?.teams[0]?.teamId as string;
const { templateId } = await createFormTemplate(server.database.db, w.workspaceId, {
  folderId: teamId,
  type: 'timeline',
  definition: {
    fields: [
      { id: 'weather', type: 'singleLineText', label: 'Weather', required: true },
      { id: 'crew', type: 'number', label: 'Crew on site' },
      { id: 'notes', type: 'multiLineText', label: 'Notes' },
      { id: 'safe', type: 'yesNo', label: 'Site safe' },
    ],
  },
});

const tokens: string[] = [];
for (let i = 0; i < users; i++) {
  const user = await createUser(server.database.db, { firstName: 'Load', lastName: `User ${i}` });
  await addMember(server.database.db, w.workspaceId, user.userId, { folderId: teamId, role: 'member' });
  tokens.push(await accessTokenFor(server.database.db, source.config, user.userId));
}

await server.start();
// The load runs in a worker thread, apart from this process's other work.
const result = await runInWorker<LoadInput, LoadResult>(new URL('./lib/load-client.ts', import.meta.url), 'runLoad', {
  url: server.url,
  teamId,
  templateId,
  tokens,
  seconds,
}).finally(() => server.stop());
const { latencies, errors, errorSamples, elapsed } = result;

const driver = process.env.DATABASE_URL ? 'pg' : 'pglite';
report('load.requests_per_second', latencies.length / elapsed, 'req/s', {
  driver,
  users,
  seconds,
  note: 'successful requests only',
});
report('load.p50', percentile(latencies, 50), 'ms', { driver, note: 'successful requests' });
report('load.p99', percentile(latencies, 99), 'ms', { driver, note: 'successful requests' });
report('load.errors', errors, 'responses', {
  driver,
  total: latencies.length + errors,
  goal: '= 0',
  samples: errorSamples,
});
