import type PgBoss from 'pg-boss';
import { PROCESSING_QUEUE, REVIEW_PACK_QUEUE } from './queue';
import { type QueueWorker, queueIdle, startQueueWorker, wakeQueueWorkers } from './queueWorker';
import { buildReviewPack, type ReviewPackJob, type ViewerPackDeps } from './uploadViewerPack';
import type { JobLease } from './workerLeases';

/**
 * The longest a pack waits, before one batch of its rows, for this process's uploads to finish: it
 * yields to them (they share the process's main thread and, embedded, its database connection) but
 * still moves on while uploads keep coming.
 */
const YIELD_TO_UPLOADS_MAX_MS = 5_000;

/**
 * Takes `build-review-pack` jobs, `concurrency` at a time (config REVIEW_PACK_CONCURRENCY), in
 * worker slots of their own: a pack being built never holds an upload's job back, and the upload
 * worker's slots stay free for the engine. While an upload of this process is being processed, the
 * build pauses between batches of rows (for at most YIELD_TO_UPLOADS_MAX_MS at a time), so the next
 * upload is not slowed by the previous one's pack. Runs in the `all` and `worker` roles and stops
 * like the upload worker (jobs under way finish within the grace period, or are handed back to the queue).
 */
export function startReviewPackWorker(boss: PgBoss, deps: ViewerPackDeps, concurrency: number, lease?: JobLease): Promise<QueueWorker> {
  const paced: ViewerPackDeps = { ...deps, pace: () => queueIdle(boss, PROCESSING_QUEUE, YIELD_TO_UPLOADS_MAX_MS) };
  return startQueueWorker<ReviewPackJob>(boss, REVIEW_PACK_QUEUE, concurrency, (job) => buildReviewPack(paced, job), { lease });
}

/** Wakes this process's idle pack workers once a pack job has committed, so the build starts now rather than at the next poll. */
export function wakeReviewPackWorkers(boss: PgBoss): void {
  wakeQueueWorkers(boss, REVIEW_PACK_QUEUE);
}
