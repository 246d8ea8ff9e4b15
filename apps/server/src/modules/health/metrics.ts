import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import { type Int, type Timestamp } from '../../db/sql-values.ts';
import { inScope, systemScope } from '../../db/tenant.ts';
import { maxMailAttempts } from '../../mail/mail.ts';

/**
 * Prometheus metrics (issue 25.4): request latency per route, the database pool, the job queue
 * and the mail outbox, plus Node's own process metrics. Kept only when METRICS_TOKEN is set: a
 * server nobody scrapes does no per-request bookkeeping.
 */
export type Metrics = {
  contentType: string;
  /** The metrics as Prometheus text, the queue and outbox figures read now. */
  render(): Promise<string>;
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  /** Whether a request's Authorization header carries the scrape token. */
  allows(authorization: string | undefined): boolean;
};

/** Latency buckets (seconds) around the spec's targets: most API answers well under 150 ms. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10];

type QueueRow = { state: string; count: Int; oldest: Timestamp | null };
type OutboxRow = { unsent: Int; failed: Int; oldest: Timestamp | null };

const ageSeconds = (oldest: Timestamp | null, now: number) =>
  oldest === null ? 0 : Math.max(0, (now - new Date(oldest).getTime()) / 1000);

export function createMetrics(database: Database, token: string): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const latency = new Histogram({
    name: 'formwork_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: latencyBuckets,
    registers: [registry],
  });

  if (database.poolStats) {
    const poolStats = database.poolStats;
    new Gauge({
      name: 'formwork_db_pool_connections',
      help: 'Connections of the PostgreSQL pool: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  const jobs = gauge(
    registry,
    'formwork_jobs',
    'Background jobs by state (queued: runnable and waiting; running: claimed by a process)',
    ['state'],
  );
  const oldestJob = gauge(
    registry,
    'formwork_jobs_oldest_queued_age_seconds',
    'How long the oldest runnable queued job has waited',
  );
  const outbox = gauge(
    registry,
    'formwork_mail_outbox',
    'Mail not sent: unsent (still to try) and failed (given up after every attempt)',
    ['state'],
  );
  const oldestMail = gauge(
    registry,
    'formwork_mail_outbox_oldest_unsent_age_seconds',
    'How long the oldest mail still to send has waited',
  );

  /** The queue and outbox figures, read once per scrape (two small queries). */
  async function readQueues() {
    const [queue, mail] = await Promise.all([queueRows(database), outboxRow(database)]);
    const now = Date.now();
    const queued = queue.find((r) => r.state === 'queued');
    jobs.set({ state: 'queued' }, Number(queued?.count ?? 0));
    jobs.set({ state: 'running' }, Number(queue.find((r) => r.state === 'running')?.count ?? 0));
    oldestJob.set(ageSeconds(queued?.oldest ?? null, now));
    outbox.set({ state: 'unsent' }, Number(mail.unsent));
    outbox.set({ state: 'failed' }, Number(mail.failed));
    oldestMail.set(ageSeconds(mail.oldest, now));
  }

  const expected = Buffer.from(`Bearer ${token}`);
  return {
    contentType: registry.contentType,
    async render() {
      await readQueues();
      return registry.metrics();
    },
    observeRequest: ({ method, route, status }, seconds) =>
      latency.observe({ method, route, status_code: String(status) }, seconds),
    allows(authorization) {
      const given = Buffer.from(authorization ?? '');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

function gauge(registry: Registry, name: string, help: string, labelNames: string[] = []): Gauge {
  return new Gauge({ name, help, labelNames, registers: [registry] });
}

/** Runnable jobs by state, with the oldest runnable one (the runner's policy reads every workspace's). */
async function queueRows(database: Database): Promise<QueueRow[]> {
  return inScope(database.db, systemScope, async (tx) => {
    const result = await tx.execute<QueueRow>(sql`
      select state, count(*) as count, min(run_after) as oldest from jobs
       where state = 'running' or (state = 'queued' and run_after <= now())
       group by state`);
    return result.rows;
  });
}

async function outboxRow(database: Database): Promise<OutboxRow> {
  return inScope(database.db, systemScope, async (tx) => {
    const result = await tx.execute<OutboxRow>(sql`
      select count(*) filter (where attempts < ${maxMailAttempts}) as unsent,
             count(*) filter (where attempts >= ${maxMailAttempts}) as failed,
             min(created_at) filter (where attempts < ${maxMailAttempts}) as oldest
        from mail_outbox where sent_at is null`);
    return result.rows[0] ?? { unsent: 0, failed: 0, oldest: null };
  });
}
