import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TemporaryPostgresDatabase {
  /** The new database's connection string. */
  url: string;
  /** Drops the database, ending any connection still open to it. */
  drop(): Promise<void>;
}

async function asAdmin(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * An empty PostgreSQL database of its own for one test file (not migrated), on the server
 * TEST_DATABASE_URL (or serverUrl) names: `<prefix>_<time>_<random>`, so that files running at once never share one.
 */
export async function temporaryPostgresDatabase(prefix: string, serverUrl = process.env.TEST_DATABASE_URL): Promise<TemporaryPostgresDatabase> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL names no PostgreSQL server');
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await asAdmin(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}
