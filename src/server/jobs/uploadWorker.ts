import type PgBoss from 'pg-boss';
import { type UploadJobDeps, processUpload } from './processUpload';
import { PROCESSING_QUEUE } from './queue';
import { type QueueWorker, type QueueWorkerOptions, startQueueWorker, wakeQueueWorkers } from './queueWorker';
import type { ProcessUploadJob } from './uploadJobs';

export type UploadWorker = QueueWorker;

/**
 * Takes `process-upload` jobs, `concurrency` at a time (config PROCESSING_CONCURRENCY): one queue
 * worker per slot, each running one job after another. Runs in the `all` and `worker` roles. Each
 * slot takes the job with the highest priority (pg-boss's default order), which is the earliest
 * fair turn between companies given when the job was queued (uploadTurns.ts). A job ends once the
 * engine's outputs are stored: the review pack is built by a job of its own (reviewPackWorker.ts).
 */
export async function startUploadWorker(boss: PgBoss, deps: UploadJobDeps, concurrency: number, options: QueueWorkerOptions = {}): Promise<UploadWorker> {
  return startQueueWorker<ProcessUploadJob>(boss, PROCESSING_QUEUE, concurrency, (job) => processUpload(deps, job), options);
}

/**
 * Wakes this process's idle upload workers after an upload commits, so a job queued here starts now
 * rather than at the next poll. Workers in other processes hear of it from the queue's notice (queuedJobNotices.ts).
 */
export function wakeUploadWorkers(boss: PgBoss): void {
  wakeQueueWorkers(boss, PROCESSING_QUEUE);
}
