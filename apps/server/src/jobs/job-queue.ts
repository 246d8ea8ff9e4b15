import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { type Int, iso, type Json, onlyRow, parseJson, type Timestamp } from '../db/sql-values.ts';
import { inScope, systemScope, type Tx } from '../db/tenant.ts';

/**
 * Background jobs in PostgreSQL (table `jobs`, 0007_forms.sql): enqueued in the caller's
 * transaction, claimed by any API process with FOR UPDATE SKIP LOCKED, run inside the job's own
 * workspace. A claim holds a lease; a job whose runner died is claimed again after the lease,
 * until `maxAttempts`.
 */

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed';

export type Job = {
  workspaceId: string;
  jobId: string;
  kind: string;
  state: JobState;
  folderId: string;
  params: Record<string, unknown>;
  result: Record<string, unknown> | null;
  error: string | null;
  attempts: number;
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export const maxAttempts = 3;
export const leaseSeconds = 300;

/** A row of `jobs`, as the drivers return it. */
type JobRow = {
  workspace_id: string;
  job_id: string;
  kind: string;
  state: JobState;
  folder_id: string;
  params: Json;
  result: Json;
  error: string | null;
  attempts: Int;
  created_by: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
};

function toJob(r: JobRow): Job {
  return {
    workspaceId: r.workspace_id,
    jobId: r.job_id,
    kind: r.kind,
    state: r.state,
    folderId: r.folder_id,
    params: parseJson<Job['params'] | null>(r.params) ?? {},
    result: parseJson<Job['result']>(r.result) ?? null,
    error: r.error,
    attempts: Number(r.attempts),
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    finishedAt: r.finished_at === null ? null : iso(r.finished_at),
  };
}

/**
 * Adds a job in the caller's transaction (it runs only if the request commits), at once or not
 * before `runAfter` (a state change due at a date, e.g. a trial's end). `createdBy` null: queued
 * by the system, not by a person.
 */
export async function enqueueJob(
  tx: Tx,
  job: {
    workspaceId: string;
    jobId: string;
    kind: string;
    folderId: string;
    params: Record<string, unknown>;
    createdBy: string | null;
    runAfter?: Date;
    /** The job's progress before it starts (setJobProgress), read by `findJob` without the params. */
    progress?: Record<string, unknown>;
  },
): Promise<Job> {
  const runAfter = job.runAfter?.toISOString() ?? null;
  const progress = job.progress ? JSON.stringify(job.progress) : null;
  const result = await tx.execute<JobRow>(sql`
    insert into jobs (workspace_id, job_id, kind, folder_id, params, created_by, run_after, result)
    values (${job.workspaceId}, ${job.jobId}, ${job.kind}, ${job.folderId}, ${JSON.stringify(job.params)}::jsonb,
            ${job.createdBy}, coalesce(${runAfter}::timestamptz, now()), ${progress}::jsonb)
    returning *`);
  return toJob(onlyRow(result.rows, 'insert into jobs'));
}

/**
 * A job of the workspace by id (tenant scope). `withoutParams`: its params are left out (answered
 * as {}), for a status polled often whose params are large (a bulk invite's 5,000 rows).
 */
export async function findJob(
  tx: Tx,
  workspaceId: string,
  jobId: string,
  kind: string,
  options: { withoutParams?: boolean } = {},
): Promise<Job | undefined> {
  const result = await tx.execute<JobRow>(sql`
    select workspace_id, job_id, kind, state, folder_id, result, error, attempts, created_by, created_at,
           finished_at, ${options.withoutParams ? sql`null::jsonb` : sql`params`} as params
      from jobs where workspace_id = ${workspaceId} and job_id = ${jobId} and kind = ${kind}`);
  const r = result.rows[0];
  return r ? toJob(r) : undefined;
}

/** Claims the next runnable job of the given kinds, outside any workspace (runner policy). */
export async function claimJob(db: AppDb, kinds: readonly string[]): Promise<Job | undefined> {
  if (kinds.length === 0) return undefined;
  return inScope(db, systemScope, async (tx) => {
    // Jobs whose every attempt died with its runner are failed for good.
    await tx.execute(sql`
      update jobs set state = 'failed', error = 'The job stopped responding', finished_at = now()
       where state = 'running' and lease_until < now() and attempts >= ${maxAttempts}`);
    const result = await tx.execute<JobRow>(sql`
      update jobs set state = 'running', attempts = attempts + 1, started_at = now(),
                      lease_until = now() + make_interval(secs => ${leaseSeconds})
       where (workspace_id, job_id) = (
         select workspace_id, job_id from jobs
          where kind = any(${`{${kinds.join(',')}}`}::text[])
            and ((state = 'queued' and run_after <= now())
                 or (state = 'running' and lease_until < now() and attempts < ${maxAttempts}))
          order by run_after
          limit 1
          for update skip locked)
      returning *`);
    const r = result.rows[0];
    return r ? toJob(r) : undefined;
  });
}

/**
 * Records how far a job has come, in the transaction of the work it measures (committed together:
 * a job claimed again after its runner died goes on from there). Stored as the job's result until
 * the job finishes and `finishJob` writes the final one.
 */
export async function setJobProgress(
  tx: Tx,
  job: Pick<Job, 'workspaceId' | 'jobId'>,
  progress: Record<string, unknown>,
) {
  await tx.execute(sql`
    update jobs set result = ${JSON.stringify(progress)}::jsonb
     where workspace_id = ${job.workspaceId} and job_id = ${job.jobId}`);
}

export async function finishJob(
  db: AppDb,
  job: Job,
  outcome: { ok: true; result: Record<string, unknown> } | { ok: false; error: string },
): Promise<void> {
  await inScope(db, systemScope, async (tx) => {
    await tx.execute(sql`
      update jobs set state = ${outcome.ok ? 'succeeded' : 'failed'},
                      -- A failed job keeps the progress it recorded (setJobProgress): how far it came.
                      result = ${outcome.ok ? sql`${JSON.stringify(outcome.result)}::jsonb` : sql`result`},
                      error = ${outcome.ok ? null : outcome.error.slice(0, 2000)},
                      finished_at = now(), lease_until = null
       where workspace_id = ${job.workspaceId} and job_id = ${job.jobId}`);
  });
}
