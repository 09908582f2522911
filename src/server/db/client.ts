import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, type PGliteOptions, type QueryOptions, type Results, type Transaction, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { NamedStatements, StatementNames, statementNamingClient } from './namedStatements';
import * as schema from './schema';

/** One Drizzle type over either driver: routes and services never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | 'query'>;

/** Plain SQL with positional parameters; parameterless text may hold several statements. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface MigrateOptions {
  /**
   * Schema work that belongs with the migrations (the job queue's schema and queues): run after them,
   * under the same lock, through the connection that holds it.
   */
  then?: (executeSql: ExecuteSql) => Promise<void>;
  /** Told, before it waits, that another process is preparing the database. */
  onWait?: () => void;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Plain SQL with positional parameters, for the job queue. */
  executeSql: ExecuteSql;
  /**
   * Applies the pending migrations, then `options.then`. On PostgreSQL all of it runs under one
   * advisory lock (DATABASE_PREPARATION_LOCK), so any number of processes may start together on a fresh
   * or an existing database: one prepares it, the others wait and then find nothing left to do.
   */
  migrate(options?: MigrateOptions): Promise<void>;
  /** The embedded database's data directory as a tarball (test templates). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir?: string; loadDataDir?: Blob };

const migrationsFolder = path.join(__dirname, 'migrations');
/** The advisory lock under which a process prepares the database (DatabaseHandle.migrate). */
export const DATABASE_PREPARATION_LOCK = 727_274_001;

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

/** The event loop's next turn: whatever waits on the network (a new connection, a request's bytes) is taken in first. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * The embedded database runs its statements on the server's own thread, each one blocking it for as
 * long as it takes, and one at a time. Run from promise callbacks, every statement waiting would
 * follow the one before without the event loop ever polling the network in between, so under load
 * a new connection waited for a whole batch of other people's requests before it was even accepted
 * (seconds at 50 connections). Here statements and transactions queue in arrival order and each
 * starts on a turn of its own: between two of them the server accepts and reads, and a newcomer's
 * request queues fairly behind those already waiting.
 */
class TurnTakingPGlite extends PGlite {
  #turns: Promise<unknown> = Promise.resolve();
  readonly #statements = new NamedStatements(this);

  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.#turns.then(nextTurn).then(work);
    this.#turns = turn.catch(() => undefined);
    return turn;
  }

  /** A query with parameters runs as a kept statement (see NamedStatements); any other as PGlite runs it. */
  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!params?.length || options?.blob || options?.paramTypes) return this.#inTurn(() => super.query<T>(query, params, options));
    return this.#inTurn(() => this.#statements.query<T>(query, params, options));
  }

  override exec(query: string, options?: QueryOptions): Promise<Array<Results>> {
    return this.#inTurn(() => super.exec(query, options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#inTurn(() => super.transaction(callback));
  }

  /** Closing waits its turn too: the statements already queued run first, as they would have without turns. */
  override close(): Promise<void> {
    return this.#inTurn(() => super.close());
  }
}

/**
 * bytea as hex text, through Node's own codec: PGlite's makes a string of every byte, which was about
 * 0.7 s of the 3.1 s it took to store the viewer's rows of a 5 MB workbook (8.8 MB of blocks).
 */
const BYTEA_AS_HEX: Pick<PGliteOptions, 'serializers' | 'parsers'> = {
  serializers: { [types.BYTEA]: (bytes: Uint8Array) => `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}` },
  parsers: { [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

async function startPglite(options: PGliteOptions): Promise<PGlite> {
  const client = new TurnTakingPGlite({ ...options, ...BYTEA_AS_HEX });
  await client.waitReady;
  return client;
}

async function createPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<PGlite> {
  if (!dataDir) return startPglite({ loadDataDir });
  await mkdir(dataDir, { recursive: true });
  if (!loadDataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) await createDataDir(dataDir);
  return startPglite({ dataDir, loadDataDir });
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  const client = await createPglite(dataDir, loadDataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const executeSql: ExecuteSql = async (text, values) => {
    // Parameterless text may hold several statements (the queue's own migrations).
    if (!values || values.length === 0) {
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    }
    const result = await client.query(text, values);
    return { rows: result.rows };
  };
  return {
    db,
    kind: 'pglite',
    executeSql,
    async migrate(options) {
      // One process has the embedded database: nobody to wait for.
      await migratePglite(db as never, { migrationsFolder });
      await options?.then?.(executeSql);
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
  // A database that stops answering (rather than refusing) fails a new connection after 10 s, as a 503, instead of holding the request.
  // queries with parameters that recur run as named statements, parsed once per connection (namedStatements.ts)
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000, Client: statementNamingClient(new StatementNames()) });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  hearLostConnections(pool);
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[] | undefined);
      return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
    },
    async migrate(options) {
      // Many processes may start at once: one prepares the database, the others wait for it. The
      // migrations and the SQL `then` is given run on the connection that holds the lock.
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [DATABASE_PREPARATION_LOCK]);
        if (!rows[0].locked) {
          options?.onWait?.();
          await client.query('select pg_advisory_lock($1)', [DATABASE_PREPARATION_LOCK]);
        }
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
        await options?.then?.(async (text, values) => {
          const result = await client.query(text, values);
          return { rows: Array.isArray(result) ? ((result as pg.QueryResult[]).at(-1)?.rows ?? []) : result.rows };
        });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [DATABASE_PREPARATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * A client taken out of the pool (a transaction between two statements, the realtime LISTEN
 * connection) that loses its connection says so with an 'error' event, and an event nobody hears
 * ends the process. Whoever holds the client finds out anyway (its next query fails, or its 'end'
 * event fires), so the event only needs hearing: the database going away must not take the server with it.
 */
export function hearLostConnections(pool: pg.Pool): void {
  pool.on('connect', (client) => client.on('error', () => undefined));
}

export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
