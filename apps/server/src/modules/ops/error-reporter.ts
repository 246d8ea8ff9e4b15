import { createHash, randomUUID } from 'node:crypto';
import { errorReportLimits } from '@formwork/shared/error-report-limits';
import type { Breadcrumb, ErrorReportKind } from '@formwork/shared/schemas/error-reports';

/** One error to report (issue 25.2): from the server or a browser, tagged with status and chunk failure. */
export type ErrorEvent = {
  source: 'server' | 'browser';
  kind: ErrorReportKind;
  status: number | null;
  chunkFailure: boolean;
  message: string;
  stack: string | null;
  requestId: string | null;
  url: string | null;
  release: string | null;
  userId: string | null;
  breadcrumbs: Breadcrumb[];
};

/** Where reports go: the local table (no DSN) or a Sentry-compatible service. */
export type ErrorSink = {
  name: 'local' | 'sentry';
  send(event: ErrorEvent & { fingerprint: string }): Promise<void>;
};

export type ErrorReporter = {
  /** Queues the event (at most 100 wait; more are dropped and counted) and answers at once. */
  capture(event: ErrorEvent): void;
  /** Resolves once every queued event was sent (or failed to be). */
  flush(): Promise<void>;
  /** Events dropped because the queue was full. */
  readonly dropped: number;
};

type Log = { warn(object: object, message: string): void };

/**
 * Sends events one after another from a queue of at most `errorReportLimits.queuedEvents`: a
 * report never holds up the request or page that failed, and a burst of errors (a database away)
 * cannot grow memory without bound.
 */
export function createErrorReporter(sink: ErrorSink, log?: Log): ErrorReporter {
  const queue: ErrorEvent[] = [];
  let dropped = 0;
  let draining: Promise<void> | undefined;
  const drain = async () => {
    for (let event = queue.shift(); event; event = queue.shift()) {
      try {
        await sink.send({ ...event, fingerprint: fingerprintOf(event) });
      } catch (error) {
        log?.warn({ err: error, sink: sink.name }, 'error report not sent');
      }
    }
    draining = undefined;
  };
  return {
    capture(event) {
      if (queue.length >= errorReportLimits.queuedEvents) {
        dropped++;
        return;
      }
      queue.push(limited(event));
      draining ??= drain();
    },
    flush: async () => {
      while (draining) await draining;
    },
    get dropped() {
      return dropped;
    },
  };
}

function limited(event: ErrorEvent): ErrorEvent {
  return {
    ...event,
    message: event.message.slice(0, errorReportLimits.messageLength) || 'Error',
    stack: event.stack?.slice(0, errorReportLimits.stackLength) ?? null,
    url: event.url?.slice(0, errorReportLimits.urlLength) ?? null,
    breadcrumbs: event.breadcrumbs.slice(-errorReportLimits.breadcrumbs),
  };
}

/**
 * The same error gives the same fingerprint: source, kind, status, the message with its ids and
 * numbers taken out, and the first stack frame without its line and column.
 */
export function fingerprintOf(event: Pick<ErrorEvent, 'source' | 'kind' | 'status' | 'message' | 'stack'>): string {
  const message = event.message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\d+/g, '<n>');
  const frame = (event.stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('at ') || line.includes('@'));
  const place = frame?.replace(/:\d+(:\d+)?\)?$/, '').replace(/\?[^\s)]*/, '') ?? '';
  return createHash('sha256')
    .update([event.source, event.kind, event.status ?? '', message, place].join('\n'))
    .digest('hex')
    .slice(0, 32);
}

/** The last `errorReportLimits.breadcrumbs` things that happened, oldest first. */
export class Breadcrumbs {
  readonly #items: Breadcrumb[] = [];

  add(category: Breadcrumb['category'], message: string) {
    this.#items.push({
      at: new Date().toISOString(),
      category,
      message: message.slice(0, errorReportLimits.breadcrumbMessageLength),
    });
    if (this.#items.length > errorReportLimits.breadcrumbs) this.#items.shift();
  }

  list(): Breadcrumb[] {
    return [...this.#items];
  }
}

/**
 * A Sentry-compatible service (SENTRY_DSN): each event as an envelope POSTed to
 * `{scheme}://{host}{/path}/api/{projectId}/envelope/` with the DSN's public key.
 */
export function sentrySink(dsn: string, options: { environment: string; fetch?: typeof fetch }): ErrorSink {
  const parsed = parseDsn(dsn);
  const post = options.fetch ?? fetch;
  return {
    name: 'sentry',
    async send(event) {
      const eventId = randomUUID().replaceAll('-', '');
      const sentAt = new Date().toISOString();
      const payload = {
        event_id: eventId,
        timestamp: Date.now() / 1000,
        platform: event.source === 'server' ? 'node' : 'javascript',
        level: 'error',
        logger: `formwork.${event.source}`,
        environment: options.environment,
        ...(event.release ? { release: event.release } : {}),
        fingerprint: [event.fingerprint],
        exception: { values: [{ type: event.kind, value: event.message }] },
        ...(event.stack ? { extra: { stack: event.stack } } : {}),
        tags: {
          source: event.source,
          status: event.status === null ? 'none' : String(event.status),
          chunk_failure: String(event.chunkFailure),
          ...(event.requestId ? { request_id: event.requestId } : {}),
        },
        ...(event.url ? { request: { url: event.url } } : {}),
        ...(event.userId ? { user: { id: event.userId } } : {}),
        breadcrumbs: {
          values: event.breadcrumbs.map((b) => ({
            timestamp: Date.parse(b.at) / 1000,
            category: b.category,
            message: b.message,
          })),
        },
      };
      const body = [
        JSON.stringify({ event_id: eventId, sent_at: sentAt, dsn }),
        JSON.stringify({ type: 'event' }),
        JSON.stringify(payload),
      ].join('\n');
      const response = await post(parsed.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-sentry-envelope',
          'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${parsed.publicKey}, sentry_client=formwork/1`,
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`The error service answered ${response.status}`);
    },
  };
}

/** `https://<public key>@<host>[:port][/path]/<project id>` -> its envelope endpoint and key. */
export function parseDsn(dsn: string): { endpoint: string; publicKey: string } {
  const url = new URL(dsn);
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!url.username || !projectId || !/^\d+$/.test(projectId)) {
    throw new Error('SENTRY_DSN must look like https://<public key>@<host>/<project id>');
  }
  const path = segments.length > 0 ? `/${segments.join('/')}` : '';
  return { endpoint: `${url.protocol}//${url.host}${path}/api/${projectId}/envelope/`, publicKey: url.username };
}

/**
 * At most `limit` calls per address in a sliding minute, in this process (the browser's reports;
 * each process counts its own). Remembers at most 10,000 addresses.
 */
export function perAddressLimit(limit: number, windowMs = 60_000) {
  const calls = new Map<string, number[]>();
  return (address: string, now = Date.now()): boolean => {
    const recent = (calls.get(address) ?? []).filter((at) => at > now - windowMs);
    if (recent.length >= limit) {
      calls.set(address, recent);
      return false;
    }
    recent.push(now);
    calls.delete(address);
    if (calls.size >= 10_000) calls.delete(calls.keys().next().value as string);
    calls.set(address, recent);
    return true;
  };
}
