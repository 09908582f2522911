import PgBoss from 'pg-boss';
import type { DatabaseHandle, ExecuteSql } from '../db/client';

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
/** How long a job may run before it is taken back, unless configured (`PROCESSING_JOB_EXPIRE_SECONDS`). */
const DEFAULT_JOB_EXPIRE_SECONDS = 15 * 60;

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
  const expire = options.jobExpireSeconds ?? DEFAULT_JOB_EXPIRE_SECONDS;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => handle.executeSql(text, values) },
    schema: QUEUE_SCHEMA,
    supervise: options.supervise,
    maintenanceIntervalSeconds: Math.max(1, Math.min(DEFAULT_MAINTENANCE_SECONDS, Math.floor(expire / 2))),
    schedule: false,
    // Prepared beforehand under the start-up lock (prepareQueue): here pg-boss only reads its version.
    // A single process that skipped that (tests) has its schema created here.
    migrate: true,
  });
  boss.on('error', () => {
    // Surfaced through /api/ready and the job's own failure handling.
  });
  await boss.start();
  await createQueues(boss, expire);
  const executeSql: ExecuteSql = (text, values) => handle.executeSql(text, values);
  await indexOpenJobs(executeSql);
  if (handle.kind === 'postgres') await noticeQueuedJobs(executeSql);
  return boss;
}

/**
 * Creates the queue's schema (pg-boss's tables), or brings it to the installed pg-boss's version, and
 * the queues. pg-boss's own creation is not safe with several processes at once (they collide on the
 * schema or deadlock creating a queue's table), so this runs under the lock of DatabaseHandle.migrate,
 * after the application's migrations; startQueue then finds everything in place and only reads the
 * schema's version (it still creates what is missing for a single process that skipped this, as tests do).
 */
export async function prepareQueue(executeSql: ExecuteSql, jobExpireSeconds = DEFAULT_JOB_EXPIRE_SECONDS, kind: DatabaseHandle['kind'] = 'pglite'): Promise<void> {
  const boss = new PgBoss({ db: { executeSql }, schema: QUEUE_SCHEMA, supervise: false, schedule: false, migrate: true });
  boss.on('error', () => {
    // A failure here rejects start or createQueue below.
  });
  await boss.start();
  try {
    await createQueues(boss, jobExpireSeconds);
    await indexOpenJobs(executeSql);
    if (kind === 'postgres') await noticeQueuedJobs(executeSql);
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

/** The application's queues and the options each is created with, for a given job expiry. */
export function queueDefinitions(expire = DEFAULT_JOB_EXPIRE_SECONDS): PgBoss.Queue[] {
  return [PROCESSING_QUEUE, REVIEW_PACK_QUEUE].map((name) => ({ name, policy: 'standard', retryLimit: 2, expireInSeconds: expire }));
}

/** The queues, created once: a queue that exists already is left as it is. */
async function createQueues(boss: PgBoss, expire: number): Promise<void> {
  for (const queue of queueDefinitions(expire)) await boss.createQueue(queue.name, queue);
}

/**
 * The index of the jobs that wait or run (states before `completed` in pg-boss's order: created,
 * retry, active), which the fair turns and the company's count of uploads waiting read on every
 * upload (uploadTurns.ts). pg-boss keeps completed jobs in the same table until it archives them (12
 * hours on), and its own indexes leave running jobs out: without this, every upload read all of the
 * day's jobs of every company, under its company's lock. Made on the partitioned table, so each
 * queue's partition has it, also one created later. Made once: a start that finds it only reads the catalogue.
 */
export const OPEN_JOBS_INDEX = 'job_open_i';
export const OPEN_JOBS_INDEX_DEFINITION = `create index if not exists ${OPEN_JOBS_INDEX} on ${QUEUE_SCHEMA}.job (name, priority) where state < 'completed'`;

async function indexOpenJobs(executeSql: ExecuteSql): Promise<void> {
  const found = await executeSql(`select 1 from pg_indexes where schemaname = $1 and indexname = $2`, [QUEUE_SCHEMA, OPEN_JOBS_INDEX]);
  if (found.rows.length > 0) return;
  await executeSql(OPEN_JOBS_INDEX_DEFINITION);
}

/**
 * On PostgreSQL, where the API that queues an upload and the workers that take it may be separate
 * processes: every job written to the queue is announced on JOB_QUEUED_CHANNEL, its queue's name the
 * payload, when the transaction that wrote it commits, so an idle worker of any process starts it at
 * once rather than at its next poll (queuedJobNotices.ts). A row trigger on pg-boss's job table: its
 * partitions have it, also one attached later. The embedded database serves one process, whose own
 * workers are woken directly, so it has none. Made once: a start that finds it only reads the catalogue.
 */
export const JOB_QUEUED_CHANNEL = 'payroll_job_queued';
const JOB_QUEUED_TRIGGER = 'job_queued_notice';

async function noticeQueuedJobs(executeSql: ExecuteSql): Promise<void> {
  const found = await executeSql(`select 1 from pg_trigger where tgname = $1 and tgrelid = '${QUEUE_SCHEMA}.job'::regclass`, [JOB_QUEUED_TRIGGER]);
  if (found.rows.length > 0) return;
  await executeSql(`
    create or replace function ${QUEUE_SCHEMA}.${JOB_QUEUED_TRIGGER}() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${JOB_QUEUED_CHANNEL}', new.name);
      return null;
    end $$`);
  await executeSql(`create trigger ${JOB_QUEUED_TRIGGER} after insert on ${QUEUE_SCHEMA}.job for each row execute function ${QUEUE_SCHEMA}.${JOB_QUEUED_TRIGGER}()`);
}
