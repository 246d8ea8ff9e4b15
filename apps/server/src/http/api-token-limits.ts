import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * The rate limit of calls made with personal API tokens (issue 24.2): at most `quota` calls per
 * token in each window of `windowSeconds`, counted from the window's first call. Every answer to a
 * token's call says where it stands in the IETF RateLimit header fields
 * (draft-ietf-httpapi-ratelimit-headers-10): `RateLimit-Policy: "token";q=600;w=60` and
 * `RateLimit: "token";r=<calls left>;t=<seconds to the window's end>`; past the quota the call is
 * refused with 429 and Retry-After.
 *
 * The counts live in this process: a limit is a guard against a runaway script, not a bill, and a
 * count in the database would write once per call (what the last-use time avoids). Behind several
 * processes a token may make up to that many times the quota; the counts hold nothing of a tenant.
 */
export type ApiTokenLimits = { take(tokenId: string, reply: FastifyReply): void };

const policyName = 'token';

export function createApiTokenLimits(options: { quota: number; windowSeconds: number }): ApiTokenLimits {
  const windowMs = options.windowSeconds * 1000;
  const windows = new Map<string, { start: number; used: number }>();
  const policy = `"${policyName}";q=${options.quota};w=${options.windowSeconds}`;

  function forget(now: number) {
    for (const [tokenId, window] of windows) if (now - window.start >= windowMs) windows.delete(tokenId);
  }

  return {
    take(tokenId, reply) {
      const now = Date.now();
      let window = windows.get(tokenId);
      if (!window || now - window.start >= windowMs) {
        if (windows.size >= 100_000) forget(now);
        window = { start: now, used: 0 };
        windows.set(tokenId, window);
      }
      const resetSeconds = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
      const allowed = window.used < options.quota;
      if (allowed) window.used += 1;
      reply.header('ratelimit-policy', policy);
      reply.header('ratelimit', `"${policyName}";r=${options.quota - window.used};t=${resetSeconds}`);
      if (!allowed) {
        throw new AppError('tooManyRequests', {
          detail: `This API token made more than ${options.quota} calls in ${options.windowSeconds} seconds.`,
          meta: { retryAfterSeconds: resetSeconds },
        });
      }
    },
  };
}
