import { type ErrorCode, errorCodes, type FieldError, type Problem, problemContentType } from '@formwork/shared/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

export function problem(
  code: ErrorCode,
  options: { detail?: string; errors?: FieldError[]; requestId?: string; meta?: Record<string, unknown> } = {},
): Problem {
  const entry = errorCodes[code];
  return {
    type: `https://formwork.dev/problems/${code}`,
    title: entry.title,
    status: entry.status,
    code,
    ...(options.detail ? { detail: options.detail } : {}),
    ...(options.requestId ? { requestId: options.requestId } : {}),
    errors: options.errors ?? [],
    ...(options.meta ? { meta: options.meta } : {}),
  };
}

/** PostgreSQL SQLSTATEs we answer as client errors; everything else is ours to fix (500). */
const postgresCodes: Record<string, ErrorCode> = {
  '23505': 'duplicate',
  '23503': 'referenceMissing',
  '23514': 'validationFailed',
  '23502': 'validationFailed',
  '22P02': 'validationFailed',
  '22001': 'validationFailed',
  '22003': 'validationFailed',
  '22007': 'validationFailed',
  '22008': 'validationFailed',
  // Text PostgreSQL cannot store (a NUL character, an invalid byte sequence).
  '22021': 'validationFailed',
  '22P05': 'validationFailed',
  '40001': 'conflict',
  '40P01': 'conflict',
  '57P01': 'unavailable',
  '57P03': 'unavailable',
};

/** Drizzle wraps driver errors; the SQLSTATE sits on the innermost cause. */
export function postgresErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'malformedRequest',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformedRequest',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformedRequest',
  FST_ERR_RATE_LIMITED: 'tooManyRequests',
  FST_ERR_MAX_PARAM_LENGTH: 'uriTooLong',
  FST_ERR_BAD_URL: 'malformedRequest',
};

const statusCodes: Record<number, ErrorCode> = {
  400: 'malformedRequest',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'notFound',
  405: 'methodNotAllowed',
  413: 'payloadTooLarge',
  414: 'uriTooLong',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
};

function validationFieldErrors(
  validation: { instancePath?: string; message?: string; keyword?: string }[],
  context: string | undefined,
): FieldError[] {
  return validation.map((v) => {
    const location = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    return {
      path: [context, location].filter(Boolean).join('.'),
      message: v.message ?? 'Invalid value',
      ...(v.keyword ? { code: v.keyword } : {}),
    };
  });
}

/** Turns anything thrown into problem+json. Never leaks a stack; 5xx carry the request id. */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  let body: Problem;
  if (error instanceof AppError) {
    body = problem(error.code, { detail: error.detail, errors: error.fieldErrors, meta: error.meta });
    // A rate limit says when to try again (RFC 9110 Retry-After, in seconds).
    if (typeof error.meta?.retryAfterSeconds === 'number')
      reply.header('retry-after', String(error.meta.retryAfterSeconds));
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as FastifyError).validationContext;
    body = problem('validationFailed', { errors: validationFieldErrors(error.validation, context) });
  } else if (postgresErrorCode(error) && postgresCodes[postgresErrorCode(error) as string]) {
    body = problem(postgresCodes[postgresErrorCode(error) as string] as ErrorCode);
  } else {
    const fastifyError = error as FastifyError;
    const mapped =
      (fastifyError.code && fastifyCodes[fastifyError.code]) ||
      (fastifyError.statusCode && statusCodes[fastifyError.statusCode]) ||
      (error instanceof SyntaxError && fastifyError.statusCode === 400 ? 'malformedRequest' : undefined);
    body = problem(mapped || 'internal');
  }
  if (body.status >= 500) {
    // Ours to fix: the request is logged whole enough to replay it (its credentials are redacted).
    request.log.error(
      { err: error, request: { method: request.method, url: request.url, headers: request.headers } },
      'request failed',
    );
    body.requestId = String(request.id);
  } else {
    request.log.info({ code: body.code, status: body.status }, 'request refused');
  }
  return reply.status(body.status).type(problemContentType).send(body);
}
