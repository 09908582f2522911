import type PgBoss from 'pg-boss';
import type { JobLease } from './workerLeases';

export interface QueueWorker {
  /**
   * Stops taking jobs; the jobs under way finish first. Those still running after `graceMs` are
   * stopped and handed back to the queue (as a failed attempt, retried at once by any worker).
   */
  stop(graceMs?: number): Promise<void>;
}

/** One job as the queue hands it out, with what stops its run early. */
export interface QueuedJob<Data> {
  id: string;
  data: Data;
  /** How long the queue lets it run before it takes it back. */
  expireInSeconds: number;
  /** Aborted when the worker stops before the run is over: the run ends and the queue hands the job out again. */
  halt?: AbortSignal;
}

/**
 * How often an idle worker asks the queue for a job. A job queued in this process wakes its
 * workers at once; one queued by another process (a separate API process) is found within this.
 */
const POLLING_INTERVAL_SECONDS = 0.5;

/** The queue workers of this process, by queue instance and queue name: a job queued here wakes them at once. */
const localWorkers = new WeakMap<PgBoss, Map<string, string[]>>();

/**
 * How long a queue must have run nothing in this process before it counts as idle: a worker that
 * finishes a job asks for the next at once, so a queue with jobs waiting is busy again well within it.
 */
const IDLE_SETTLE_MS = 250;

/** The jobs of one queue this process runs now, when the last one ended, and who waits for the queue to be idle. */
interface LocalRuns {
  running: number;
  lastEndedAt: number;
  idle: Set<() => void>;
  settle: NodeJS.Timeout | undefined;
}

/** The jobs this process runs, by queue instance and queue name. */
const localRuns = new WeakMap<PgBoss, Map<string, LocalRuns>>();

function runsOf(boss: PgBoss, queue: string): LocalRuns {
  const byQueue = localRuns.get(boss) ?? new Map<string, LocalRuns>();
  localRuns.set(boss, byQueue);
  let runs = byQueue.get(queue);
  if (!runs) byQueue.set(queue, (runs = { running: 0, lastEndedAt: 0, idle: new Set(), settle: undefined }));
  return runs;
}

/** Resolves the waiters once the queue has run nothing for IDLE_SETTLE_MS since its last job ended. */
function settleIdle(runs: LocalRuns): void {
  if (runs.settle || runs.running > 0 || runs.idle.size === 0) return;
  const wait = Math.max(0, runs.lastEndedAt + IDLE_SETTLE_MS - performance.now());
  runs.settle = setTimeout(() => {
    runs.settle = undefined;
    if (runs.running > 0) return;
    // a job that started and ended since this was armed: the moment counts from its end
    if (performance.now() - runs.lastEndedAt < IDLE_SETTLE_MS) settleIdle(runs);
    else for (const resolve of runs.idle) resolve();
  }, wait);
  runs.settle.unref();
}

/**
 * Takes the jobs of one queue, `concurrency` at a time: one pg-boss worker per slot, each running one
 * job after another, in pg-boss's order (highest priority, then oldest). A run that throws fails the
 * attempt, and the queue hands the job out again while it has retries left. With a `lease`, each
 * job run is recorded as held by this process (workerLeases.ts).
 */
export async function startQueueWorker<Data extends object>(
  boss: PgBoss,
  queue: string,
  concurrency: number,
  run: (job: QueuedJob<Data>) => Promise<void>,
  lease?: JobLease,
): Promise<QueueWorker> {
  const ids: string[] = [];
  /** The runs under way, each with what stops it. */
  const running = new Map<Promise<void>, AbortController>();
  for (let slot = 0; slot < concurrency; slot++) {
    let id = '';
    id = await boss.work<Data>(queue, { batchSize: 1, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, async ([job]) => {
      const halt = new AbortController();
      const runs = runsOf(boss, queue);
      runs.running++;
      // Recorded so that, should this process die, another worker hands the job back once the lease lapses;
      // a run whose holding could not be recorded still runs (the job is handed back only after the lease).
      await lease?.hold(queue, job.id).catch(() => undefined);
      const current = run({ ...job, halt: halt.signal });
      running.set(current, halt);
      try {
        await current;
      } finally {
        running.delete(current);
        await lease?.release(job.id).catch(() => undefined);
        if (--runs.running === 0) {
          runs.lastEndedAt = performance.now();
          settleIdle(runs);
        }
        // The queue may hold more: look for the next job now rather than after a polling interval.
        boss.notifyWorker(id);
      }
    });
    ids.push(id);
  }
  const byQueue = localWorkers.get(boss) ?? new Map<string, string[]>();
  localWorkers.set(boss, byQueue);
  byQueue.set(queue, [...(byQueue.get(queue) ?? []), ...ids]);
  return {
    async stop(graceMs = Infinity) {
      byQueue.set(queue, (byQueue.get(queue) ?? []).filter((id) => !ids.includes(id)));
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
 * Wakes this process's idle workers of a queue after a job of it commits, so the job starts now
 * rather than at the next poll. Workers in other processes find it at their next poll.
 */
export function wakeQueueWorkers(boss: PgBoss, queue: string): void {
  for (const id of localWorkers.get(boss)?.get(queue) ?? []) boss.notifyWorker(id);
}

/**
 * Resolves once this process has run no job of the queue for a moment (IDLE_SETTLE_MS: a worker
 * going from one job straight to the next keeps it busy), or after `maxWaitMs` whatever it runs.
 * Work that may wait lets the queue's jobs have the process first.
 */
export async function queueIdle(boss: PgBoss, queue: string, maxWaitMs: number): Promise<void> {
  const runs = runsOf(boss, queue);
  if (runs.running === 0 && performance.now() - runs.lastEndedAt >= IDLE_SETTLE_MS) return;
  let resolve = () => undefined as void;
  const idle = new Promise<void>((done) => (resolve = done));
  runs.idle.add(resolve);
  settleIdle(runs);
  const timer = setTimeout(resolve, maxWaitMs);
  try {
    await idle;
  } finally {
    clearTimeout(timer);
    runs.idle.delete(resolve);
  }
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
