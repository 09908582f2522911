import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { readContractDocument } from './contract';

/**
 * The contract, served for those who script their week against the API: the document itself at
 * `/api/openapi.json` and a reference page at `/api/docs`, both from openapi/openapi.yaml as it is
 * (the routes themselves are registered from the same file, so the page cannot drift from them).
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, { mode: 'static', specification: { document: readContractDocument() as never } });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, withCredentials: true },
    // No policy of its own: its page loads only files of this origin, so the site-wide one (securityHeaders) serves it.
    staticCSP: false,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
