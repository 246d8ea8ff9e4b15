// Issue 22.1: template import from documents, on one production server process (as `npm start`
// runs it). A 10-page fillable PDF with 200 fields is uploaded and polled until its draft is ready
// (goal < 3 s, upload to draft). Then a 100MB CSV is streamed up (chunked, never built in this
// process either): the server's peak resident memory above what it held before the upload (goal
// < 64 MB: the body goes to storage chunk by chunk, and the conversion reads only the CSV's first
// megabyte), and how long the upload took. PGlite by default, PostgreSQL with DATABASE_URL.

import { loadSigningKeys } from '@formwork/server/src/idp/keys.ts';
import { createWorkspace } from '@formwork/server/test/factories.ts';
import { manyFieldsPdf } from '@formwork/server/test/import-fixtures.ts';
import { report } from './lib/figures.ts';
import { prepareServerProcess } from './lib/server-process.ts';

const server = await prepareServerProcess();
await loadSigningKeys(server.database.db);
const w = await createWorkspace(
  { database: server.database, config: server.config },
  { projects: 1, teamsPerProject: 1 },
);
const teamId = w.projects[0]?.teams[0]?.teamId as string;
const headers = await w.personas.teamController.headers();
const base = `${server.url}/api/teams/${teamId}/template-imports`;
await server.start();

type Summary = { importId: string; state: string; fieldCount: number | null; error: string | null };

async function uploadFile(fileName: string, body: BodyInit): Promise<Summary> {
  const response = await fetch(`${base}?fileName=${encodeURIComponent(fileName)}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    body,
    duplex: 'half',
  } as RequestInit);
  if (response.status !== 202) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Summary;
}

async function settled(importId: string): Promise<Summary> {
  for (;;) {
    const response = await fetch(`${base}/${importId}`, { headers });
    const item = (await response.json()) as Summary;
    if (item.state === 'ready' || item.state === 'failed') return item;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

try {
  const pdf = await manyFieldsPdf(10, 200);
  // One warm-up: the first import loads the PDF reader into the server.
  await settled((await uploadFile('Warm-up.pdf', new Uint8Array(pdf))).importId);
  const started = performance.now();
  const uploaded = await uploadFile('Plant inspection (200 fields).pdf', new Uint8Array(pdf));
  const done = await settled(uploaded.importId);
  const ms = performance.now() - started;
  if (done.state !== 'ready' || done.fieldCount !== 200) throw new Error(`PDF import: ${JSON.stringify(done)}`);
  report('import.pdf200Fields10Pages.ms', ms, 'ms', { goal: '< 3000', bytes: pdf.length, fields: done.fieldCount });

  const total = 100 * 1024 * 1024 - 1024;
  const chunk = Buffer.from(`${'Plant item,Hours,Service date\n'}${'EX-01,1200,2026-10-01\n'.repeat(2978)}`);
  async function* csvBody() {
    let sent = 0;
    while (sent < total) {
      const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
      sent += part.length;
      yield part;
    }
  }
  const before = server.rssMb();
  server.resetPeak();
  // undici's fetch sends an async iterable as a chunked body (duplex: 'half').
  const uploadStarted = performance.now();
  const big = await uploadFile('Plant register 100MB.csv', csvBody() as unknown as BodyInit);
  const uploadMs = performance.now() - uploadStarted;
  const converted = await settled(big.importId);
  const growth = server.peakRssMb() - before;
  report('import.upload100MB.peakRssGrowth.MB', growth, 'MB', {
    goal: '< 64',
    rssBeforeMb: before,
    uploadMs: Math.round(uploadMs),
    state: converted.state,
  });
} finally {
  await server.stop();
}
