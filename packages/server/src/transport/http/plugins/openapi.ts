import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../../../app/config';
import { docsCspTransform } from './edge';

/** OpenAPI document generated from the route schemas, at /openapi.json, browsable at /docs. */
export async function registerOpenApi(app: FastifyInstance, version: string, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'tilerealm game server',
        description:
          'REST API of the authoritative game server. Errors use `{ "error": { "code", "message", "details"? } }`; see docs/errors.md.',
        version,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Swagger UI brings its own Content-Security-Policy (the client's would block its bootstrap).
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: docsCspTransform(config),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
