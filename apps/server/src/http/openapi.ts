import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { apiTokenPrefix } from '@formwork/shared/schemas/api-tokens';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { publicPlugin, type RouteAccess } from '../authz/route-access.ts';
import type { App } from './types.ts';

/**
 * Each operation a personal API token may call names the apiToken scheme beside the sign-in's
 * bearer (one or the other); public operations and those kept for a sign-in keep what they say.
 */
function withApiTokenSecurity<T extends { schema: unknown }>(transformed: T, access: RouteAccess | undefined): T {
  if (!access || 'public' in access) return transformed;
  const schema = (transformed.schema ?? {}) as Record<string, unknown>;
  const security = access.sessionOnly ? [{ bearer: [] }] : [{ bearer: [] }, { apiToken: [] }];
  return { ...transformed, schema: { ...schema, security } };
}

/** OpenAPI 3 generated from the routes' zod schemas, at /api/openapi.json, browsable at /api/docs. */
export async function registerOpenApi(app: App, options: { publicUrl: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Formwork API',
        version: '1.0.0',
        description: 'Errors are application/problem+json: {type, title, status, code, detail, errors[]}.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token of a sign-in (OpenID Connect).',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${apiTokenPrefix}...`,
            description:
              `A personal API token (made under Integrations > API tokens), sent as \`Authorization: Bearer ${apiTokenPrefix}...\`. ` +
              'It acts as its owner with the same permissions, narrowed by its access: a read-only token may only GET (any other method is 403). ' +
              'A revoked or expired token is 401. Each token may make a limited number of calls a minute: every answer carries ' +
              '`RateLimit-Policy` and `RateLimit` (IETF draft-ietf-httpapi-ratelimit-headers), and a call past the limit is 429 with `Retry-After`.',
          },
        },
      },
    },
    transform: (input) => withApiTokenSecurity(jsonSchemaTransform(input), input.route?.config?.access),
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/api/openapi.json', {
    config: { access: { public: true } },
    schema: { hide: true },
    handler: async () => app.swagger(),
  });
  await app.register(publicPlugin(fastifySwaggerUi, { routePrefix: '/api/docs' }));
}
