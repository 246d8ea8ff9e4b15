import type { Problem } from '@formwork/shared/errors';
import { problemContentType } from '@formwork/shared/errors';
import { addApiBreadcrumb } from './error-reporter.ts';
import { buildHeader, noticeServerBuild } from './new-version.ts';

/** Spec 8.1: the statuses the app tells apart; anything else is reported as its own number. */
export const recognisedStatuses = [0, 400, 401, 403, 404, 405, 500] as const;

/** A failed call: status 0 means the request never got an answer (network, firewall). */
export class HttpError extends Error {
  readonly status: number;
  readonly problem: Problem | undefined;
  readonly tag: string;

  constructor(status: number, problem: Problem | undefined, message?: string) {
    super(message ?? problem?.detail ?? problem?.title ?? `HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.problem = problem;
    this.tag = (recognisedStatuses as readonly number[]).includes(status) ? `http-${status}` : 'http-other';
  }

  get code() {
    return this.problem?.code;
  }
}

type TokenSource = () => Promise<string | undefined>;
let tokenSource: TokenSource = async () => undefined;

/** The auth module tells the client where bearer tokens come from. */
export function setTokenSource(source: TokenSource) {
  tokenSource = source;
}

/** Whether a URL is this app's own API (same origin, under /api/): the only place the bearer token goes. */
export function isOwnApiUrl(url: string): boolean {
  try {
    const origin = window.location.origin;
    const target = new URL(url, origin);
    return target.origin === origin && target.pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

/** The authorization header for a request to `url`: the token for this API, nothing for anyone else. */
export async function authorizationFor(url: string): Promise<Record<string, string>> {
  if (!isOwnApiUrl(url)) return {};
  const token = await tokenSource();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** What apiRequest needs of a contract's response schema (a zod schema from @formwork/shared). */
export type ResponseSchema = {
  safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
};

export type RequestOptions = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  anonymous?: boolean;
  /**
   * The contract's response schema. In development and tests every reply is checked against it
   * (a reply that drifted from the contract fails loudly there); production builds skip the check.
   */
  response?: ResponseSchema;
};

const checkReplies = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** Throws when `body` does not match `schema`, naming the call and the first differences. */
export function assertReply(schema: ResponseSchema, body: unknown, call: string) {
  const result = schema.safeParse(body);
  if (result.success) return;
  const issues = (result.error?.issues ?? [])
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(reply)'}: ${issue.message}`);
  throw new Error(`${call}: the reply does not match its contract (${issues.join('; ')})`);
}

/** JSON over fetch with the bearer token; failures become HttpError with the server's problem. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(options.anonymous ? {} : await authorizationFor(path)),
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    addApiBreadcrumb(options.method ?? 'GET', path, 0);
    throw new HttpError(0, undefined, 'Network request failed');
  }
  addApiBreadcrumb(options.method ?? 'GET', path, response.status);
  noticeServerBuild(response.headers.get(buildHeader));
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok) {
    const problem =
      type.includes(problemContentType) || type.includes('json')
        ? ((await response.json().catch(() => undefined)) as Problem | undefined)
        : undefined;
    throw new HttpError(response.status, problem);
  }
  if (response.status === 204) return undefined as T;
  const reply = type.includes('json') ? await response.json() : await response.text();
  if (checkReplies && options.response) assertReply(options.response, reply, `${options.method ?? 'GET'} ${path}`);
  return reply as T;
}

/** Reachability: true when the ping answers at all (spec 7). */
export async function ping(path: string, timeoutMs = 5000): Promise<boolean> {
  try {
    const response = await fetch(path, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Sends raw bytes (an upload) with the bearer token; the answer is JSON. With `onProgress` it goes
 * by XMLHttpRequest, whose upload reports the share of bytes sent (fetch cannot).
 */
export async function apiUpload<T>(
  path: string,
  file: Blob,
  method: 'POST' | 'PUT' = 'POST',
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': file.type || 'application/octet-stream',
    ...(await authorizationFor(path)),
    ...options.headers,
  };
  if (options.onProgress) return uploadWithProgress<T>(path, file, method, headers, options.onProgress, options.signal);
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: file });
  } catch {
    throw new HttpError(0, undefined, 'Network request failed');
  }
  if (!response.ok) {
    const problem = (await response.json().catch(() => undefined)) as Problem | undefined;
    throw new HttpError(response.status, problem);
  }
  return (await response.json()) as T;
}

function uploadWithProgress<T>(
  path: string,
  file: Blob,
  method: string,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
  signal: AbortSignal | undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new HttpError(0, undefined, 'Network request failed'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body as T);
      } else reject(new HttpError(request.status, body as Problem | undefined));
    };
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/** Downloads a protected file (an uploaded image) of this API with the bearer token; any other URL without it. */
export async function apiBlob(path: string): Promise<Blob> {
  const response = await fetch(path, { headers: await authorizationFor(path), credentials: 'same-origin' });
  if (!response.ok) throw new HttpError(response.status, undefined);
  return response.blob();
}
