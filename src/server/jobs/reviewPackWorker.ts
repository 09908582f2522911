import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Executor } from '../db/client';
import { uploads } from '../db/schema';
import { PROCESSING_QUEUE, QUEUE_SCHEMA, REVIEW_PACK_QUEUE } from './queue';
import { jobQueued, type QueueWorker, type QueueWorkerOptions, queueBusy, queueIdle, startQueueWorker, wakeQueueWorkers } from './queueWorker';
import { buildReviewPack, type ReviewPackJob, type ViewerPackDeps } from './uploadViewerPack';

/**
 * The longest a pack waits, before one batch of its rows, for this process's uploads to finish: it
 * yields to them (they share the process's main thread and, embedded, its database connection) but
 * still moves on while uploads keep coming.
 */
const YIELD_TO_UPLOADS_MAX_MS = 5_000;

/** How often a yielding pack looks at the queue for another company's pack, at most (a look is a statement). */
const LOOK_AGAIN_MS = 250;

/**
 * Takes `build-review-pack` jobs, `concurrency` at a time (config REVIEW_PACK_CONCURRENCY), in
 * worker slots of their own: a pack being built never holds an upload's job back, and the upload
 * worker's slots stay free for the engine. While an upload of this process is being processed, the
 * build pauses between batches of rows (packPace), so the next upload is not slowed by the
 * previous one's pack, unless another company's pack waits for the slot. Runs in the `all` and
 * `worker` roles and stops like the upload worker (jobs under way finish within the grace period,
 * or are handed back to the queue).
 */
export function startReviewPackWorker(boss: PgBoss, deps: ViewerPackDeps, concurrency: number, options: QueueWorkerOptions = {}): Promise<QueueWorker> {
  const paced: ViewerPackDeps = { ...deps, pace: (uploadId) => packPace(boss, deps.db, uploadId) };
  return startQueueWorker<ReviewPackJob>(boss, REVIEW_PACK_QUEUE, concurrency, (job) => buildReviewPack(paced, job), options);
}

/**
 * The pace of one upload's pack (awaited before each batch of its rows): waits until this process
 * runs no upload (queueIdle), for at most `maxWaitMs` a batch; but not while a pack of another
 * company waits on the queue. A pack that yields holds its worker slot, so with one slot (the
 * default) the pack of one of a company's uploads, crawling while that company's pile of uploads is
 * processed, would hold another company's pack back for the whole pile, though that pack's turn is
 * next (uploadTurns.ts). So the pack looks at the queue first, and when another company's pack waits
 * it goes on at once and frees the slot as soon as it can. A pack queued while it waits (heard as the
 * workers are woken: in this process, or announced by another on PostgreSQL) makes it look again.
 * It looks at most every LOOK_AGAIN_MS, across its batches: what it last saw stands until then.
 */
export function packPace(boss: PgBoss, db: Executor, uploadId: string, maxWaitMs = YIELD_TO_UPLOADS_MAX_MS): () => Promise<void> {
  let looked = { at: -Infinity, otherWaits: false };
  return async () => {
    const deadline = performance.now() + maxWaitMs;
    while (queueBusy(boss, PROCESSING_QUEUE)) {
      const now = performance.now();
      if (now >= deadline) return;
      if (now - looked.at >= LOOK_AGAIN_MS) looked = { at: now, otherWaits: await otherCompanysPackWaits(db, uploadId) };
      if (looked.otherWaits) return;
      const stop = new AbortController();
      try {
        // the uploads done, or a pack queued: then a look again, no sooner than LOOK_AGAIN_MS after the last one
        const lookAgain = () => queueIdle(boss, PROCESSING_QUEUE, looked.at + LOOK_AGAIN_MS - performance.now(), stop.signal);
        await Promise.race([queueIdle(boss, PROCESSING_QUEUE, deadline - now, stop.signal), jobQueued(boss, REVIEW_PACK_QUEUE, stop.signal).then(lookAgain)]);
      } finally {
        stop.abort();
      }
    }
  };
}

/**
 * Whether a pack job of another company than the upload's waits on the queue (created, or to be
 * retried: the states before `active`), read through the index of open jobs (queue.ts).
 */
async function otherCompanysPackWaits(db: Executor, uploadId: string): Promise<boolean> {
  const result = (await db.execute(sql`
    select exists (
      select 1 from ${sql.identifier(QUEUE_SCHEMA)}.job as job
      join ${uploads} on ${uploads.id} = (job.data ->> 'uploadId')::uuid
      where job.name = ${REVIEW_PACK_QUEUE} and job.state < 'active'
        and ${uploads.companyId} <> (select ${uploads.companyId} from ${uploads} where ${uploads.id} = ${uploadId})
    ) as waits`)) as unknown as { rows: Array<{ waits: boolean }> };
  return result.rows[0].waits === true;
}

/** Wakes this process's idle pack workers once a pack job has committed, so the build starts now rather than at the next poll. */
export function wakeReviewPackWorkers(boss: PgBoss): void {
  wakeQueueWorkers(boss, REVIEW_PACK_QUEUE);
}
