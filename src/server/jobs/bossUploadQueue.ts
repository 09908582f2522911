import type PgBoss from 'pg-boss';
import type { UploadQueue } from '../services/uploads/uploadQueue';
import { queueUploadJob } from './uploadJobs';
import { nextUploadTurnSql, openUploadJobsCount } from './uploadTurns';
import { wakeUploadWorkers } from './uploadWorker';

/**
 * The services' upload queue on pg-boss: jobs on the `process-upload` queue in the caller's
 * transaction, with their company's fair turn (uploadJobs.ts, uploadTurns.ts), and this process's
 * idle upload workers woken once it has committed. The app builds it from its queue.
 */
export function bossUploadQueue(boss: PgBoss): UploadQueue {
  return {
    queueUpload: (tx, job) => queueUploadJob(boss, tx, job),
    openUploads: (companyId) => openUploadJobsCount(companyId),
    nextTurn: (companyId) => nextUploadTurnSql(companyId),
    wake: () => wakeUploadWorkers(boss),
  };
}
