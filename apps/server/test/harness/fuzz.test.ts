import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type Persona, projectIdOf, type TestWorkspace, teamIdOf } from '../factories.ts';
import { createTestApp, type TestContext } from '../test-app.ts';
import {
  deeplyNested,
  fuzzRuns,
  fuzzSeed,
  hostileCursor,
  hostileParam,
  hostileValue,
  mutatedBody,
} from './fuzz-inputs.ts';
import { fillPath, listOperations, type Operation, sample } from './openapi.ts';

/**
 * Bad input, generated for every operation of /api/openapi.json: wrong types, missing and extra
 * fields, huge and unicode strings, edge numbers, hostile ids, malformed JSON, wrong content
 * types, oversized and deeply nested bodies. Every answer must be a 4xx problem+json or a
 * success: never a 5xx, never a hang (a request that never answers fails by the test's timeout; how
 * long answers take is a bench figure, not a failure). A fixed seed here; `npm run bench -- fuzz`
 * runs more.
 */
let ctx: TestContext;
let w: TestWorkspace;
let caller: Persona;
let operations: Operation[];

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
  caller = w.personas.orgController;
  operations = (await listOperations(ctx.app)).filter(
    (o) => o.path.startsWith('/api/') && o.path !== '/api/openapi.json',
  );
});
afterAll(() => ctx.close());

const ids: Record<string, () => string> = {
  companyId: () => w.companyId,
  workspaceId: () => w.workspaceId,
  fromWorkspaceId: () => w.workspaceId,
  projectId: () => projectIdOf(w),
  teamId: () => teamIdOf(w),
  version: () => '1',
};
const idFor = (name: string) => ids[name]?.() ?? (w.projects[1]?.projectId as string);

function judge(operation: Operation, what: string, response: LightMyRequestResponse): string | undefined {
  const label = `${operation.method} ${operation.path} (${what})`;
  if (response.statusCode >= 500) return `${label}: ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (response.statusCode >= 400 && !String(response.headers['content-type']).startsWith('application/problem+json')) {
    return `${label}: ${response.statusCode} is not problem+json`;
  }
  return undefined;
}

async function send(
  operation: Operation,
  options: { url?: string; payload?: string; contentType?: string; headers?: Record<string, string> },
) {
  const headers: Record<string, string> = { ...(await caller.headers()), ...options.headers };
  if (options.payload !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  return ctx.app.inject({
    method: operation.method as 'POST',
    url: options.url ?? fillPath(operation, idFor),
    headers,
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
}

async function check(operation: Operation, what: string, options: Parameters<typeof send>[1]) {
  const problem = judge(operation, what, await send(operation, options));
  if (problem) throw new Error(problem);
}

// Each case walks every operation: the bound is for a hang, not a figure (a busy machine is slow).
describe('bad-input fuzzing', { timeout: 10 * 60_000 }, () => {
  it('covers every API operation', () => {
    expect(operations.length).toBeGreaterThan(10);
  });

  it('hostile bodies never cause a 5xx', async () => {
    for (const operation of operations.filter((o) => o.body)) {
      const valid = sample(operation.body as NonNullable<Operation['body']>, idFor);
      await fc.assert(
        fc.asyncProperty(mutatedBody(valid, operation.body), async (body) => {
          await check(operation, `body ${JSON.stringify(body)?.slice(0, 120)}`, {
            payload: JSON.stringify(body) ?? 'null',
          });
        }),
        { seed: fuzzSeed, numRuns: fuzzRuns },
      );
    }
  });

  it('hostile path and query parameters never cause a 5xx', async () => {
    for (const operation of operations) {
      const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      const queryNames = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      if (names.length === 0 && queryNames.length === 0) continue;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...names, ...queryNames),
          hostileParam,
          hostileValue,
          async (name, value, queryValue) => {
            const inPath = names.includes(name);
            const path = fillPath(operation, (n) => (inPath && n === name ? value : idFor(n)));
            const url = inPath ? path : `${path}?${new URLSearchParams({ [name]: String(queryValue) })}`;
            const payload = operation.body ? JSON.stringify(sample(operation.body, idFor)) : undefined;
            await check(operation, `${name}=${String(inPath ? value : queryValue).slice(0, 60)}`, { url, payload });
          },
        ),
        { seed: fuzzSeed, numRuns: fuzzRuns },
      );
    }
  });

  it('hostile keyset cursors never cause a 5xx', async () => {
    const paged = operations.filter((o) => o.parameters.some((p) => p.in === 'query' && p.name === 'cursor'));
    expect(paged.length).toBeGreaterThanOrEqual(5);
    for (const operation of paged) {
      await fc.assert(
        fc.asyncProperty(hostileCursor, async (cursor) => {
          const url = `${fillPath(operation, idFor)}?${new URLSearchParams({ cursor })}`;
          await check(operation, `cursor=${cursor.slice(0, 60)}`, { url });
        }),
        { seed: fuzzSeed, numRuns: fuzzRuns * 4 },
      );
    }
  });

  it('malformed, mistyped, oversized and deeply nested requests never cause a 5xx', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const cases: [string, Parameters<typeof send>[1]][] = [
        ['malformed JSON', { payload: '{"name": "x", ' }],
        ['text/plain', { payload: 'hello', contentType: 'text/plain' }],
        ['form encoded', { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' }],
        ['xml', { payload: '<a/>', contentType: 'application/xml' }],
        ['oversized', { payload: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }) }],
        ['deeply nested', { payload: deeplyNested(20_000) }],
        ['JSON null', { payload: 'null' }],
        ['JSON string', { payload: '"text"' }],
        ['bad bearer', { headers: { authorization: 'Bearer not.a.jwt' } }],
        ['no bearer scheme', { headers: { authorization: 'Basic Zm9vOmJhcg==' } }],
      ];
      for (const [what, options] of cases) {
        const problem = judge(operation, what, await send(operation, options));
        if (problem) failures.push(problem);
      }
    }
    expect(failures).toEqual([]);
  });
});
