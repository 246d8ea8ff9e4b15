import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JsonText } from '../json-text.ts';

/** The Fastify instance as route modules see it: zod schemas type requests and replies. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Sends JSON text already in the route's response shape as it is: Fastify sends a string with a
 * JSON content type without serialising it again. Its type ties the text to the route's reply type.
 */
export function sendJsonText<T, Sent>(
  reply: { type(contentType: string): { send(payload: T): Sent } },
  text: JsonText<T>,
): Sent {
  // The one place where text stands for the reply type: JsonText<T> was written from a T.
  return reply.type('application/json; charset=utf-8').send(text as unknown as T);
}
