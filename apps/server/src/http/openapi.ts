import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { publicPlugin } from '../authz/route-access.ts';
import type { App } from './types.ts';

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
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/api/openapi.json', {
    config: { access: { public: true } },
    schema: { hide: true },
    handler: async () => app.swagger(),
  });
  await app.register(publicPlugin(fastifySwaggerUi, { routePrefix: '/api/docs' }));
}
