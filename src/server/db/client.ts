import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** One Drizzle type over either driver: routes and services never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | 'query'>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Plain SQL with positional parameters, for the job queue. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  migrate(): Promise<void>;
  /** The embedded database's data directory as a tarball (test templates). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir?: string; loadDataDir?: Blob };

const migrationsFolder = path.join(__dirname, 'migrations');
const MIGRATION_LOCK = 727_274_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

/**
 * Creates a new embedded database directory (initdb) in a short-lived process of its own. Creating
 * one grows the WebAssembly memory to about twice what a running database needs, memory that is
 * never given back while its instance lives; done apart, a first start runs with the same footprint
 * as every later one.
 */
const CREATE_DATA_DIR = `
const { PGlite } = require(process.env.PGLITE_MODULE);
PGlite.create({ dataDir: process.env.PGLITE_DATA_DIR }).then((db) => db.close());
`;

async function createDataDir(dataDir: string): Promise<void> {
  const env = { ...process.env, PGLITE_MODULE: require.resolve('@electric-sql/pglite'), PGLITE_DATA_DIR: dataDir };
  try {
    await promisify(execFile)(process.execPath, ['-e', CREATE_DATA_DIR], { env });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`The embedded database could not be created in ${dataDir}: ${stderr?.trim() || String(error)}`);
  }
}

async function createPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<PGlite> {
  if (!dataDir) return PGlite.create({ loadDataDir });
  await mkdir(dataDir, { recursive: true });
  if (!loadDataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) await createDataDir(dataDir);
  return PGlite.create({ dataDir, loadDataDir });
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  const client = await createPglite(dataDir, loadDataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async executeSql(text, values) {
      // Parameterless text may hold several statements (the queue's own migrations).
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder });
    },
    async dump() {
      return client.dumpDataDir('none');
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[] | undefined);
      return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
    },
    async migrate() {
      // Many processes may start at once: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
