import pg from 'pg';
import type PgBoss from 'pg-boss';
import { JOB_QUEUED_CHANNEL } from './queue';
import { wakeQueueWorkers } from './queueWorker';

/** How long a lost connection waits before it is opened again; the workers poll meanwhile. */
const RECONNECT_MS = 1_000;

export interface QueuedJobNotices {
  /** Stops listening and lets go of the connection. */
  close(): Promise<void>;
}

export interface NoticesLog {
  warn: (details: object, message: string) => void;
}

/**
 * Wakes this process's idle queue workers when any process queues a job on PostgreSQL (the queue's
 * notice, queue.ts), so an upload accepted by a separate API process starts at once rather than at
 * the worker's next poll. LISTEN holds a connection of its own for as long as the process runs. A
 * lost connection is opened again after RECONNECT_MS; the jobs queued meanwhile are found by the
 * workers' polling, which goes on as before, so a notice missed only makes a job start later.
 */
export async function listenForQueuedJobs(databaseUrl: string, boss: PgBoss, log: NoticesLog): Promise<QueuedJobNotices> {
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client, error?: Error) => {
    if (current !== client) return;
    current = undefined;
    client.end().catch(() => undefined);
    if (closed) return;
    log.warn({ err: error }, 'the connection that hears of queued jobs was lost; workers poll until it is back');
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };

  const connect = async (): Promise<void> => {
    retry = undefined;
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (notice) => {
      if (notice.channel === JOB_QUEUED_CHANNEL && notice.payload) wakeQueueWorkers(boss, notice.payload);
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    current = client;
    try {
      await client.connect();
      await client.query(`listen ${JOB_QUEUED_CHANNEL}`);
    } catch (error) {
      lost(client, error as Error);
      return;
    }
    if (closed) await client.end().catch(() => undefined);
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
