import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The job of one run of an upload: the upload, the job's id (kept in uploads.job_id) and how long it may run. */
export interface UploadJobRequest {
  uploadId: string;
  jobId: string;
  expireInSeconds: number;
  /** The job's turn among the companies' (see `nextTurn`), when the statement that wrote the upload read it; read by the queue otherwise. */
  turn?: number;
}

/**
 * The processing queue as the services see it. Services record an upload and ask for its job here;
 * the job side implements it (jobs/bossUploadQueue.ts) and the app hands it to the services in its
 * context, so services never import the job code that runs the uploads and the dependency runs one
 * way: jobs call services.
 */
export interface UploadQueue {
  /**
   * Queues the job of an upload inside the transaction that writes the upload (`tx`): the row and its
   * job commit together or not at all.
   */
  queueUpload(tx: Executor, job: UploadJobRequest): Promise<void>;
  /**
   * How many of the company's uploads wait for a worker or are being processed now (their jobs, that
   * is): an expression, so the limits are read in one statement with the company's other figures.
   */
  openUploads(companyId: string): SQL;
  /**
   * The turn of the company's next job, which orders it fairly among the companies' jobs: an
   * expression, so the statement that writes the upload reads it too, in the company's lock.
   */
  nextTurn(companyId: string): SQL;
  /** Called once the transaction that queued a job has committed, so that it starts now rather than at the next poll. */
  wake(): void;
}
