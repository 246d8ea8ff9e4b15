// Requests per second of /api/server-ping through the full hook chain, against a bare Fastify
// server answering the same text in the same run. Goal: ratio >= 0.9.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { percentile, report } from './lib/figures.ts';
import { startBenchServer } from './lib/server.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = 50;

async function measure(url: string): Promise<number> {
  // The load runs in a worker thread so the server under test has the main thread to itself.
  await autocannon({ url, connections, duration: 1, workers: 1 }); // warm-up
  const result = await autocannon({ url, connections, duration: durationSeconds, workers: 1 });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const bare = Fastify();
bare.get('/api/server-ping', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('pong'));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareAddress = bare.server.address();
const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/api/server-ping`;

const full = await startBenchServer();
// Interleaved rounds, median of each: the machine's own drift hits both sides alike.
const bareRounds: number[] = [];
const fullRounds: number[] = [];
for (let round = 0; round < 3; round++) {
  bareRounds.push(await measure(bareUrl));
  fullRounds.push(await measure(`${full.url}/api/server-ping`));
}
const bareRps = percentile(bareRounds, 50);
const fullRps = percentile(fullRounds, 50);
await bare.close();
await full.close();

report('ping.bare.rps', bareRps, 'req/s', { connections, seconds: durationSeconds });
report('ping.full.rps', fullRps, 'req/s', { connections, seconds: durationSeconds });
report('ping.full_vs_bare.ratio', fullRps / bareRps, 'ratio', { goal: '>= 0.9' });
