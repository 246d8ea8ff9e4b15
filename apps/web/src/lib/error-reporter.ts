import { errorReportLimits } from '@formwork/shared/error-report-limits';
import type { Breadcrumb, BrowserErrorReport } from '@formwork/shared/schemas/error-reports';

/**
 * The web app's error reporter (issue 25.2, spec 8.1 and 9): window errors, unhandled rejections,
 * chunk-load failures and 'Account not loaded' go to POST /api/error-reports (kept for platform
 * admins, or sent on to SENTRY_DSN by the server), tagged with the HTTP status they carried and
 * whether a chunk failed, with the last 100 breadcrumbs (navigations, clicks, API calls). At most
 * 100 reports wait to be sent; more are dropped. No library: a few hundred bytes on the first screen.
 */

export const errorReportsUrl = '/api/error-reports';

const breadcrumbs: Breadcrumb[] = [];
const queue: BrowserErrorReport[] = [];
let sending = false;
let dropped = 0;
let release: string | undefined;

/** Ids in addresses become `:id`: a breadcrumb says where, not which record. */
function withoutIds(path: string): string {
  return path
    .split('?')[0]
    ?.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
    .replace(/\/\d+(?=\/|$)/g, '/:n') as string;
}

export function addBreadcrumb(category: Breadcrumb['category'], message: string) {
  breadcrumbs.push({
    at: new Date().toISOString(),
    category,
    message: message.slice(0, errorReportLimits.breadcrumbMessageLength),
  });
  if (breadcrumbs.length > errorReportLimits.breadcrumbs) breadcrumbs.shift();
}

/** An API call's breadcrumb: method, path without ids, status (0: no answer). */
export function addApiBreadcrumb(method: string, path: string, status: number) {
  addBreadcrumb('api', `${method} ${withoutIds(path)} ${status}`);
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk [\w-]+ failed/i.test(
    message,
  );
}

type Carried = { status?: unknown; problem?: { requestId?: unknown } };

/** Reports one error. `kind` defaults from the error: a failed call, a chunk that did not load, or any error. */
export function reportError(error: unknown, kind?: BrowserErrorReport['kind']) {
  const carried = (typeof error === 'object' && error !== null ? error : {}) as Carried;
  const status = typeof carried.status === 'number' ? carried.status : undefined;
  const chunkFailure = isChunkLoadError(error);
  const requestId = typeof carried.problem?.requestId === 'string' ? carried.problem.requestId : undefined;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : safeText(error);
  enqueue({
    kind: kind ?? (chunkFailure ? 'chunkLoadFailed' : status !== undefined ? 'httpError' : 'error'),
    message: (message || 'Error').slice(0, errorReportLimits.messageLength),
    ...(error instanceof Error && error.stack ? { stack: error.stack.slice(0, errorReportLimits.stackLength) } : {}),
    ...(status !== undefined ? { status } : {}),
    chunkFailure,
    ...(requestId && /^[A-Za-z0-9._-]{8,64}$/.test(requestId) ? { requestId } : {}),
    url: withoutIds(location.pathname).slice(0, errorReportLimits.urlLength),
    ...(release ? { release } : {}),
    breadcrumbs: [...breadcrumbs],
  });
}

/** Spec 8.1: 'Account not loaded' is reported to the error service. */
export function reportAccountNotLoaded(error?: unknown) {
  reportError(error instanceof Error ? error : new Error('Account not loaded'), 'accountNotLoaded');
}

function safeText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function enqueue(report: BrowserErrorReport) {
  if (queue.length >= errorReportLimits.queuedEvents) {
    dropped++;
    return;
  }
  queue.push(report);
  if (!sending) void drain();
}

async function drain() {
  sending = true;
  for (let report = queue.shift(); report; report = queue.shift()) {
    try {
      const response = await fetch(errorReportsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(report),
        keepalive: true,
      });
      // Refused for the rate (429): the rest would be refused too.
      if (response.status === 429) queue.length = 0;
    } catch {
      // The server is out of reach: the report is lost, the page goes on.
    }
  }
  sending = false;
}

/** What a click was on, in a few words (its label or text), for the breadcrumbs. */
function clickTarget(target: EventTarget | null): string | undefined {
  const element = target instanceof Element ? target.closest('button, a, [role], input, label') : null;
  if (!element) return undefined;
  const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
  return `${element.tagName.toLowerCase()} ${label.trim().replace(/\s+/g, ' ').slice(0, 60)}`.trim();
}

let installed = false;

/** Listens for what is reported (window errors, unhandled rejections) and what makes breadcrumbs. */
export function installErrorReporter(options: { release?: string } = {}) {
  release = options.release;
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, 'error'));
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason;
    reportError(reason, isChunkLoadError(reason) ? 'chunkLoadFailed' : 'unhandledRejection');
  });
  document.addEventListener(
    'click',
    (event) => {
      const target = clickTarget(event.target);
      if (target) addBreadcrumb('click', target);
    },
    { capture: true, passive: true },
  );
}

/** A route change, for the breadcrumbs. */
export function addNavigationBreadcrumb(path: string) {
  addBreadcrumb('navigation', withoutIds(path));
}

/** For tests: what is queued, breadcrumbs and drops. */
export const errorReporterState = {
  breadcrumbs: () => [...breadcrumbs],
  queued: () => queue.length,
  dropped: () => dropped,
  reset() {
    breadcrumbs.length = 0;
    queue.length = 0;
    dropped = 0;
    sending = false;
  },
};
