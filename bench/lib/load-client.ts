// The virtual users of the load benchmark, run in a worker thread: each creates a form, then
// reads and saves it in turn until the time is up. A failed request does not end a user: it reads
// its form again (a stale save), or creates another (a failed create). Only successful requests
// count as throughput and latency; failures are counted (and a few kept) apart.
import { randomUUID } from 'node:crypto';

export type LoadInput = { url: string; teamId: string; templateId: string; tokens: string[]; seconds: number };
export type LoadResult = { latencies: number[]; errors: number; errorSamples: string[]; elapsed: number };

type Versioned = { version: number };

export async function runLoad(input: LoadInput): Promise<LoadResult> {
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;

  async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T | undefined> {
    const started = performance.now();
    let status = 0;
    let text = '';
    try {
      const response = await fetch(`${input.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      status = response.status;
      text = await response.text();
      if (response.ok) {
        latencies.push(performance.now() - started);
        return JSON.parse(text) as T;
      }
    } catch (error) {
      text = String(error);
    }
    errors++;
    if (errorSamples.length < 5) errorSamples.push(`${method} ${path}: ${status} ${text.slice(0, 200)}`);
    return undefined;
  }

  const deadline = Date.now() + input.seconds * 1000;
  async function virtualUser(token: string, index: number) {
    let formId = '';
    let form: Versioned | undefined;
    for (let round = 0; Date.now() < deadline; round++) {
      const path = `/api/teams/${input.teamId}/forms/${formId}`;
      if (!formId) {
        // No form yet, or the last create failed: create one.
        formId = randomUUID();
        form = await call<Versioned>(token, 'POST', `/api/teams/${input.teamId}/forms`, {
          formId,
          templateId: input.templateId,
          values: { weather: 'Fine', crew: index, notes: '', safe: { answer: 'yes' } },
        });
        if (!form) formId = '';
      } else if (form && round % 2 === 0) {
        form = await call<Versioned>(token, 'PUT', path, {
          baseVersion: form.version,
          values: { weather: `Fine ${round}`, crew: index + round, notes: 'Pour on level 3', safe: { answer: 'yes' } },
        });
      } else {
        // A read; after a failed save or read it brings the form (its version) up to date.
        form = (await call<{ form: Versioned }>(token, 'GET', path))?.form;
      }
    }
  }

  const started = performance.now();
  await Promise.all(input.tokens.map((token, index) => virtualUser(token, index)));
  return { latencies, errors, errorSamples, elapsed: (performance.now() - started) / 1000 };
}
