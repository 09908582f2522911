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
 * How often an idle worker asks the queue for a job. A job queued in this process wakes its workers
 * at once, and on PostgreSQL one queued by another process (a separate API process) does too, through
 * the queue's notice (queuedJobNotices.ts); a notice lost with its connection is made up for within this.
 */
const POLLING_INTERVAL_MS = 500;

export interface QueueWorkerOptions {
  /** Each job run recorded as held by this process (workerLeases.ts). */
  lease?: JobLease;
  /** How long an idle slot waits before it asks the queue again, unless woken (default POLLING_INTERVAL_MS). */
  pollingIntervalMs?: number;
}

/** What this process keeps for each queue of a queue instance: its slots, its runs, who waits to hear of its jobs. */
type PerQueue<T> = WeakMap<PgBoss, Map<string, T>>;

/** The entry of `queue` in `registry`, made by `create` the first time. */
function entryOf<T>(registry: PerQueue<T>, boss: PgBoss, queue: string, create: () => T): T {
  let byQueue = registry.get(boss);
  if (!byQueue) registry.set(boss, (byQueue = new Map()));
  let entry = byQueue.get(queue);
  if (!entry) byQueue.set(queue, (entry = create()));
  return entry;
}

/** The queue workers' slots in this process, by queue instance and queue name: a job queued here wakes them at once. */
const localSlots: PerQueue<Set<{ notify(): void }>> = new WeakMap();

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
const localRuns: PerQueue<LocalRuns> = new WeakMap();

function runsOf(boss: PgBoss, queue: string): LocalRuns {
  return entryOf(localRuns, boss, queue, () => ({ running: 0, lastEndedAt: 0, idle: new Set(), settle: undefined }));
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
 * Takes the jobs of one queue, `concurrency` at a time: one slot per unit of concurrency, each asking
 * the queue for its next job (pg-boss's order: highest priority, then oldest), running it and recording
 * its outcome, then asking again. A run that throws fails the attempt, and the queue hands the job out
 * again while it has retries left. With a `lease`, each job run is recorded as held by this process
 * (workerLeases.ts).
 *
 * The slots are this module's own rather than pg-boss's `work()`: that records a job's outcome without
 * awaiting it, which a stopping process could overtake by closing its database (the query then ended
 * the process), and its `offWork()` polls for its workers' end on a timer that outlives the stop.
 * Here stop() returns once every outcome is recorded and nothing of the worker is left waiting.
 */
export async function startQueueWorker<Data extends object>(
  boss: PgBoss,
  queue: string,
  concurrency: number,
  run: (job: QueuedJob<Data>) => Promise<void>,
  { lease, pollingIntervalMs = POLLING_INTERVAL_MS }: QueueWorkerOptions = {},
): Promise<QueueWorker> {
  /** What stops each run under way: stop() waits for the slots themselves, which end with their runs. */
  const halts = new Set<AbortController>();
  /** Set once the stop's grace period is over: a run that starts after it is stopped at once. */
  let halting = false;
  const handle = async (job: PgBoss.Job<Data>): Promise<void> => {
    const halt = new AbortController();
    if (halting) halt.abort();
    halts.add(halt);
    const runs = runsOf(boss, queue);
    runs.running++;
    try {
      // Recorded so that, should this process die, another worker hands the job back once the lease lapses;
      // a run whose holding could not be recorded still runs (the job is handed back only after the lease).
      await lease?.hold(queue, job.id).catch(() => undefined);
      const outcome = await run({ ...job, halt: halt.signal }).then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
      if (!outcome) await boss.complete(queue, job.id);
      else await boss.fail(queue, job.id, outcome.error instanceof Error ? outcome.error : { message: String(outcome.error) });
    } finally {
      await lease?.release(job.id).catch(() => undefined);
      halts.delete(halt);
      if (--runs.running === 0) {
        runs.lastEndedAt = performance.now();
        settleIdle(runs);
      }
    }
  };
  // An outcome that could not be recorded (the database out of reach) is not lost: the job expires and
  // is handed out again. It is reported as pg-boss reports its own errors.
  const slots = Array.from({ length: concurrency }, () => new Slot(() => fetchOne<Data>(boss, queue), handle, (error) => boss.emit('error', error), pollingIntervalMs));
  const mine = entryOf(localSlots, boss, queue, () => new Set());
  for (const slot of slots) mine.add(slot);
  const stopSlots = () => {
    for (const slot of slots) {
      slot.stop();
      mine.delete(slot);
    }
  };
  // A queue stopped under its workers (a process closing without stopping them) stops them too.
  boss.once('stopped', stopSlots);
  return {
    async stop(graceMs = Infinity) {
      boss.off('stopped', stopSlots);
      stopSlots();
      // each slot ends with its run (and the outcome recorded); one that was asking the queue ends with the answer
      const ended = Promise.all(slots.map((slot) => slot.ended));
      if (await settlesWithin(ended, graceMs)) return;
      // A run stopped this way ends with an error: its attempt is recorded as failed, and the queue hands the job out again.
      halting = true;
      for (const halt of halts) halt.abort();
      await ended;
    },
  };
}

async function fetchOne<Data>(boss: PgBoss, queue: string): Promise<PgBoss.Job<Data> | undefined> {
  const [job] = await boss.fetch<Data>(queue, { batchSize: 1, priority: true });
  return job;
}

/**
 * One unit of a queue worker's concurrency: asks for a job, runs it, and asks again at once; with none
 * waiting it asks again after its polling interval, or sooner when woken (a job queued in this process,
 * or a notice of one queued by another).
 */
class Slot<Job> {
  private stopping = false;
  private woken = false;
  private wake: (() => void) | undefined;
  readonly ended: Promise<void>;

  constructor(
    private readonly next: () => Promise<Job | undefined>,
    private readonly handle: (job: Job) => Promise<void>,
    private readonly report: (error: unknown) => void,
    private readonly pollingIntervalMs: number,
  ) {
    this.ended = this.loop();
  }

  notify(): void {
    this.woken = true;
    this.wake?.();
  }

  stop(): void {
    this.stopping = true;
    this.wake?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const started = performance.now();
      this.woken = false;
      let ran = false;
      try {
        // a job taken just as the worker stops still runs, within the stop's grace period like the others
        const job = await this.next();
        if (job) {
          ran = true;
          await this.handle(job);
        }
      } catch (error) {
        this.report(error);
      }
      // The queue may hold more: after a job, look for the next one now rather than after a polling interval.
      const rest = this.pollingIntervalMs - (performance.now() - started);
      if (!ran && !this.stopping && !this.woken && rest > 0) await this.sleep(rest);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}

/**
 * Wakes this process's idle workers of a queue after a job of it commits, so the job starts now
 * rather than at the next poll: called by the process that queued it, and on PostgreSQL by every
 * process that hears the queue's notice of it (queuedJobNotices.ts).
 */
export function wakeQueueWorkers(boss: PgBoss, queue: string): void {
  for (const slot of localSlots.get(boss)?.get(queue) ?? []) slot.notify();
  for (const heard of [...(queuedListeners.get(boss)?.get(queue) ?? [])]) heard();
}

/** Who waits to hear of the next job queued, by queue instance and queue name (jobQueued). */
const queuedListeners: PerQueue<Set<() => void>> = new WeakMap();

/**
 * Resolves when this process next hears of a job queued on `queue` (as its workers are woken: queued
 * here, or announced by another process on PostgreSQL), or once `signal` is aborted.
 */
export function jobQueued(boss: PgBoss, queue: string, signal: AbortSignal): Promise<void> {
  const listeners = entryOf(queuedListeners, boss, queue, () => new Set());
  return new Promise((resolve) => {
    const heard = () => {
      listeners.delete(heard);
      signal.removeEventListener('abort', heard);
      resolve();
    };
    if (signal.aborted) return resolve();
    listeners.add(heard);
    signal.addEventListener('abort', heard, { once: true });
  });
}

/** Whether this process runs a job of the queue now, or ended one less than IDLE_SETTLE_MS ago (see queueIdle). */
export function queueBusy(boss: PgBoss, queue: string): boolean {
  const runs = runsOf(boss, queue);
  return runs.running > 0 || performance.now() - runs.lastEndedAt < IDLE_SETTLE_MS;
}

/**
 * Resolves once this process has run no job of the queue for a moment (IDLE_SETTLE_MS: a worker
 * going from one job straight to the next keeps it busy), or after `maxWaitMs` whatever it runs, or
 * once `signal` is aborted. Work that may wait lets the queue's jobs have the process first.
 */
export async function queueIdle(boss: PgBoss, queue: string, maxWaitMs: number, signal?: AbortSignal): Promise<void> {
  const runs = runsOf(boss, queue);
  if (!queueBusy(boss, queue) || signal?.aborted) return;
  let resolve = () => undefined as void;
  const idle = new Promise<void>((done) => (resolve = done));
  runs.idle.add(resolve);
  settleIdle(runs);
  const timer = setTimeout(resolve, maxWaitMs);
  signal?.addEventListener('abort', resolve, { once: true });
  try {
    await idle;
  } finally {
    clearTimeout(timer);
    runs.idle.delete(resolve);
    signal?.removeEventListener('abort', resolve);
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
