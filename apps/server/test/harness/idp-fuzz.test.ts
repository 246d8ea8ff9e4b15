import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test-app.ts';
import { fuzzRuns, fuzzSeed, hostileParam } from './fuzz-inputs.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The provider's pages are outside OpenAPI: their forms and endpoints get the same treatment. */
const targets = [
  { method: 'POST', url: '/idp/interaction/abc/login', type: 'application/x-www-form-urlencoded' },
  { method: 'POST', url: '/idp/forgot-password', type: 'application/x-www-form-urlencoded' },
  { method: 'POST', url: '/idp/reset-password', type: 'application/x-www-form-urlencoded' },
  { method: 'POST', url: '/idp/token', type: 'application/x-www-form-urlencoded' },
  { method: 'POST', url: '/idp/token/revocation', type: 'application/x-www-form-urlencoded' },
  { method: 'GET', url: '/idp/auth', type: undefined },
  { method: 'GET', url: '/idp/reset-password', type: undefined },
] as const;

describe('identity provider fuzzing', () => {
  it('hostile form fields and query strings never cause a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.dictionary(
          fc.constantFrom(
            'email',
            'password',
            'csrf',
            'token',
            'confirm',
            'grant_type',
            'client_id',
            'code',
            'redirect_uri',
            'response_type',
            'scope',
          ),
          hostileParam,
        ),
        async (target, fields) => {
          const encoded = new URLSearchParams(fields).toString();
          const response = await ctx.app.inject({
            method: target.method,
            url: target.type ? target.url : `${target.url}?${encoded}`,
            ...(target.type ? { headers: { 'content-type': target.type }, payload: encoded } : {}),
          });
          expect(response.statusCode, `${target.method} ${target.url} ${encoded.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { seed: fuzzSeed, numRuns: fuzzRuns * 10 },
    );
  });
});
