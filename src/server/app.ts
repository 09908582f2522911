import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { authenticate } from './auth/guards';
import { originGuard, trustedOrigins } from './auth/origin';
import { resolveSessionSecret } from './auth/secret';
import { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/client';
import { registerApiReference } from './http/apiReference';
import { loadContract } from './http/contract';
import { errorHandler, routerErrorHandler } from './http/errorHandler';
import { requireHost, WITHOUT_NODE_HOST_CHECK } from './http/hostHeader';
import { type OperationHandlers, registerOperations } from './http/operations';
import { extendRequestValidator } from './http/requestVocabulary';
import { registerSecurityHeaders } from './http/securityHeaders';
import { bodyDeadline, clientErrorHandler, closeAfterEarlyAnswer, cutUnfinishedBodies, serverTimeouts } from './http/timeouts';
import { bossUploadQueue } from './jobs/bossUploadQueue';
import { loggerOptions } from './logging';
import { silentPublisher } from './realtime/processingUpdates';
import { realtimePlugin } from './realtime/realtimePlugin';
import { authOperations } from './routes/auth';
import { clientOperations } from './routes/client';
import { companyOperations } from './routes/company';
import { downloadOperations } from './routes/downloads';
import { healthOperations } from './routes/health';
import { staffOperations } from './routes/staff';
import { systemOperations } from './routes/system';
import { ticketOperations } from './routes/ticket';
import { viewerOperations } from './routes/viewer';
import type { FileStorage } from './storage/fileStorage';
import { openConfiguredStorage } from './storage/openStorage';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  queue?: PgBoss;
  /** Where files are kept; the configured storage (a local folder or an S3 bucket) unless given. */
  storage?: FileStorage;
  /** Serve the built SPA from this folder (dist/web) when it exists. */
  webRoot?: string;
  logger?: boolean;
}

/** Every handler, by contract operationId. */
export const allOperations: OperationHandlers = {
  ...healthOperations,
  ...authOperations,
  ...systemOperations,
  ...companyOperations,
  ...clientOperations,
  ...staffOperations,
  ...ticketOperations,
  ...downloadOperations,
  ...viewerOperations,
};

/** Builds the Fastify instance: infrastructure, then the contract's routes under /api, then the SPA. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const timeouts = serverTimeouts(config.timeouts);
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...timeouts,
    http: { ...timeouts.http, ...WITHOUT_NODE_HOST_CHECK },
    clientErrorHandler,
    frameworkErrors: routerErrorHandler,
    ajv: { customOptions: { keywords: ['x-messages'], removeAdditional: true }, onCreate: extendRequestValidator },
  });

  const secret = await resolveSessionSecret(config.sessionSecret, config.dataDir);
  const ctx: AppContext = {
    config,
    database: deps.database,
    db: deps.database.db,
    tokens: new TokenService(secret, config.accessTokenTtlSeconds),
    queue: deps.queue,
    uploadQueue: deps.queue && bossUploadQueue(deps.queue),
    storage: deps.storage ?? openConfiguredStorage(config),
    // Replaced by the realtime server's publisher when it is registered below.
    publisher: silentPublisher,
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('user', undefined);

  const contract = loadContract();
  for (const schema of contract.sharedSchemas) app.addSchema(schema);
  app.setErrorHandler(errorHandler(contract));
  await app.register(fastifyCookie);
  // Uploads stream through the handlers; each route checks size and content as the bytes arrive.
  await app.register(fastifyMultipart, { limits: { fileSize: config.maxUploadBytes, files: 1, fields: 20, parts: 25 } });
  // Before the origin guard, so that every answer carries them, refusals and errors included.
  await registerSecurityHeaders(app, config);
  app.addHook('onRequest', requireHost);
  app.addHook('onRequest', originGuard(trustedOrigins(config, app.server)));
  app.addHook('preParsing', bodyDeadline(config.timeouts));
  app.addHook('onSend', closeAfterEarlyAnswer);
  await app.register(realtimePlugin);
  // After the realtime transport, which takes over the request listeners registered before it.
  cutUnfinishedBodies(app.server, config.timeouts);
  await registerApiReference(app);

  await app.register(
    async (api) => {
      registerOperations(api, contract, allOperations, { authenticate });
      api.setNotFoundHandler((_request, reply) => {
        reply.code(404).send({ success: false, message: 'This API route does not exist.', error: 'NOT_FOUND' });
      });
    },
    { prefix: '/api' },
  );

  const webRoot = deps.webRoot;
  if (webRoot && existsSync(path.join(webRoot, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build's brotli and gzip copies (file.br, file.gz) go to browsers that accept them.
      preCompressed: true,
      // Routes for the files themselves only; source maps are never served.
      globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
      allowedPath: (pathName) => !isSourceMap(pathName),
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', isHashedAsset(path.relative(webRoot, filePath)) ? HASHED_ASSET_CACHE : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // Client-side routes (/auth/admin, /system/companies, ...) all load the SPA; a missing build file does not.
    app.setNotFoundHandler((request, reply) => {
      const pathName = request.url.split('?')[0];
      if ((request.method !== 'GET' && request.method !== 'HEAD') || pathName.startsWith('/assets/') || isSourceMap(pathName)) {
        return reply.code(404).send({ success: false, message: 'Not found.', error: 'NOT_FOUND' });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
}

/** Built files named by their content's hash never change: browsers keep them for a year without asking. */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/** The build puts its content-hashed files, and only those, under assets/ (a .br or .gz copy is one too). */
function isHashedAsset(relativePath: string): boolean {
  return relativePath.split(path.sep)[0] === 'assets';
}

function isSourceMap(pathName: string): boolean {
  return /\.map(\.(br|gz))?$/i.test(pathName);
}
