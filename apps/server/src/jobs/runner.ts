import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../db/client.ts';
import { claimJob, finishJob, type Job } from './job-queue.ts';

/** Runs one kind of job; answers the result stored on the job (e.g. the file it wrote). */
export type JobHandler = (job: Job) => Promise<Record<string, unknown>>;
export type JobHandlers = Record<string, JobHandler>;

/** Runs claimable jobs one after another until none is left; answers how many ran. */
export async function runPendingJobs(db: AppDb, handlers: JobHandlers, log?: FastifyBaseLogger): Promise<number> {
  const kinds = Object.keys(handlers);
  let ran = 0;
  for (;;) {
    const job = await claimJob(db, kinds);
    if (!job) return ran;
    ran++;
    try {
      const result = await (handlers[job.kind] as JobHandler)(job);
      await finishJob(db, job, { ok: true, result });
    } catch (error) {
      log?.error({ err: error, jobId: job.jobId, kind: job.kind }, 'job failed');
      await finishJob(db, job, { ok: false, error: (error as Error).message ?? 'failed' });
    }
  }
}

/** The runners of this process, by database: a queued job wakes them instead of waiting a poll. */
const runnersByDb = new WeakMap<AppDb, Set<() => void>>();

/** Wakes this process's job runners on `db`; call once the transaction that queued a job committed. */
export function jobQueued(db: AppDb): void {
  for (const wake of runnersByDb.get(db) ?? []) wake();
}

/**
 * Polls for jobs every `intervalMs`, and at once when `jobQueued` says a job was queued in this
 * process. Any number of processes may run it: claims never overlap. Generic: add a kind by adding
 * its handler.
 */
export function startJobRunner(options: {
  db: AppDb;
  handlers: JobHandlers;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runPendingJobs(options.db, options.handlers, options.log)
      .catch((error) => options.log.error({ err: error }, 'job runner failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? 1000);
  timer.unref();
  const runners = runnersByDb.get(options.db) ?? new Set();
  runnersByDb.set(options.db, runners.add(tick));
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      runners.delete(tick);
      await running;
    },
  };
}
