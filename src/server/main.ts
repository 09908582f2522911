import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { startQueue } from './jobs/queue';
import { startUploadWorker, type UploadWorker } from './jobs/uploadWorker';
import { warmPipeline } from './processing';
import { silentPublisher } from './realtime/processingUpdates';
import { LocalFileStorage } from './storage/localFileStorage';
import { describeDemoAccounts, seedDemoData } from './seed/demo';

type Role = 'all' | 'api' | 'worker';
const ROLES: Role[] = ['all', 'api', 'worker'];

function webRoot(): string | undefined {
  const candidates = [path.resolve(__dirname, '../web'), path.resolve(process.cwd(), 'dist/web')];
  return candidates.find((candidate) => existsSync(path.join(candidate, 'index.html')));
}

/** Starts the API, the worker, or both: `node dist/server/main.js all|api|worker`. */
async function main(): Promise<void> {
  const role = (process.argv[2] ?? 'all') as Role;
  if (!ROLES.includes(role)) throw new ConfigError(`Unknown role '${role}': use all, api or worker.`);
  const config = loadConfig();
  if (!config.databaseUrl && role !== 'all') {
    throw new ConfigError(`The embedded database serves one process: start with 'all', or set DATABASE_URL to run '${role}' separately.`);
  }

  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const seeded = config.seedDemo ? await seedDemoData(database.db) : false;
  const queue: PgBoss = await startQueue(database, { supervise: role !== 'api', jobExpireSeconds: config.processing.jobExpireSeconds });

  let app: FastifyInstance | undefined;
  if (role === 'all' || role === 'api') {
    app = await buildApp({ config, database, queue, webRoot: webRoot() });
    await app.listen({ port: config.port, host: config.host });
    const base = `http://localhost:${config.port}`;
    console.log(`\nPayroll Consolidation System is running at ${base}`);
    if (config.seedDemo) console.log(`${seeded ? 'Demo data loaded. ' : ''}${describeDemoAccounts(base)}\n`);
  }
  let worker: UploadWorker | undefined;
  if (role === 'all' || role === 'worker') {
    // In `all` the worker shares the API's storage, logger and publisher, so its updates reach this
    // process's sockets; a `worker` process alone publishes nowhere until the scaled-out adapter lands.
    const deps = app
      ? { db: database.db, storage: app.ctx.storage, publisher: app.ctx.publisher, log: app.log }
      : { db: database.db, storage: new LocalFileStorage(config.storageDir), publisher: silentPublisher, log: pino({ level: config.logLevel }) };
    // A process that takes jobs keeps its pipeline threads warm, so no upload pays for starting one.
    await warmPipeline({ keepAlive: true });
    worker = await startUploadWorker(queue, deps, config.processing.concurrency);
  }
  if (role === 'worker') console.log(`Worker started: ${config.processing.concurrency} upload(s) at a time.`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing work in progress, then stopping.`);
    // jobs under way get the queue's grace period; one cut short is handed out again after its expiry
    await Promise.race([worker?.stop(), new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
    await app?.close();
    await queue.stop({ graceful: true, wait: true, timeout: 30_000 }).catch(() => undefined);
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('The server could not start:', error);
  process.exit(1);
});
