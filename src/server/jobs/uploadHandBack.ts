import { and, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { uploads } from '../db/schema';
import { markUploadPackFailed } from '../services/review/pack/reviewPack';
import { UNDER_WAY, UNEXPECTED_FAILURE } from '../services/uploads/uploadMessages';
import { PROCESSING_QUEUE, REVIEW_PACK_QUEUE } from './queue';
import type { ReviewPackJob } from './uploadViewerPack';
import type { HandedBackJob } from './workerLeases';

/**
 * What the uploads say once their jobs are handed back because the process running them stopped,
 * written in the transaction that hands them back (workerLeases.ts). An upload whose job is queued
 * again waits as QUEUED (no worker holds it: no list shows it as being processed) and is marked
 * resumed, so the run that takes it up says "Resuming after an interruption", and so does the page
 * of anyone who opens it meanwhile; its stored stage outputs are kept, and that run goes on from
 * them. An upload whose job has no attempt left fails with the message of an unexpected failure,
 * as a pack does: neither stays "in progress" for ever.
 */
export async function recordUploadHandBack(tx: Executor, jobs: HandedBackJob[]): Promise<void> {
  const uploadJobs = jobs.filter((job) => job.queue === PROCESSING_QUEUE);
  const retried = uploadJobs.filter((job) => !job.gaveUp).map((job) => job.id);
  const givenUp = uploadJobs.filter((job) => job.gaveUp).map((job) => job.id);
  if (retried.length > 0) {
    await tx
      .update(uploads)
      .set({ status: 'QUEUED', resumedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(inArray(uploads.jobId, retried), inArray(uploads.status, [...UNDER_WAY])));
  }
  if (givenUp.length > 0) {
    await tx
      .update(uploads)
      .set({ status: 'FAILED', errorMessage: UNEXPECTED_FAILURE, updatedAt: sql`now()` })
      .where(and(inArray(uploads.jobId, givenUp), notInArray(uploads.status, ['SCRUBBED', 'FAILED'])));
  }
  for (const job of jobs) {
    if (job.queue !== REVIEW_PACK_QUEUE || !job.gaveUp) continue;
    const { uploadId, runId } = job.data as ReviewPackJob;
    await markUploadPackFailed(tx, { uploadId, jobId: runId });
  }
}
