import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { surviveOutages } from './db/unreachable';
import { PROCESSING_QUEUE, REVIEW_PACK_QUEUE, startQueue } from './jobs/queue';
import type { QueueWorker } from './jobs/queueWorker';
import { listenForQueuedJobs, type QueuedJobNotices } from './jobs/queuedJobNotices';
import { startReviewPackWorker } from './jobs/reviewPackWorker';
import { recordUploadHandBack } from './jobs/uploadHandBack';
import { startUploadWorker } from './jobs/uploadWorker';
import { WorkerLease } from './jobs/workerLeases';
import { loggerOptions } from './logging';
import { prepareDatabase } from './prepareDatabase';
import { warmPipeline } from './processing';
import { openFanoutPool, workerPublisher, type WorkerPublisher } from './realtime/postgresFanout';
import { silentPublisher } from './realtime/processingUpdates';
import { openConfiguredStorage } from './storage/openStorage';
import { describeDemoAccounts } from './seed/demo';

type Role = 'all' | 'api' | 'worker' | 'migrate';
const ROLES: Role[] = ['all', 'api', 'worker', 'migrate'];
/** How long after the grace period a stopping process that has not let go is ended anyway. */
const FORCED_EXIT_MARGIN_MS = 5_000;

function webRoot(): string | undefined {
  const candidates = [path.resolve(__dirname, '../web'), path.resolve(process.cwd(), 'dist/web')];
  return candidates.find((candidate) => existsSync(path.join(candidate, 'index.html')));
}

/**
 * Starts the API, the worker, or both: `node dist/server/main.js all|api|worker`; `migrate` prepares
 * the database and exits (a deployment's release step, as `npm run db:migrate` from a checkout).
 */
async function main(): Promise<void> {
  const role = (process.argv[2] ?? 'all') as Role;
  if (!ROLES.includes(role)) throw new ConfigError(`Unknown role '${role}': use all, api, worker or migrate.`);
  const config = loadConfig();
  if (!config.databaseUrl && role !== 'all' && role !== 'migrate') {
    throw new ConfigError(`The embedded database serves one process: start with 'all', or set DATABASE_URL to run '${role}' separately.`);
  }

  if (config.databaseUrl) surviveOutages(pino(loggerOptions(config.logLevel)));
  const database = await openConfiguredDatabase(config);
  // Processes starting together take turns: one prepares the database, the others wait for it.
  const seeded = await prepareDatabase(database, {
    jobExpireSeconds: config.processing.jobExpireSeconds,
    seedDemo: config.seedDemo && role !== 'migrate',
    log: pino(loggerOptions(config.logLevel)),
  });
  if (role === 'migrate') {
    await database.close();
    console.log("Migrations and the job queue's schema applied.");
    process.exit(0);
  }
  const queue: PgBoss = await startQueue(database, { supervise: role !== 'api', jobExpireSeconds: config.processing.jobExpireSeconds });

  let app: FastifyInstance | undefined;
  if (role === 'all' || role === 'api') {
    app = await buildApp({ config, database, queue, webRoot: webRoot() });
    await app.listen({ port: config.port, host: config.host });
    const base = `http://localhost:${config.port}`;
    console.log(`\nPayroll Consolidation System is running at ${base}`);
    if (config.seedDemo) console.log(`${seeded ? 'Demo data loaded. ' : ''}${describeDemoAccounts(base)}\n`);
  }
  let worker: QueueWorker | undefined;
  let packWorker: QueueWorker | undefined;
  let lease: WorkerLease | undefined;
  let notices: QueuedJobNotices | undefined;
  let fanout: { pool: Awaited<ReturnType<typeof openFanoutPool>>; publisher: WorkerPublisher } | undefined;
  if (role === 'all' || role === 'worker') {
    // In `all` the worker shares the API's storage, logger and publisher, so its updates reach this
    // process's sockets (and, on PostgreSQL, those of every API process, through its adapter).
    const deps = app
      ? {
          db: database.db,
          queue,
          storage: app.ctx.storage,
          publisher: app.ctx.publisher,
          log: app.log,
          weekOverWeek: config.processing.weekOverWeek,
          failedFilesKept: config.companyLimits.failedFilesKept,
        }
      : {
          db: database.db,
          queue,
          storage: openConfiguredStorage(config),
          publisher: silentPublisher,
          log: pino(loggerOptions(config.logLevel)),
          weekOverWeek: config.processing.weekOverWeek,
          failedFilesKept: config.companyLimits.failedFilesKept,
        };
    // A `worker` process alone has no sockets: it publishes to the same rooms through PostgreSQL.
    if (!app && config.databaseUrl) {
      const pool = await openFanoutPool(config.databaseUrl, deps.log);
      fanout = { pool, publisher: workerPublisher(pool, deps.log) };
      deps.publisher = fanout.publisher;
    }
    // A process that takes jobs keeps its pipeline threads warm, so no upload pays for starting one, and
    // runs the engine on its own sample while it has no upload, so the uploads do not pay for V8 compiling it.
    await warmPipeline({
      keepAlive: true,
      warmUpRuns: config.processing.warmUpRuns,
      onWarmed: ({ runs, ms }) => deps.log.info({ runs, ms }, 'the engine has warmed up on its own sample'),
    });
    // The jobs a stopped process left running are handed back now (embedded: all of them, it was the
    // only process) or once their worker's lease has lapsed; each is taken up from its stored stages.
    const started = await WorkerLease.start(database.db, queue, {
      leaseSeconds: config.processing.workerLeaseSeconds,
      soleProcess: database.kind === 'pglite',
      queues: [PROCESSING_QUEUE, REVIEW_PACK_QUEUE],
      onHandBack: recordUploadHandBack,
      log: deps.log,
    });
    lease = started.lease;
    // Jobs queued by other processes (a separate API) wake this one's workers at once.
    if (config.databaseUrl) notices = await listenForQueuedJobs(config.databaseUrl, queue, deps.log);
    worker = await startUploadWorker(queue, deps, config.processing.concurrency, { lease });
    // The review packs have slots of their own: an upload never waits for another's pack.
    packWorker = await startReviewPackWorker(queue, deps, config.processing.reviewPackConcurrency, { lease });
  }
  if (role === 'worker') {
    console.log(`Worker started: ${config.processing.concurrency} upload(s) and ${config.processing.reviewPackConcurrency} review pack(s) at a time.`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const graceMs = config.shutdownGraceSeconds * 1000;
    console.log(`${signal} received: finishing work in progress (at most ${config.shutdownGraceSeconds} s), then stopping.`);
    // Whatever has not let go by shortly after the grace period does not keep the process.
    setTimeout(() => process.exit(1), graceMs + FORCED_EXIT_MARGIN_MS).unref();
    // The API accepts nothing new and lets the requests and upload streams under way finish; jobs under
    // way finish too, or are stopped when the grace period is over and handed back to the queue.
    await Promise.all([app && closeApp(app, graceMs), worker?.stop(graceMs), packWorker?.stop(graceMs)]);
    await notices?.close();
    await lease?.stop().catch(() => undefined);
    // A hand-back still being recorded is written before the database closes.
    await queue.stop({ graceful: true, wait: true, timeout: 2_000 }).catch(() => undefined);
    await fanout?.publisher.close().catch(() => undefined);
    await fanout?.pool.end().catch(() => undefined);
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/**
 * Closes the API: it stops accepting connections, ends the sockets (their browsers reconnect to
 * another API process) and lets the requests and upload streams under way finish; connections
 * still open after `graceMs` are cut, so an unfinished upload fails and is not recorded.
 */
async function closeApp(app: FastifyInstance, graceMs: number): Promise<void> {
  // A kept-alive connection whose last request has been answered is closed at once, not when its client lets go of it.
  const idle = setInterval(() => app.server.closeIdleConnections(), 250);
  const cutOff = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
    clearTimeout(cutOff);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('The server could not start:', error);
  process.exit(1);
});
