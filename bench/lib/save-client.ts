// The clients of the save benchmark, run in a worker thread: each saves its own form over its
// base version (or creates new forms) until the time is up.
import { randomUUID } from 'node:crypto';
import { percentile } from './figures.ts';

export type SavePhaseInput = {
  phase: 'save' | 'create';
  formsUrl: string;
  token: string;
  templateId: string;
  /** One form per client, for saves. */
  forms: { formId: string; version: number }[];
  clients: number;
  seconds: number;
};
export type SavePhaseResult = { perSecond: number; count: number; p50: number; p99: number; errors: number };

/** 30 fields: 10 texts, 5 numbers, 5 dates, 5 dropdowns, 5 Yes/No. */
export function formValues(i: number) {
  const v: Record<string, unknown> = {};
  for (let k = 1; k <= 10; k++) v[`text${k}`] = `Saved text ${i} ${k}`;
  for (let k = 1; k <= 5; k++) v[`num${k}`] = (i * k) % 1000;
  for (let k = 1; k <= 5; k++) v[`date${k}`] = `2024-0${1 + (k % 9)}-1${k % 9}`;
  for (let k = 1; k <= 5; k++) v[`dd${k}`] = `opt${1 + ((i + k) % 5)}`;
  for (let k = 1; k <= 5; k++) v[`yn${k}`] = { answer: (i + k) % 2 ? 'yes' : 'no' };
  return v;
}

export async function runSavePhase(input: SavePhaseInput): Promise<SavePhaseResult> {
  const headers = { authorization: `Bearer ${input.token}`, 'content-type': 'application/json' };
  const step = (client: number, i: number) => {
    if (input.phase === 'create') {
      return fetch(input.formsUrl, {
        method: 'POST',
        headers,
        body: JSON.stringify({ formId: randomUUID(), templateId: input.templateId, values: formValues(i) }),
      });
    }
    const form = input.forms[client] as { formId: string; version: number };
    return fetch(`${input.formsUrl}/${form.formId}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ baseVersion: form.version, values: formValues(i) }),
    }).then((res) => {
      if (res.status === 200) form.version++;
      return res;
    });
  };
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + input.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: input.clients }, async (_, client) => {
      for (let i = 0; performance.now() < until; i++) {
        const start = performance.now();
        const res = await step(client, i);
        await res.arrayBuffer();
        if (res.status >= 300) errors++;
        else latencies.push(performance.now() - start);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    perSecond: latencies.length / elapsed,
    count: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}
