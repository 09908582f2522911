import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/client';
import { queueJobHolders, queueWorkers } from '../db/schema';
import { QUEUE_SCHEMA } from './queue';
import { queueDbOf } from './queueTransaction';

/** What the queue records as the outcome of an attempt whose process stopped under it. */
const INTERRUPTED = { message: 'the process running the job stopped; handed back to the queue' };

/** A lease is renewed this many times within its length, so one late renewal never lets it lapse. */
const RENEWALS_PER_LEASE = 6;

/** A job handed back to the queue because the process that ran it is gone. */
export interface HandedBackJob {
  id: string;
  queue: string;
  data: unknown;
  /** The job had no attempts left: the queue has given up on it (state `failed`) rather than queued it again. */
  gaveUp: boolean;
}

/** What a queue worker tells the lease about the jobs it runs. */
export interface JobLease {
  /** Records that this process runs the job now (its row goes when the run ends or the process is taken for dead). */
  hold(queue: string, jobId: string): Promise<void>;
  release(jobId: string): Promise<void>;
}

export interface WorkerLeaseOptions {
  /** How long a worker that stops renewing its lease keeps its jobs (config WORKER_LEASE_SECONDS). */
  leaseSeconds: number;
  /**
   * This process is the only one on its database (the embedded one): at its start every job still
   * active was left by a process that no longer exists, and is handed back at once.
   */
  soleProcess: boolean;
  /** The queues whose jobs this process runs (and whose abandoned jobs it hands back). */
  queues: string[];
  /** Writes, in the transaction that hands the jobs back, what the rows of those jobs must say about it. */
  onHandBack?: (tx: Executor, jobs: HandedBackJob[]) => Promise<void>;
  log: { warn: (details: object, message: string) => void };
}

/**
 * The lease of one worker process: a row in `queue_workers` renewed every few seconds, and one row
 * in `queue_job_holders` per job it runs. pg-boss (10.x) only takes an active job back at its expiry
 * (PROCESSING_JOB_EXPIRE_SECONDS, sized for the longest upload), so the jobs of a process that died
 * would wait for it: with the lease they are handed back (failed as an attempt, retried at once by
 * the queue) as soon as the lease has lapsed, by whichever worker notices first.
 *
 * A job is handed back when it has been active for longer than the lease and no worker whose lease
 * is current holds it (its worker is gone, or died between taking the job and recording it). The
 * embedded process, alone on its database, hands back every active job when it starts, in the
 * transaction that records its start.
 *
 * A worker that could not renew its lease for a while (the database was unreachable) does not hand
 * anyone's jobs back during the lease that follows: the others were cut off too, and get the time
 * to renew theirs first.
 */
export class WorkerLease implements JobLease {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private lastRenewed = Date.now();
  /** Until when this worker leaves other workers' jobs alone (after it was itself cut off). */
  private quietUntil = 0;

  private constructor(
    private readonly db: Database,
    private readonly boss: PgBoss,
    private readonly options: WorkerLeaseOptions,
  ) {}

  /**
   * Records this process's start and lease, handing back in the same transaction the jobs left by
   * processes that are gone (every active job, for the sole embedded process), then keeps the lease.
   */
  static async start(db: Database, boss: PgBoss, options: WorkerLeaseOptions): Promise<{ lease: WorkerLease; handedBack: HandedBackJob[] }> {
    const lease = new WorkerLease(db, boss, options);
    const handedBack = await db.transaction(async (tx) => {
      await tx.insert(queueWorkers).values({ id: lease.id });
      return lease.handBack(tx, options.soleProcess ? 'all' : 'lapsed');
    });
    // alone on its database, the embedded process has no one to hand jobs back from but its own past
    if (options.soleProcess) return { lease, handedBack };
    const every = Math.max(1, options.leaseSeconds / RENEWALS_PER_LEASE) * 1000;
    lease.timer = setInterval(() => {
      lease.beating ??= lease.beat().finally(() => (lease.beating = undefined));
    }, every);
    lease.timer.unref();
    return { lease, handedBack };
  }

  async hold(queue: string, jobId: string): Promise<void> {
    await this.db.insert(queueJobHolders).values({ jobId, queue, workerId: this.id }).onConflictDoUpdate({
      target: queueJobHolders.jobId,
      set: { queue, workerId: this.id, heldSince: new Date() },
    });
  }

  async release(jobId: string): Promise<void> {
    await this.db.delete(queueJobHolders).where(and(eq(queueJobHolders.jobId, jobId), eq(queueJobHolders.workerId, this.id)));
  }

  /** Stops renewing and gives the lease up (the process stops; its workers have stopped first). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await this.db.delete(queueWorkers).where(eq(queueWorkers.id, this.id));
  }

  /** Renews the lease, then hands back the jobs of workers whose lease has lapsed. */
  private async beat(): Promise<void> {
    const now = Date.now();
    try {
      const renewed = await this.db.update(queueWorkers).set({ renewedAt: sql`now()` }).where(eq(queueWorkers.id, this.id)).returning({ id: queueWorkers.id });
      if (renewed.length === 0) {
        // another worker took this one for dead (it could not renew in time): it starts a lease again
        this.options.log.warn({ workerId: this.id }, 'the worker lease had lapsed; its jobs may run elsewhere too');
        await this.db.insert(queueWorkers).values({ id: this.id }).onConflictDoNothing();
      }
      if (now - this.lastRenewed > this.options.leaseSeconds * 1000) this.quietUntil = now + this.options.leaseSeconds * 1000;
      this.lastRenewed = now;
      if (now < this.quietUntil) return;
      await this.db.transaction((tx) => this.handBack(tx, 'lapsed'));
    } catch (error) {
      this.options.log.warn({ err: error, workerId: this.id }, 'the worker lease could not be renewed');
    }
  }

  /**
   * Hands back the active jobs of this process's queues that no live worker holds: all of them
   * (`all`, the embedded process at its start), or those active for longer than the lease with no
   * holder whose lease is current (`lapsed`). Each is failed as an attempt, so the queue retries it at
   * once while it has attempts left; lapsed workers' rows go with them.
   */
  private async handBack(tx: Executor, which: 'all' | 'lapsed'): Promise<HandedBackJob[]> {
    const lease = sql`make_interval(secs => ${this.options.leaseSeconds})`;
    const abandoned =
      which === 'all'
        ? sql`true`
        : sql`j.started_on < now() - ${lease} AND NOT EXISTS (
            SELECT 1 FROM ${queueJobHolders} h JOIN ${queueWorkers} w ON w.id = h.worker_id
            WHERE h.job_id = j.id AND w.renewed_at >= now() - ${lease})`;
    const queues = sql.join(
      this.options.queues.map((queue) => sql`${queue}`),
      sql`, `,
    );
    const found = (await tx.execute(sql`
      SELECT j.id::text AS id, j.name AS queue, j.data AS data FROM ${sql.raw(QUEUE_SCHEMA)}.job j
      WHERE j.name IN (${queues}) AND j.state = 'active' AND ${abandoned}
      FOR UPDATE OF j SKIP LOCKED`)) as unknown as { rows: { id: string; queue: string; data: unknown }[] };
    // the workers taken for dead go, with what they held (the sole process's predecessors, all of them)
    const gone = which === 'all' ? sql`true` : sql`renewed_at < now() - ${lease}`;
    await tx.execute(sql`DELETE FROM ${queueWorkers} WHERE ${gone} AND id <> ${this.id}`);
    if (found.rows.length === 0) return [];

    const ids = found.rows.map((row) => row.id);
    for (const row of found.rows) await this.boss.fail(row.queue, row.id, INTERRUPTED, { db: queueDbOf(tx) });
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const after = (await tx.execute(sql`SELECT id::text AS id, state FROM ${sql.raw(QUEUE_SCHEMA)}.job WHERE id IN (${idList})`)) as unknown as {
      rows: { id: string; state: string }[];
    };
    const gaveUp = new Set(after.rows.filter((row) => row.state === 'failed').map((row) => row.id));
    await tx.execute(sql`DELETE FROM ${queueJobHolders} WHERE job_id IN (${idList})`);
    const jobs = found.rows.map((row) => ({ ...row, gaveUp: gaveUp.has(row.id) }));
    await this.options.onHandBack?.(tx, jobs);
    this.options.log.warn({ workerId: this.id, jobs: jobs.map(({ id, queue, gaveUp }) => ({ id, queue, gaveUp })) }, 'jobs of a stopped process handed back to the queue');
    return jobs;
  }
}
