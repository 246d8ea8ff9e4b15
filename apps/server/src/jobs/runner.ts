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

/**
 * Polls for jobs every `intervalMs` (and at once when woken, e.g. right after an enqueue in this
 * process). Any number of processes may run it: claims never overlap. Generic: add a kind by
 * adding its handler.
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
  return {
    wake: tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
