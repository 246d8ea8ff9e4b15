// Issue 7: 200 concurrent signed-in users on one process, each creating a form and then reading
// and saving it in turn for LOAD_SECONDS (default 60). Reports throughput, p50/p99 and errors
// (goal: zero). PGlite by default, PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { accessTokenFor } from '@formwork/server/test/auth.ts';
import { addMember, createFormTemplate, createUser, createWorkspace } from '@formwork/server/test/factories.ts';
import { percentile, report } from './lib/figures.ts';
import { startBenchServer } from './lib/server.ts';

const users = Number(process.env.LOAD_USERS ?? 200);
const seconds = Number(process.env.LOAD_SECONDS ?? 60);

const server = await startBenchServer();
const source = { database: server.database, config: server.app.deps.config };
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

const latencies: number[] = [];
let errors = 0;
const errorSamples: string[] = [];

async function call(token: string, method: string, path: string, body?: unknown) {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  latencies.push(performance.now() - started);
  if (!response.ok) {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    return undefined;
  }
  return JSON.parse(text) as { version: number } | { form: { version: number } };
}

const deadline = Date.now() + seconds * 1000;
async function virtualUser(token: string, index: number) {
  const formId = randomUUID();
  const path = `/api/teams/${teamId}/forms/${formId}`;
  let form = (await call(token, 'POST', `/api/teams/${teamId}/forms`, {
    formId,
    templateId,
    values: { weather: 'Fine', crew: index, notes: '', safe: { answer: 'yes' } },
  })) as { version: number } | undefined;
  let round = 0;
  while (Date.now() < deadline && form) {
    round++;
    if (round % 2 === 0) {
      form = (await call(token, 'PUT', path, {
        baseVersion: form.version,
        values: {
          weather: `Fine ${round}`,
          crew: index + round,
          notes: 'Pour on level 3',
          safe: { answer: round % 3 === 0 ? 'no' : 'yes' },
        },
      })) as { version: number } | undefined;
    } else {
      const detail = (await call(token, 'GET', path)) as { form: { version: number } } | undefined;
      form = detail?.form ?? form;
    }
  }
}

const started = performance.now();
await Promise.all(tokens.map((token, index) => virtualUser(token, index)));
const elapsed = (performance.now() - started) / 1000;
await server.close();

const driver = process.env.DATABASE_URL ? 'pg' : 'pglite';
report('load.requests_per_second', latencies.length / elapsed, 'req/s', { driver, users, seconds });
report('load.p50', percentile(latencies, 50), 'ms', { driver });
report('load.p99', percentile(latencies, 99), 'ms', { driver });
report('load.errors', errors, 'responses', { driver, total: latencies.length, goal: 0, samples: errorSamples });
