import type PgBoss from 'pg-boss';
import { type UploadJobDeps, processUpload } from './processUpload';
import { PROCESSING_QUEUE } from './queue';
import type { ProcessUploadJob } from './uploadJobs';

export interface UploadWorker {
  /**
   * Stops taking jobs; the jobs under way finish first. Those still running after `graceMs` are
   * stopped and handed back to the queue (as a failed attempt, retried at once by any worker).
   */
  stop(graceMs?: number): Promise<void>;
}

/**
 * How often an idle worker asks the queue for a job. An upload queued in this process wakes its
 * workers at once; one queued by another process (a separate API process) is found within this.
 */
const POLLING_INTERVAL_SECONDS = 0.5;

/** The queue workers of this process, by queue instance: an upload queued here wakes them at once. */
const localWorkers = new WeakMap<PgBoss, string[]>();

/**
 * Takes `process-upload` jobs, `concurrency` at a time (config PROCESSING_CONCURRENCY): one queue
 * worker per slot, each running one job after another. Runs in the `all` and `worker` roles. Each
 * slot takes the job with the highest priority (pg-boss's default order), which is the earliest
 * fair turn between companies given when the job was queued (uploadTurns.ts).
 */
export async function startUploadWorker(boss: PgBoss, deps: UploadJobDeps, concurrency: number): Promise<UploadWorker> {
  const ids: string[] = [];
  /** The runs under way, each with what stops it. */
  const running = new Map<Promise<void>, AbortController>();
  for (let slot = 0; slot < concurrency; slot++) {
    let id = '';
    id = await boss.work<ProcessUploadJob>(PROCESSING_QUEUE, { batchSize: 1, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, async ([job]) => {
      const halt = new AbortController();
      const run = processUpload(deps, { ...job, halt: halt.signal });
      running.set(run, halt);
      try {
        await run;
      } finally {
        running.delete(run);
        // The queue may hold more: look for the next job now rather than after a polling interval.
        boss.notifyWorker(id);
      }
    });
    ids.push(id);
  }
  localWorkers.set(boss, [...(localWorkers.get(boss) ?? []), ...ids]);
  return {
    async stop(graceMs = Infinity) {
      localWorkers.set(boss, (localWorkers.get(boss) ?? []).filter((id) => !ids.includes(id)));
      await Promise.all(ids.map((id) => boss.offWork({ id })));
      const finished = Promise.allSettled([...running.keys()]);
      if (await settlesWithin(finished, graceMs)) return;
      // A run stopped this way ends with an error, so the queue marks the attempt failed and hands the job out again.
      for (const halt of running.values()) halt.abort();
      await finished;
    },
  };
}

/**
 * Wakes this process's idle workers after an upload commits, so a job queued here starts now rather
 * than at the next poll. Workers in other processes find it at their next poll.
 */
export function wakeUploadWorkers(boss: PgBoss): void {
  for (const id of localWorkers.get(boss) ?? []) boss.notifyWorker(id);
}

/** Whether the promise settles within the time given (it is left running either way). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  if (ms === Infinity) {
    await promise;
    return true;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
