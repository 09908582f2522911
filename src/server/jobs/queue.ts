import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

export const PROCESSING_QUEUE = 'process-upload';
/**
 * The review pack of an upload (the viewer's rows), built once the upload is SCRUBBED by a job of
 * its own (reviewPackWorker.ts, uploadViewerPack.ts), so the next upload does not wait for it.
 */
export const REVIEW_PACK_QUEUE = 'build-review-pack';
/** The database schema pg-boss keeps its tables in (its jobs are in `pgboss.job`). */
export const QUEUE_SCHEMA = 'pgboss';

/** pg-boss's own pace for its maintenance (expiring, archiving): every two minutes. */
const DEFAULT_MAINTENANCE_SECONDS = 120;

export interface QueueOptions {
  /** Run the queue's maintenance in this process (workers do; API-only processes leave it to them). */
  supervise: boolean;
  /**
   * How long a job may run before it is taken back (config `PROCESSING_JOB_EXPIRE_SECONDS`). The
   * maintenance that takes expired jobs back runs at least twice per expiry, so a job whose worker
   * died is handed out again within about one and a half expiries.
   */
  jobExpireSeconds?: number;
}

/**
 * pg-boss on the application's own database, so an upload row and its job commit together.
 * On the embedded database it runs through the same connection as everything else.
 */
export async function startQueue(handle: DatabaseHandle, options: QueueOptions): Promise<PgBoss> {
  const expire = options.jobExpireSeconds ?? 15 * 60;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => handle.executeSql(text, values) },
    schema: QUEUE_SCHEMA,
    supervise: options.supervise,
    maintenanceIntervalSeconds: Math.max(1, Math.min(DEFAULT_MAINTENANCE_SECONDS, Math.floor(expire / 2))),
    schedule: false,
    migrate: true,
  });
  boss.on('error', () => {
    // Surfaced through /api/ready and the job's own failure handling.
  });
  await boss.start();
  await boss.createQueue(PROCESSING_QUEUE, { name: PROCESSING_QUEUE, policy: 'standard', retryLimit: 2, expireInSeconds: expire });
  await boss.createQueue(REVIEW_PACK_QUEUE, { name: REVIEW_PACK_QUEUE, policy: 'standard', retryLimit: 2, expireInSeconds: expire });
  return boss;
}
