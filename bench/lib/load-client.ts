// The virtual users of the load benchmark, run in a worker thread: each creates a form, then
// reads and saves it in turn until the time is up.
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
    const response = await fetch(`${input.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    latencies.push(performance.now() - started);
    if (!response.ok) {
      errors++;
      if (errorSamples.length < 5) errorSamples.push(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
      return undefined;
    }
    return JSON.parse(text) as T;
  }

  const deadline = Date.now() + input.seconds * 1000;
  async function virtualUser(token: string, index: number) {
    const formId = randomUUID();
    const path = `/api/teams/${input.teamId}/forms/${formId}`;
    let form = await call<Versioned>(token, 'POST', `/api/teams/${input.teamId}/forms`, {
      formId,
      templateId: input.templateId,
      values: { weather: 'Fine', crew: index, notes: '', safe: { answer: 'yes' } },
    });
    for (let round = 1; Date.now() < deadline && form; round++) {
      if (round % 2 === 0) {
        form = await call<Versioned>(token, 'PUT', path, {
          baseVersion: form.version,
          values: { weather: `Fine ${round}`, crew: index + round, notes: 'Pour on level 3', safe: { answer: 'yes' } },
        });
      } else {
        form = (await call<{ form: Versioned }>(token, 'GET', path))?.form ?? form;
      }
    }
  }

  const started = performance.now();
  await Promise.all(input.tokens.map((token, index) => virtualUser(token, index)));
  return { latencies, errors, errorSamples, elapsed: (performance.now() - started) / 1000 };
}
