/** `npm run db:migrate`: applies pending migrations to the configured database. */
import { ConfigError, loadConfig } from '@/server/config';
import { openConfiguredDatabase } from '@/server/db/open';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    console.log(`Migrations applied to the ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
