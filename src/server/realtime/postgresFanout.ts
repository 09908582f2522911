import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';
import { hearLostConnections } from '../db/client';
import type { ProcessingPublisher } from './processingUpdates';
import type { RealtimeIo } from './socketEvents';
import { socketPublisher } from './socketPublisher';

/**
 * Realtime across processes on PostgreSQL (DATABASE_URL): every API process's socket.io server
 * uses the Postgres adapter, so a broadcast in one reaches the sockets of all of them through
 * LISTEN/NOTIFY on the application's own database; a worker process, which has no sockets, publishes
 * to the same rooms through the same adapter. Which sockets are in which room is
 * decided only by the API process a socket is connected to. The embedded database serves one
 * process, which keeps socket.io's in-memory adapter.
 */

/** Where notifications too large for NOTIFY (over 8,000 bytes) wait for the other processes to read them. */
const ATTACHMENTS_TABLE = 'socket_io_attachments';
/** Held while the table is created, so processes starting together do not race each other to it. */
const ATTACHMENTS_LOCK = 727_274_003;

export interface FanoutLog {
  warn: (details: object, message: string) => void;
}

/**
 * A small pool of its own on the same database: the adapter keeps one connection for LISTEN for as
 * long as it runs, which must not come out of the pool the requests and jobs use.
 */
export async function openFanoutPool(databaseUrl: string, log: FanoutLog): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  pool.on('error', (error) => log.warn({ err: error }, 'a realtime database connection was lost'));
  hearLostConnections(pool);
  try {
    await ensureAttachmentsTable(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return pool;
}

/** The adapter's table, as its README gives it; created once by whichever process starts first. */
async function ensureAttachmentsTable(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [ATTACHMENTS_LOCK]);
    await client.query(`
      create table if not exists ${ATTACHMENTS_TABLE} (
        id          bigserial unique,
        created_at  timestamptz default now(),
        payload     bytea
      )`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The adapter an API process's socket.io server uses on PostgreSQL. */
export function fanoutAdapter(pool: pg.Pool, log: FanoutLog): ReturnType<typeof createAdapter> {
  return createAdapter(pool, {
    tableName: ATTACHMENTS_TABLE,
    errorHandler: (error) => log.warn({ err: error }, 'a realtime message between processes was lost'),
  });
}

/** The publisher of a worker process, and how it lets go of its connection. */
export interface WorkerPublisher extends ProcessingPublisher {
  close(): Promise<void>;
}

/**
 * The publisher of a worker process: the same rooms as the API's own publisher, reached through
 * PostgreSQL. It is a socket.io server with the same adapter and no HTTP server, so it never has a
 * socket of its own and only passes each broadcast on to the API processes. (The separate Postgres
 * emitter package is not used: its messages carry no namespace, which this adapter's version
 * requires, so they are dropped on arrival.) A publish that fails is logged by the adapter and
 * dropped: the status it reports is already stored, so a browser recovers it by refetching.
 */
export function workerPublisher(pool: pg.Pool, log: FanoutLog): WorkerPublisher {
  const io: RealtimeIo = new Server({ serveClient: false, adapter: fanoutAdapter(pool, log) });
  // The adapter counts this server among those that must confirm an access change; it has no sockets to clean.
  io.on('accessChanged', (_change, applied) => applied(true));
  const publisher = socketPublisher(io, { crossProcess: true, log });
  return {
    publish: (update, audience) => publisher.publish(update, audience),
    publishAll: (updates, audience) => publisher.publishAll?.(updates, audience),
    reviewed: (event, audience) => publisher.reviewed(event, audience),
    accessChanged: (change) => publisher.accessChanged(change),
    // Not io.close(): that also closes the HTTP engine this server never had.
    close: async () => {
      await io.of('/').adapter.close();
    },
  };
}
