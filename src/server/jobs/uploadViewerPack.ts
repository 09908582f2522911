/**
 * The viewer's rows of an upload (its review pack), built by a job of its own on the
 * `build-review-pack` queue (REVIEW_PACK_QUEUE) once the upload is SCRUBBED: the upload's job ends
 * as soon as the engine's outputs are stored, so the next upload does not wait for the pack, and the
 * viewer says PREPARING meanwhile. The pack is built from the stored files (raw, consolidated,
 * scrubbed). A build that fails leaves the upload, its files and its review as they are: the viewer
 * says it could not be prepared, and the log says why.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/client';
import type { uploads } from '../db/schema';
import type { FileStorage } from '../storage/fileStorage';
import { type UploadPackFiles, type UploadPackRun, buildUploadPack, markUploadPackFailed } from '../services/review/pack/reviewPack';
import { freshWorkDir, runSignal } from './jobWorkDir';
import { REVIEW_PACK_QUEUE } from './queue';
import { queueDbOf } from './queueTransaction';
import type { QueuedJob } from './queueWorker';
import { uploadStillExists } from './uploadJobs';
import { nextUploadTurn } from './uploadTurns';
import { type FileKind, fetchStoredFile, type UploadFileRow, uploadWithFiles } from './uploadStages';
import type { UploadSummary } from '../services/uploads/uploadSummary';

/**
 * The data of a job on the `build-review-pack` queue: the upload and the run of it whose outputs the
 * pack shows (uploads.job_id when it became SCRUBBED). Everything else is read when the job runs.
 */
export interface ReviewPackJob {
  uploadId: string;
  runId: string | null;
}

export interface ViewerPackDeps {
  db: Database;
  storage: FileStorage;
  log: { error: (details: object, message: string) => void };
  /** The upload's pack's pace, awaited before each batch of its rows: the workers let this process's uploads go first (reviewPackWorker.ts). */
  pace?: (uploadId: string) => () => Promise<void>;
}

const TEMP_PREFIX = 'payroll-pack-';

/**
 * Queues the pack job of a run that has just made the upload SCRUBBED, inside that transaction
 * (`tx`): the status and its job commit together, so a SCRUBBED upload always has its pack coming.
 * `turn`: its fair turn on the pack queue when the statement that wrote SCRUBBED read it (nextUploadTurnSql), or read here.
 */
export async function queueReviewPackJob(boss: PgBoss, tx: Executor, run: { uploadId: string; jobId: string | null }, turn?: number): Promise<void> {
  const sent = await sendReviewPackJob(boss, tx, run, { inTransaction: true, turn });
  if (sent !== packJobId(run)) throw new Error(`the review pack job of upload ${run.uploadId} was not queued`);
}

/**
 * Makes sure the pack job of a SCRUBBED upload whose pack is still pending exists (an upload made
 * SCRUBBED before packs had a job of their own): queued unless it already is. The job's id is the
 * run's, so an upload's run never has two.
 */
export async function ensureReviewPackJob(boss: PgBoss, db: Executor, run: { uploadId: string; jobId: string | null }): Promise<void> {
  await sendReviewPackJob(boss, db, run);
}

/**
 * Queues the pack job with its company's fair turn on the pack queue (uploadTurns.ts), `turn` or read from `db`;
 * `inTransaction`: `db` is the transaction the job is written in too. pg-boss skips a job whose id its
 * queue already holds (and answers null).
 */
async function sendReviewPackJob(
  boss: PgBoss,
  db: Executor,
  run: { uploadId: string; jobId: string | null },
  { inTransaction = false, turn }: { inTransaction?: boolean; turn?: number } = {},
): Promise<string | null> {
  const data: ReviewPackJob = { uploadId: run.uploadId, runId: run.jobId };
  const priority = -(turn ?? (await nextUploadTurn(db, run.uploadId, REVIEW_PACK_QUEUE)));
  return boss.send(REVIEW_PACK_QUEUE, data, { id: packJobId(run), priority, ...(inTransaction ? { db: queueDbOf(db) } : {}) });
}

/** One id per run of an upload (pg-boss wants a uuid): the same run always names the same pack job. */
export function packJobId(run: { uploadId: string; jobId: string | null }): string {
  const hex = createHash('sha256').update(`review-pack\n${run.uploadId}\n${run.jobId ?? ''}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Runs one pack job. Safe to run again: a pack already ready (or marked failed) is left as it is,
 * and a build replaces whatever an earlier build of the same upload left half way (the queue hands a
 * job out again when its worker died or stopped), so a pack is whole exactly once. An upload deleted
 * before or during the build, or processed again since (that run queues its own pack), ends it
 * without a word. At the job's expiry, or when its worker stops, the build stops and the job is
 * handed out again.
 */
export async function buildReviewPack(deps: ViewerPackDeps, job: QueuedJob<ReviewPackJob>): Promise<void> {
  const { uploadId, runId } = job.data;
  const pace = deps.pace?.(uploadId);
  // the files are fetched and read before the first batch of rows: the uploads go first from the start
  if (pace) await pace();
  const found = await uploadWithFiles(deps.db, uploadId);
  if (!found || found.upload.jobId !== runId || !viewerPackPending(found.upload)) return;
  const { upload, files } = found;

  const { signal, done } = runSignal(job.expireInSeconds, job.halt);
  const workDir = await freshWorkDir(TEMP_PREFIX, uploadId);
  try {
    const run = { uploadId, jobId: runId, queueJobId: job.id };
    await prepareViewerPack({ ...deps, pace }, run, () => storedPackFiles(deps.storage, uploadId, files, workDir), upload.summary as UploadSummary, signal);
  } finally {
    done();
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Builds the pack from the files `files` answers (read inside the build, so a file that cannot be
 * fetched fails only the pack). Throws only when `signal` stopped it: the queue hands the job out
 * again and that run builds the pack.
 */
async function prepareViewerPack(
  deps: Pick<ViewerPackDeps, 'db' | 'log'> & { pace?: () => Promise<void> },
  run: UploadPackRun & { queueJobId: string },
  files: () => Promise<UploadPackFiles>,
  summary: UploadSummary,
  signal: AbortSignal,
): Promise<void> {
  const { queueJobId, ...owner } = run;
  try {
    await buildUploadPack(deps.db, owner, await files(), summary, signal, deps.pace);
  } catch (error) {
    if (signal.aborted) throw error;
    // a deletion that took the upload (or its files) while the pack was built: nothing to report
    if (!(await uploadStillExists(deps.db, owner.uploadId))) return;
    deps.log.error({ err: error, uploadId: owner.uploadId, jobId: queueJobId }, 'the viewer of an upload could not be prepared');
    await markUploadPackFailed(deps.db, owner);
  }
}

/**
 * Whether a SCRUBBED upload still waits for its pack: its pack job has not run yet, is under way,
 * or stopped (its worker died) before the pack was ready or had failed.
 */
export function viewerPackPending(upload: Pick<typeof uploads.$inferSelect, 'status' | 'reviewReadyAt' | 'reviewFailedAt'>): boolean {
  return upload.status === 'SCRUBBED' && upload.reviewReadyAt === null && upload.reviewFailedAt === null;
}

/**
 * The three stored files of a SCRUBBED upload, copied into `dir` and checked against their recorded
 * checksums. The storage hands out streams only (local disk or S3 alike), so the pack reads copies.
 */
async function storedPackFiles(storage: FileStorage, uploadId: string, files: ReadonlyMap<FileKind, UploadFileRow>, dir: string): Promise<UploadPackFiles> {
  const fetch = (kind: FileKind) => fetchStoredFile(storage, uploadId, files, kind, dir);
  const [raw, consolidated, scrubbed] = await Promise.all([fetch('raw'), fetch('consolidated'), fetch('scrubbed')]);
  return { raw: { path: raw.path, fileName: raw.file.filename }, consolidated: consolidated.path, scrubbed: scrubbed.path };
}
