// Issue 21: 200 concurrent anonymous submitters through one ongoing submission link for
// BENCH_SECONDS (default 30), on one production server process (as `npm start` runs it). Each asks
// the link's page for a human-check challenge, solves it and submits a form; every fifth accepted
// submission is retried as it was. Reports submissions per second, p50/p95 of the submit call,
// errors (goal 0) and, counted in the database the server leaves, duplicates (forms, link
// submissions or the link's count beyond one per accepted submission; goal 0) and accepted
// submissions missing there (goal 0).
// The public page's limits are raised for the run (LINK_* settings: 200 submitters share one
// address and one link) and the proof of work is made small (ALTCHA_MAX_COUNTER=50): it is the
// submitter's cost, solved in the browser, not the server's. PGlite by default, PostgreSQL with
// DATABASE_URL. Then a CSV of 100 rows is created in bulk (issue 21.4): the time from its start
// until its job is done (goal < 3 s).
import { randomUUID } from 'node:crypto';
import { loadSigningKeys } from '@formwork/server/src/idp/keys.ts';
import { createFormTemplate, createWorkspace } from '@formwork/server/test/factories.ts';
import { percentile, report } from './lib/figures.ts';
import { runInWorker } from './lib/in-worker.ts';
import type { LinkLoadInput, LinkLoadResult } from './lib/link-client.ts';
import { prepareServerProcess } from './lib/server-process.ts';

const submitters = Number(process.env.LOAD_USERS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const driver = process.env.DATABASE_URL ? 'pg' : 'pglite';

const server = await prepareServerProcess(undefined, {
  env: {
    ALTCHA_MAX_COUNTER: '50',
    LINK_CHALLENGES_PER_ADDRESS: '10000000',
    LINK_SUBMITS_PER_ADDRESS: '10000000',
    LINK_SUBMITS_PER_LINK: '10000000',
  },
});
await loadSigningKeys(server.database.db);
const w = await createWorkspace(
  { database: server.database, config: server.config },
  { projects: 1, teamsPerProject: 1 },
);
const teamId = w.projects[0]?.teams[0]?.teamId as string;
const { templateId } = await createFormTemplate(server.database.db, w.workspaceId, {
  folderId: teamId,
  name: 'Gate sign-in',
  definition: {
    fields: [
      { id: 'company', type: 'singleLineText', label: 'Company', required: true },
      { id: 'crew', type: 'number', label: 'Crew on site' },
      { id: 'notes', type: 'multiLineText', label: 'Notes' },
    ],
  },
});
const headers = await w.personas.teamController.headers();

await server.start();
let result: LinkLoadResult | undefined;
let linkId = '';
let bulk: { ms: number; created: number; state: string } | undefined;

/** Issue 21.4: a CSV of 100 rows uploaded, started, and polled until its job has created the forms. */
async function bulkCreation() {
  const rows = Array.from({ length: 100 }, (_, i) => `Subcontractor ${i},${i},Bulk row ${i}`).join('\n');
  const csv = `Company,Crew on site,Notes\n${rows}\n`;
  const base = `${server.url}/api/teams/${teamId}/templates/${templateId}/bulk-forms`;
  const batchId = randomUUID();
  const started = performance.now();
  const made = await fetch(base, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ csv, batchId, create: true }),
  });
  if (made.status !== 202) throw new Error(`the bulk creation did not start: ${made.status} ${await made.text()}`);
  for (;;) {
    const batch = (await (await fetch(`${base}/${batchId}`, { headers })).json()) as { state: string; created: number };
    if (batch.state === 'done' || batch.state === 'failed') {
      return { ms: performance.now() - started, created: batch.created, state: batch.state };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const run = (async () => {
  const made = await fetch(`${server.url}/api/teams/${teamId}/links`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Site gate', kind: 'ongoing', templateIds: [templateId], askSubmitterName: true }),
  });
  if (made.status !== 201) throw new Error(`the link was not made: ${made.status} ${await made.text()}`);
  const link = (await made.json()) as { id: string; token: string };
  linkId = link.id;
  // The load runs in a worker thread, apart from this process's other work.
  result = await runInWorker<LinkLoadInput, LinkLoadResult>(
    new URL('./lib/link-client.ts', import.meta.url),
    'runLinkLoad',
    { url: server.url, token: link.token, templateId, submitters, seconds },
  );
  bulk = await bulkCreation();
})();
const failure = await run.then(
  () => undefined,
  (error: unknown) => error,
);
const counted = await server.stop(async (database) => {
  const { rows } = await database.db.execute<{
    forms: number;
    distinct_forms: number;
    submissions: number;
    count: number;
  }>(
    `select (select count(*)::int from forms where folder_id = '${teamId}' and created_by is null) as forms,
              (select count(distinct form_id)::int from forms where folder_id = '${teamId}' and created_by is null) as distinct_forms,
              (select count(*)::int from link_submissions where link_id = '${linkId}') as submissions,
              (select submission_count from links where link_id = '${linkId}') as count`,
  );
  const ids = await database.db.execute<{ form_id: string }>(
    `select form_id from forms where folder_id = '${teamId}' and created_by is null`,
  );
  return {
    ...(rows[0] as { forms: number; distinct_forms: number; submissions: number; count: number }),
    ids: new Set(ids.rows.map((r) => r.form_id)),
  };
});
if (failure) throw failure;
if (!result || !counted || !bulk) throw new Error('the run did not finish');

const { latencies, accepted, retries, errors, errorSamples, elapsed } = result;
report('links.submissions_per_second', accepted.length / elapsed, 'submissions/s', {
  driver,
  submitters,
  seconds,
  note: 'accepted first submissions (each after its own challenge and proof of work)',
});
report('links.submit.p50', percentile(latencies, 50), 'ms', { driver, note: 'the submit call' });
report('links.submit.p95', percentile(latencies, 95), 'ms', { driver, note: 'the submit call' });
report('links.errors', errors, 'responses', {
  driver,
  total: accepted.length + retries + errors,
  retries,
  goal: '= 0',
  samples: errorSamples,
});
const duplicates =
  Math.max(0, counted.forms - accepted.length) +
  (counted.forms - counted.distinct_forms) +
  Math.max(0, counted.submissions - accepted.length) +
  Math.max(0, counted.count - accepted.length);
report('links.duplicates', duplicates, 'rows', {
  driver,
  accepted: accepted.length,
  forms: counted.forms,
  linkSubmissions: counted.submissions,
  linkCount: counted.count,
  goal: '= 0',
  note: 'forms, link submissions or the link count beyond one per accepted submission, in the database',
});
report('links.missing', accepted.filter((id) => !counted.ids.has(id)).length, 'forms', {
  driver,
  goal: '= 0',
  note: 'accepted submissions whose form is not in the database',
});
report('links.bulk_100_rows', bulk.ms, 'ms', {
  driver,
  created: bulk.created,
  state: bulk.state,
  goal: '< 3000',
  note: 'a 100-row CSV from the start until its job has created the forms (polled every 50 ms)',
});
report('links.bulk_100_rows.created', bulk.created, 'forms', { driver, goal: '= 100' });
