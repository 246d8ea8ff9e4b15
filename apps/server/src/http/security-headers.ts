import type { FastifyReply, FastifyRequest } from 'fastify';

function contentSecurityPolicy(extraOrigins: string[], imageOrigins: string[], frameAncestors: string): string {
  const origins = extraOrigins.join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine writes its CSS variables into a style element at run time.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageOrigins].join(' '),
    "font-src 'self' data:",
    `connect-src 'self' ${origins}`.trim(),
    `form-action 'self' ${origins}`.trim(),
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Sets the security headers of an answer; `allowFraming` then lets the named origins frame it. */
export type SecurityHeaders = ((request: FastifyRequest, reply: FastifyReply) => void) & {
  /**
   * This answer may be framed by exactly these origins (the embedded templates' page, issue 22.3):
   * `frame-ancestors` names them and X-Frame-Options is dropped. No origins: it stays unframable.
   */
  allowFraming: (reply: FastifyReply, origins: readonly string[]) => void;
};

/**
 * Security headers for every response, errors and 404s included; computed once, set in one call.
 * Hooked on every request, and called directly for requests refused before routing. Nothing may be
 * framed except a page a route lets its workspace's listed origins frame (allowFraming).
 */
export function securityHeaders(options: {
  extraOrigins: string[];
  /** Where images may come from besides this server (the map tiles' server, when configured). */
  imageOrigins?: string[];
  https: boolean;
}): SecurityHeaders {
  const imageOrigins = options.imageOrigins ?? [];
  const common: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const strict = {
    ...common,
    'content-security-policy': contentSecurityPolicy(options.extraOrigins, imageOrigins, "'none'"),
    'x-frame-options': 'DENY',
  };
  const apply = (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(strict);
    reply.header('x-request-id', request.id);
  };
  return Object.assign(apply, {
    allowFraming: (reply: FastifyReply, origins: readonly string[]) => {
      if (origins.length === 0) return;
      reply.header(
        'content-security-policy',
        contentSecurityPolicy(options.extraOrigins, imageOrigins, origins.join(' ')),
      );
      reply.removeHeader('x-frame-options');
    },
  });
}
