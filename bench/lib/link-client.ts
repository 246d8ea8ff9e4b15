// The anonymous submitters of the links benchmark, run in a worker thread: each asks the link's
// page for a human-check challenge, solves it, and submits a form, until the time is up. Every
// fifth accepted submission is sent again as it was (a lost answer retried): it must answer the same
// form (200, created: false), never a second one. Only first submissions count as throughput and
// latency; every answer that is not the expected one is an error, and a few are kept.
import { randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export type LinkLoadInput = { url: string; token: string; templateId: string; submitters: number; seconds: number };
export type LinkLoadResult = {
  latencies: number[];
  accepted: string[];
  retries: number;
  errors: number;
  errorSamples: string[];
  elapsed: number;
};

export async function runLinkLoad(input: LinkLoadInput): Promise<LinkLoadResult> {
  const latencies: number[] = [];
  const accepted: string[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let retries = 0;
  const base = `${input.url}/api/public/links/${input.token}`;

  function failed(what: string) {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(what.slice(0, 300));
  }

  async function humanCheck(): Promise<string | undefined> {
    const response = await fetch(`${base}/challenge`);
    if (!response.ok) {
      failed(`challenge: ${response.status} ${await response.text()}`);
      return undefined;
    }
    const challenge = await response.json();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  async function post(body: unknown) {
    const response = await fetch(`${base}/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as { formId?: string; created?: boolean } };
  }

  const deadline = Date.now() + input.seconds * 1000;
  async function submitter(index: number) {
    for (let round = 0; Date.now() < deadline; round++) {
      try {
        const check = await humanCheck();
        if (!check) continue;
        const body = {
          formId: randomUUID(),
          templateId: input.templateId,
          values: { company: `Subcontractor ${index}`, crew: round, notes: 'Signed in at the gate' },
          submitterName: `Submitter ${index}`,
          humanCheck: check,
        };
        const started = performance.now();
        const first = await post(body);
        if (first.status !== 201 || first.json.formId !== body.formId || first.json.created !== true) {
          failed(`submit: ${first.status} ${JSON.stringify(first.json)}`);
          continue;
        }
        latencies.push(performance.now() - started);
        accepted.push(body.formId);
        if (round % 5 === 0) {
          retries++;
          const again = await post(body);
          if (again.status !== 200 || again.json.formId !== body.formId || again.json.created !== false) {
            failed(`retried submit: ${again.status} ${JSON.stringify(again.json)}`);
          }
        }
      } catch (error) {
        failed(String(error));
      }
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: input.submitters }, (_, index) => submitter(index)));
  return { latencies, accepted, retries, errors, errorSamples, elapsed: (performance.now() - started) / 1000 };
}
