import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Executor } from '../db/client';
import { uploads } from '../db/schema';
import { PROCESSING_QUEUE } from './queue';
import { queueDbOf } from './queueTransaction';
import { nextUploadTurn } from './uploadTurns';

/**
 * The data of a job on the `process-upload` queue (PROCESSING_QUEUE): only the id of the upload row
 * it processes. The job is written in the same transaction as that row (uploads.job_id keeps its id);
 * everything else the handler needs (client, required document, stored files, attempt) is read
 * from the database when the job runs, never copied into the job, so a job can never act on a
 * client or document that has changed or gone since it was queued.
 */
export interface ProcessUploadJob {
  uploadId: string;
}

/**
 * Queues the job of an upload inside the transaction that writes the upload (`tx`), under the id
 * already stored in uploads.job_id: the row and its job commit together or not at all. Its priority
 * is its company's fair turn (uploadTurns.ts), so no company's uploads wait behind another's pile:
 * `turn` when the statement that wrote the upload read it (nextUploadTurnSql), or read here.
 */
export async function queueUploadJob(boss: PgBoss, tx: Executor, job: { uploadId: string; jobId: string; expireInSeconds: number; turn?: number }): Promise<void> {
  const data: ProcessUploadJob = { uploadId: job.uploadId };
  const priority = -(job.turn ?? (await nextUploadTurn(tx, job.uploadId)));
  const sent = await boss.send(PROCESSING_QUEUE, data, { id: job.jobId, expireInSeconds: job.expireInSeconds, priority, db: queueDbOf(tx) });
  if (sent !== job.jobId) throw new Error(`the processing job of upload ${job.uploadId} was not queued`);
}

/**
 * Whether the upload a job points at still exists. Deleting a client (or its company) removes its
 * uploads in one transaction but leaves any job already queued for them in the queue. A job whose
 * upload is gone completes without doing anything (the upload job finds no row when it reads the
 * upload; the pack job asks this first; a failing run asks it before recording the failure): a
 * deleted upload is not a failure to retry, and no file may be written for it.
 */
export async function uploadStillExists(db: Executor, uploadId: string): Promise<boolean> {
  const [row] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, uploadId)).limit(1);
  return row !== undefined;
}
