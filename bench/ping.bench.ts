// Requests per second of the production server (as `npm start` runs it, logging at the default
// level) against a bare Fastify server answering the same text, each in a process of its own and
// measured in the same run. Two routes of the real server: /api/server-ping (public: the hook
// chain, no sign-in) with the goal ratio >= 0.9, and a signed-in call (GET /api/folders/:folderId,
// the company folder: the bearer token verified, the user and the workspace resolved, the
// permission checked, one small read), reported against the same bare figure.
import { spawn } from 'node:child_process';
import { loadSigningKeys } from '@formwork/server/src/idp/keys.ts';
import { createWorkspace } from '@formwork/server/test/factories.ts';
import autocannon from 'autocannon';
import { percentile, report } from './lib/figures.ts';
import { freePort } from './lib/server.ts';
import { prepareServerProcess } from './lib/server-process.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = 50;

async function measure(url: string, headers: Record<string, string> = {}): Promise<number> {
  // The load runs in a worker thread, apart from this process's other work.
  await autocannon({ url, headers, connections, duration: 1, workers: 1 }); // warm-up
  const result = await autocannon({ url, headers, connections, duration: durationSeconds, workers: 1 });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  if (result.requests.total === 0) throw new Error(`${url}: no answer within ${durationSeconds} s; run longer`);
  // Answers per second over the whole run (a per-second average reads 0 when answers take > 1 s).
  return result.requests.total / result.duration;
}

/** Bare Fastify answering the same text, in a process of its own as the real server is. */
async function startBare() {
  const port = await freePort();
  const source = `
    import Fastify from 'fastify';
    const app = Fastify();
    app.get('/api/server-ping', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('pong'));
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: import.meta.dirname,
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}/api/server-ping`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bare Fastify exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const server = await prepareServerProcess();
const bare = await startBare();
try {
  await loadSigningKeys(server.database.db);
  const w = await createWorkspace(server, { projects: 1, teamsPerProject: 1 });
  const headers = await w.personas.orgController.headers();
  await server.start();
  const signedInUrl = `${server.url}/api/folders/${w.companyId}`;
  const check = await fetch(signedInUrl, { headers });
  if (check.status !== 200) throw new Error(`${signedInUrl}: ${check.status} ${await check.text()}`);

  // Interleaved rounds, median of each: the machine's own drift hits every side alike.
  const bareRounds: number[] = [];
  const fullRounds: number[] = [];
  const signedInRounds: number[] = [];
  for (let round = 0; round < rounds; round++) {
    bareRounds.push(await measure(bare.url));
    fullRounds.push(await measure(`${server.url}/api/server-ping`));
    signedInRounds.push(await measure(signedInUrl, headers));
  }
  const bareRps = percentile(bareRounds, 50);
  const fullRps = percentile(fullRounds, 50);
  const signedInRps = percentile(signedInRounds, 50);
  const extra = { connections, seconds: durationSeconds, rounds };
  report('ping.bare.rps', bareRps, 'req/s', extra);
  report('ping.full.rps', fullRps, 'req/s', { ...extra, route: 'GET /api/server-ping (public)' });
  report('ping.full_vs_bare.ratio', fullRps / bareRps, 'ratio', { goal: '>= 0.9' });
  report('ping.signedIn.rps', signedInRps, 'req/s', { ...extra, route: 'GET /api/folders/:folderId (signed in)' });
  report('ping.signedIn_vs_bare.ratio', signedInRps / bareRps, 'ratio', {
    note: 'token verified, user and workspace resolved, permission checked, one read',
  });
} finally {
  await bare.stop();
  await server.stop();
}
