/**
 * `npm run db:migrate`: prepares the configured database as a starting process would (the pending
 * migrations, the job queue's schema and queues), so processes started after it find nothing to do.
 */
import pino from 'pino';
import { ConfigError, loadConfig } from '@/server/config';
import { openConfiguredDatabase } from '@/server/db/open';
import { loggerOptions } from '@/server/logging';
import { prepareDatabase } from '@/server/prepareDatabase';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await prepareDatabase(database, {
      jobExpireSeconds: config.processing.jobExpireSeconds,
      seedDemo: false,
      log: pino(loggerOptions(config.logLevel)),
    });
    console.log(`Migrations and the job queue's schema applied to the ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
