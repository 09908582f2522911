/**
 * `processWorkbook`: the pipeline on a thread of its own, with its own memory limits. The heap a large
 * upload needs is bounded there (a workbook that would need more fails with TOO_LARGE instead of taking
 * the process down), the calling thread (the server's event loop) stays free, and the heap is sized for
 * the job rather than for the whole machine. Threads are kept a while after a job, so a run of small
 * uploads does not pay for starting one each time; `warmPipeline` starts one ahead of the first job and
 * can keep idle threads for as long as the process runs.
 *
 * When the thread's module is not beside this one, or with `PAYROLL_PIPELINE_THREAD=0`, the pipeline
 * runs on the calling thread. Only then is the pipeline's code loaded here: a process that hands its
 * jobs to the thread (the server; the command line, for large inputs) does not evaluate it on its own thread.
 */
import { unlink } from 'node:fs/promises';
import { type ResourceLimits, type Worker } from 'node:worker_threads';
import { ProcessingError, toProcessingError } from '../processingError';
import { type ProcessWorkbookOptions, type ProcessingSummary } from '../types';
import { startWorker, workerEntry } from '../workerThread';
import { type PipelineJob, type PipelineMessage, type PipelineRequest } from './pipelineWorker';

/**
 * Old generation: room for a 100 MB upload's employees and strings, far below the machine's default
 * (which lets the heap grow to several times what it holds); `PAYROLL_PIPELINE_HEAP_MB` changes it.
 * Young generation: 16 MB semi-spaces.
 */
function limits(): ResourceLimits {
  const heapMb = Number(process.env.PAYROLL_PIPELINE_HEAP_MB);
  return { maxOldGenerationSizeMb: Number.isInteger(heapMb) && heapMb >= 32 ? heapMb : 768, maxYoungGenerationSizeMb: 48 };
}
/** An idle thread is stopped after this long, unless `warmPipeline({ keepAlive: true })` asked to keep it. */
const IDLE_MS = 30_000;
/** After a cancel, the job has this long to stop by itself before its thread is stopped. */
const CANCEL_GRACE_MS = 5_000;

const ENTRY = workerEntry(__dirname, __filename, 'pipelineWorker');

function threadAvailable(): boolean {
  return process.env.PAYROLL_PIPELINE_THREAD !== '0' && ENTRY !== undefined;
}

interface Pooled {
  worker: Worker;
  heapMb: number;
  /** Settles when the thread has loaded the pipeline and waits for jobs, or has ended. */
  ready: Promise<void>;
  idleTimer?: NodeJS.Timeout;
}

const idle: Pooled[] = [];
let keepAlive = false;
let nextId = 1;

function startThread(): Pooled {
  const wanted = limits();
  const worker = startWorker(ENTRY as string, {}, wanted);
  const ready = new Promise<void>((resolve) => {
    const settle = () => {
      worker.off('message', onMessage);
      worker.off('exit', settle);
      resolve();
    };
    const onMessage = (message: PipelineMessage) => {
      if (message.type === 'ready') settle();
    };
    worker.on('message', onMessage);
    worker.on('exit', settle);
  });
  const started: Pooled = { worker, heapMb: wanted.maxOldGenerationSizeMb as number, ready };
  // a thread that ends while idle (stopped, or failed on its own) leaves the pool; a job, if any, hears of it itself
  worker.on('error', () => undefined);
  worker.once('exit', () => leavePool(started));
  return started;
}

/** An idle thread with the limits now asked for, or a new one (an idle thread with other limits is stopped). */
function take(): Pooled {
  const pooled = idle.pop();
  if (pooled) {
    clearTimeout(pooled.idleTimer);
    if (pooled.heapMb === limits().maxOldGenerationSizeMb) {
      pooled.worker.ref();
      return pooled;
    }
    void pooled.worker.terminate();
  }
  return startThread();
}

function leavePool(pooled: Pooled): void {
  clearTimeout(pooled.idleTimer);
  const at = idle.indexOf(pooled);
  if (at >= 0) idle.splice(at, 1);
}

/** Stops an idle thread IDLE_MS from now, unless idle threads are kept alive. */
function scheduleStop(pooled: Pooled): void {
  clearTimeout(pooled.idleTimer);
  if (keepAlive) return;
  pooled.idleTimer = setTimeout(() => {
    leavePool(pooled);
    void pooled.worker.terminate();
  }, IDLE_MS);
  pooled.idleTimer.unref();
}

/** Idle threads never keep the process alive. */
function giveBack(pooled: Pooled): void {
  pooled.worker.unref();
  idle.push(pooled);
  scheduleStop(pooled);
}

export interface WarmPipelineOptions {
  /**
   * true: idle threads are kept for as long as the process runs (a process that exists to process
   * uploads); false: they are stopped 30 s after their last job again (the default).
   */
  keepAlive?: boolean;
  /**
   * Runs of the engine on its own sample once the thread is ready, so that V8 has compiled the engine
   * before the first uploads (see `warmUp`). The runs are made while the thread has no job: a job stops
   * the run under way at once, and the runs left go on once the thread has been idle a moment
   * (pipelineWorker.ts). 0 or absent: none.
   */
  warmUpRuns?: number;
  /** Told once the warm-up has made all its runs (or could not run at all): the runs completed and their milliseconds. */
  onWarmed?: (warmUp: { runs: number; ms: number }) => void;
}

/**
 * Starts a pipeline thread now, unless one is idle, so the next job does not wait for a thread to start
 * and load the pipeline. Resolves when the thread is ready; it never rejects (a thread that cannot
 * start is reported by the job that needs it). Without a thread (see above), loads the pipeline here.
 */
export async function warmPipeline(options: WarmPipelineOptions = {}): Promise<void> {
  if (options.keepAlive !== undefined) {
    keepAlive = options.keepAlive;
    for (const pooled of idle) scheduleStop(pooled);
  }
  if (!threadAvailable()) {
    await import('./runPipeline');
    return;
  }
  const pooled = idle.find((p) => p.heapMb === limits().maxOldGenerationSizeMb);
  if (pooled) return pooled.ready;
  const started = startThread();
  // in the pool at once, for a job that comes before it is ready; referenced until then, so that a
  // process awaiting this does not end first
  giveBack(started);
  started.worker.ref();
  await started.ready;
  if (!idle.includes(started)) return;
  started.worker.unref();
  if (!options.warmUpRuns) return;
  const { onWarmed } = options;
  if (onWarmed) {
    const onMessage = (message: PipelineMessage) => {
      if (message.type !== 'warmed' || message.left > 0) return;
      started.worker.off('message', onMessage);
      onWarmed({ runs: message.runs, ms: message.ms });
    };
    started.worker.on('message', onMessage);
  }
  started.worker.postMessage({ type: 'warm', runs: options.warmUpRuns } satisfies PipelineRequest);
}

/** What a thread that died mid-job leaves behind: partial outputs and the sheets set aside. */
async function removeOutputs(job: PipelineJob): Promise<void> {
  const { outputFiles } = await import('./outputs');
  await Promise.all(outputFiles(job.consolidatedPath, job.scrubbedPath).map((p) => unlink(p).catch(() => undefined)));
}

function runOnThread(options: ProcessWorkbookOptions): Promise<ProcessingSummary> {
  const { onProgress, signal, ...job } = options;
  signal?.throwIfAborted();
  const pooled = take();
  const { worker } = pooled;
  const id = nextId++;
  return new Promise<ProcessingSummary>((resolve, reject) => {
    let settled = false;
    let cancelTimer: NodeJS.Timeout | undefined;
    const settle = (outcome: { summary: ProcessingSummary } | { error: ProcessingError }, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(cancelTimer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      signal?.removeEventListener('abort', onAbort);
      if (reusable) giveBack(pooled);
      if ('summary' in outcome) resolve(outcome.summary);
      else if (reusable) reject(outcome.error);
      else {
        void worker.terminate();
        void removeOutputs(job).finally(() => reject(outcome.error));
      }
    };
    const onMessage = (message: PipelineMessage) => {
      if (message.type === 'ready' || message.type === 'warmed' || message.id !== id) return;
      if (message.type === 'progress') {
        try {
          onProgress?.(message.update);
        } catch {
          // a listener's failure is not the upload's
        }
      } else if (message.type === 'done') settle({ summary: message.summary }, true);
      else {
        const cause = message.detail ? new Error(message.detail) : undefined;
        settle({ error: new ProcessingError(message.code, message.message, { cause }) }, true);
      }
    };
    const onError = (err: Error & { code?: string }) => {
      const code = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'TOO_LARGE' : 'INTERNAL';
      settle({ error: new ProcessingError(code, undefined, { cause: err }) }, false);
    };
    const onExit = () => settle({ error: new ProcessingError('INTERNAL', undefined, { cause: new Error('the pipeline thread stopped') }) }, false);
    const onAbort = () => {
      worker.postMessage({ type: 'cancel', id } satisfies PipelineRequest);
      cancelTimer = setTimeout(() => settle({ error: new ProcessingError('CANCELLED') }, false), CANCEL_GRACE_MS);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.postMessage({ type: 'run', id, job, progress: onProgress !== undefined } satisfies PipelineRequest);
  });
}

export async function processWorkbook(options: ProcessWorkbookOptions): Promise<ProcessingSummary> {
  if (!threadAvailable()) {
    const { runPipeline } = await import('./runPipeline');
    return runPipeline(options);
  }
  try {
    return await runOnThread(options);
  } catch (err) {
    if (options.signal?.aborted && !(err instanceof ProcessingError)) throw new ProcessingError('CANCELLED', undefined, { cause: err });
    throw toProcessingError(err);
  }
}
