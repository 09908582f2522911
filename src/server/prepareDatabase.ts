import type { Logger } from 'pino';
import type { DatabaseHandle } from './db/client';
import { prepareQueue } from './jobs/queue';
import { seedDemoData } from './seed/demo';

export interface PreparationOptions {
  /** The processing queue's job expiry (`PROCESSING_JOB_EXPIRE_SECONDS`), which its queues are created with. */
  jobExpireSeconds: number;
  /** Load the demo data into an empty database (`SEED_DEMO`). */
  seedDemo: boolean;
  log: Pick<Logger, 'info'>;
}

/**
 * Everything a process creates in the database before it serves or works, in a fixed order under one
 * advisory lock (DatabaseHandle.migrate): the application's migrations, the job queue's schema and
 * queues, then the demo data when asked for. Any number of processes may start together on a fresh or
 * an existing database: one prepares it, the others say that they wait, then find it ready. A deployment
 * that runs `npm run db:migrate` (or the `migrate` role) first leaves its processes nothing to do here.
 * Answers whether the demo data was loaded.
 */
export async function prepareDatabase(database: DatabaseHandle, options: PreparationOptions): Promise<boolean> {
  let waitingSince: number | undefined;
  let seeded = false;
  await database.migrate({
    then: async (executeSql) => {
      await prepareQueue(executeSql, options.jobExpireSeconds, database.kind);
      // Two processes loading the demo data at once would both find the database empty.
      if (options.seedDemo) seeded = await seedDemoData(database.db);
    },
    onWait: () => {
      waitingSince = Date.now();
      options.log.info('Another process is preparing the database (migrations, job queue); waiting for it to finish.');
    },
  });
  if (waitingSince !== undefined) {
    options.log.info({ waitedMs: Date.now() - waitingSince }, 'The database is prepared; starting.');
  }
  return seeded;
}
