import type { FastifyReply, FastifyRequest } from 'fastify';

/** Paths that other sites may frame: the embedded templates area of the web app. */
export const embeddablePathPrefix = '/embed';

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

/**
 * Security headers for every response, errors and 404s included; computed once, set in one call.
 * Hooked on every request, and called directly for requests refused before routing.
 */
export function securityHeaders(options: {
  extraOrigins: string[];
  /** Where images may come from besides this server (the map tiles' server, when configured). */
  imageOrigins?: string[];
  https: boolean;
}) {
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
  const embeddable = {
    ...common,
    'content-security-policy': contentSecurityPolicy(options.extraOrigins, imageOrigins, '*'),
  };
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const embed = url.startsWith(embeddablePathPrefix) && (url.length === 6 || url[6] === '/' || url[6] === '?');
    reply.headers(embed ? embeddable : strict);
    reply.header('x-request-id', request.id);
  };
}
