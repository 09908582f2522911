import path from 'node:path';
import type { Config } from '../config';
import { type DatabaseHandle, openDatabase } from './client';

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else the embedded one. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl ? openDatabase({ databaseUrl: config.databaseUrl }) : openDatabase({ dataDir: path.join(config.dataDir, 'db') });
}
