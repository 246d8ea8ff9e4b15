import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * The rate limit of calls made with personal API tokens (issue 24.2): at most `quota` calls per
 * token in each window of `windowSeconds`. Every answer to a token's call says where it stands in
 * the IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-10):
 * `RateLimit-Policy: "token";q=600;w=60` and `RateLimit: "token";r=<calls left>;t=<seconds to the
 * window's end>`; past the quota the call is refused with 429 and Retry-After.
 *
 * The calls are counted in PostgreSQL by the statement that finds the token (`api_token_calls`,
 * windows aligned to the epoch), so every API process sees the same count and a token gets its
 * quota whatever the number of processes (ADR 0025). This answers a call from that count.
 */
export type ApiTokenLimits = {
  windowSeconds: number;
  /** Sets the headers of a call counted `calls`-th in its window; throws 429 past the quota. */
  answer(window: { calls: number; resetSeconds: number }, reply: FastifyReply): void;
};

const policyName = 'token';

export function createApiTokenLimits(options: { quota: number; windowSeconds: number }): ApiTokenLimits {
  const policy = `"${policyName}";q=${options.quota};w=${options.windowSeconds}`;
  return {
    windowSeconds: options.windowSeconds,
    answer({ calls, resetSeconds }, reply) {
      reply.header('ratelimit-policy', policy);
      reply.header('ratelimit', `"${policyName}";r=${Math.max(0, options.quota - calls)};t=${resetSeconds}`);
      if (calls > options.quota) {
        throw new AppError('tooManyRequests', {
          detail: `This API token made more than ${options.quota} calls in ${options.windowSeconds} seconds.`,
          meta: { retryAfterSeconds: resetSeconds },
        });
      }
    },
  };
}
