import type PgBoss from 'pg-boss';
import { type UploadJobDeps, processUpload } from './processUpload';
import { PROCESSING_QUEUE } from './queue';
import type { ProcessUploadJob } from './uploadJobs';

export interface UploadWorker {
  /** Stops taking jobs; the jobs under way finish first. */
  stop(): Promise<void>;
}

/** The queue workers of this process, by queue instance: an upload queued here wakes them at once. */
const localWorkers = new WeakMap<PgBoss, string[]>();

/**
 * Takes `process-upload` jobs, `concurrency` at a time (config PROCESSING_CONCURRENCY): one queue
 * worker per slot, each running one job after another. Runs in the `all` and `worker` roles.
 */
export async function startUploadWorker(boss: PgBoss, deps: UploadJobDeps, concurrency: number): Promise<UploadWorker> {
  const ids: string[] = [];
  const running = new Set<Promise<void>>();
  for (let slot = 0; slot < concurrency; slot++) {
    ids.push(
      await boss.work<ProcessUploadJob>(PROCESSING_QUEUE, { batchSize: 1 }, async ([job]) => {
        const run = processUpload(deps, job);
        running.add(run);
        try {
          await run;
        } finally {
          running.delete(run);
        }
      }),
    );
  }
  localWorkers.set(boss, [...(localWorkers.get(boss) ?? []), ...ids]);
  return {
    async stop() {
      localWorkers.set(boss, (localWorkers.get(boss) ?? []).filter((id) => !ids.includes(id)));
      await Promise.all(ids.map((id) => boss.offWork({ id })));
      await Promise.allSettled([...running]);
    },
  };
}

/**
 * Wakes this process's idle workers after an upload commits, so a job queued here starts now rather
 * than at the next poll (every two seconds). Workers in other processes find it at their next poll.
 */
export function wakeUploadWorkers(boss: PgBoss): void {
  for (const id of localWorkers.get(boss) ?? []) boss.notifyWorker(id);
}
