// PDF export (issue 6): one form with 4 photos (2,560 x 1,920, the largest stored size), a
// 50-row table and the site-inspection fields, exported to PDF over HTTP by the production server
// (as `npm start` runs it) 30 times after 3 warm-ups (goal p95 < 500 ms). PGlite, or DATABASE_URL
// when set. Prints JSON lines.
import { randomUUID } from 'node:crypto';
import { loadSigningKeys } from '@formwork/server/src/idp/keys.ts';
import { createFormTemplate, createWorkspace } from '@formwork/server/test/factories.ts';
import { pdfDefinition, pdfValuesWith } from '@formwork/server/test/pdf-fixtures.ts';
import sharp from 'sharp';
import { percentile, report } from './lib/figures.ts';
import { prepareServerProcess } from './lib/server-process.ts';

const renders = Number(process.env.BENCH_RENDERS ?? 30);
const warmup = 3;

/** A photo-like JPEG: noise scaled up (smooth areas and detail), as the upload pipeline stores it. */
async function photo(shade: number): Promise<Buffer> {
  const small = await sharp({
    create: {
      width: 160,
      height: 120,
      channels: 3,
      background: 'grey',
      noise: { type: 'gaussian', mean: shade, sigma: 50 },
    },
  })
    .png()
    .toBuffer();
  return sharp(small).resize(2560, 1920, { kernel: 'cubic' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

const server = await prepareServerProcess();
try {
  await loadSigningKeys(server.database.db);
  const w = await createWorkspace(server, { projects: 1, teamsPerProject: 1 });
  const teamId = w.projects[0]?.teams[0]?.teamId as string;
  const { templateId } = await createFormTemplate(server.database.db, w.workspaceId, {
    folderId: teamId,
    definition: pdfDefinition,
    name: 'Site Inspection',
  });
  const headers = await w.personas.teamMember.headers();
  await server.start();
  const upload = async (purpose: 'photo' | 'signature', type: string, bytes: Buffer) => {
    const res = await fetch(`${server.url}/api/companies/${w.companyId}/files?purpose=${purpose}&folderId=${teamId}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': type },
      body: new Uint8Array(bytes),
    });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { fileId: string }).fileId;
  };
  const pics = [];
  for (let i = 0; i < 4; i++) {
    pics.push({ fileId: await upload('photo', 'image/jpeg', await photo(90 + i * 30)), caption: `Photo ${i + 1}` });
  }
  const signature = await upload(
    'signature',
    'image/png',
    await sharp({ create: { width: 300, height: 100, channels: 3, background: 'white' } })
      .png()
      .toBuffer(),
  );
  const values = pdfValuesWith(w, { photos: pics, signature, rows: 50 });
  const created = await fetch(`${server.url}/api/teams/${teamId}/forms`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ formId: randomUUID(), templateId, values }),
  });
  if (created.status !== 201) throw new Error(`form: ${created.status} ${await created.text()}`);
  const formId = ((await created.json()) as { formId: string }).formId;

  const url = `${server.url}/api/teams/${teamId}/forms/${formId}/pdf?timeZone=Australia/Sydney`;
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < warmup + renders; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = new Uint8Array(await res.arrayBuffer());
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`pdf: ${res.status}`);
    bytes = body.length;
    if (i >= warmup) samples.push(ms);
  }
  const driver = process.env.DATABASE_URL ? 'pg' : 'pglite';
  report('pdf.form_with_4_photos.p95', percentile(samples, 95), 'ms', { driver, renders, goal: '< 500' });
  report('pdf.form_with_4_photos.p50', percentile(samples, 50), 'ms', { driver, renders });
  report('pdf.form_with_4_photos.max', Math.max(...samples), 'ms', { driver, renders });
  report('pdf.form_with_4_photos.size', bytes / 1024, 'KiB', { tableRows: 50, photos: 4 });
} finally {
  await server.stop();
}
