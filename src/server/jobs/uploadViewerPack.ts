/**
 * The viewer's rows of an upload (its review pack), built by the upload's job after the upload is
 * SCRUBBED: nobody waits for them to see the upload processed, and the viewer says PREPARING
 * meanwhile. A build that fails leaves the upload, its files and its review as they are: the viewer
 * says it could not be prepared, and the log says why.
 */
import type { Database } from '../db/client';
import type { uploads } from '../db/schema';
import { type UploadPackFiles, type UploadPackRun, buildUploadPack, markUploadPackFailed } from '../services/reviewPack';
import { uploadStillExists } from './uploadJobs';
import type { UploadStages } from './uploadStages';
import type { UploadSummary } from './uploadSummary';

export interface ViewerPackDeps {
  db: Database;
  log: { error: (details: object, message: string) => void };
}

/**
 * Builds the pack from the files `files` answers (read inside the build, so a file that cannot be
 * fetched fails only the pack). Throws only when `signal` stopped it: the queue hands the job out
 * again and that run builds the pack.
 */
export async function prepareViewerPack(
  deps: ViewerPackDeps,
  run: UploadPackRun & { queueJobId: string },
  files: () => Promise<UploadPackFiles>,
  summary: UploadSummary,
  signal: AbortSignal,
): Promise<void> {
  const { queueJobId, ...owner } = run;
  try {
    await buildUploadPack(deps.db, owner, await files(), summary, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    // a deletion that took the upload while its rows were written: nothing to report
    if (!(await uploadStillExists(deps.db, owner.uploadId))) return;
    deps.log.error({ err: error, uploadId: owner.uploadId, jobId: queueJobId }, 'the viewer of an upload could not be prepared');
    await markUploadPackFailed(deps.db, owner);
  }
}

/**
 * Whether a SCRUBBED upload still waits for its pack: the run that made it SCRUBBED stopped (its
 * worker died) before the pack was ready or had failed.
 */
export function viewerPackPending(upload: Pick<typeof uploads.$inferSelect, 'status' | 'reviewReadyAt' | 'reviewFailedAt'>): boolean {
  return upload.status === 'SCRUBBED' && upload.reviewReadyAt === null && upload.reviewFailedAt === null;
}

/** The three stored files of a SCRUBBED upload, copied into `dir`: a pack is built from them without the engine. */
export async function storedPackFiles(stages: UploadStages, dir: string): Promise<UploadPackFiles> {
  const [raw, consolidated, scrubbed] = await Promise.all([
    stages.fetchStored('raw', dir),
    stages.fetchStored('consolidated', dir),
    stages.fetchStored('scrubbed', dir),
  ]);
  return { raw: { path: raw.path, fileName: raw.file.filename }, consolidated: consolidated.path, scrubbed: scrubbed.path };
}
