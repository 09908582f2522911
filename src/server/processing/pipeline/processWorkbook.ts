/**
 * `processWorkbook`: the pipeline on a thread of its own, with its own memory limits. The heap a large
 * upload needs is bounded there (a workbook that would need more fails with TOO_LARGE instead of taking
 * the process down), the calling thread (the server's event loop) stays free, and the heap is sized for
 * the job rather than for the whole machine. Threads are kept a while after a job, so a run of small
 * uploads does not pay for starting one each time.
 *
 * When the thread's module is not beside this one, or with `PAYROLL_PIPELINE_THREAD=0`, the pipeline
 * runs on the calling thread.
 */
import { unlink } from 'node:fs/promises';
import { type ResourceLimits, type Worker } from 'node:worker_threads';
import { ProcessingError, toProcessingError } from '../processingError';
import { type ProcessWorkbookOptions, type ProcessingSummary } from '../types';
import { startWorker, workerEntry } from '../workerThread';
import { outputFiles } from './outputs';
import { type PipelineJob, type PipelineMessage, type PipelineRequest } from './pipelineWorker';
import { runPipeline } from './runPipeline';

/**
 * Old generation: room for a 100 MB upload's employees and strings, far below the machine's default
 * (which lets the heap grow to several times what it holds); `PAYROLL_PIPELINE_HEAP_MB` changes it.
 * Young generation: 16 MB semi-spaces.
 */
function limits(): ResourceLimits {
  const heapMb = Number(process.env.PAYROLL_PIPELINE_HEAP_MB);
  return { maxOldGenerationSizeMb: Number.isInteger(heapMb) && heapMb >= 32 ? heapMb : 768, maxYoungGenerationSizeMb: 48 };
}
/** An idle thread is stopped after this long. */
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
  idleTimer?: NodeJS.Timeout;
}

const idle: Pooled[] = [];
let nextId = 1;

/** An idle thread with the limits now asked for, or a new one (an idle thread with other limits is stopped). */
function take(): Pooled {
  const wanted = limits();
  const pooled = idle.pop();
  if (pooled) {
    clearTimeout(pooled.idleTimer);
    if (pooled.heapMb === wanted.maxOldGenerationSizeMb) {
      pooled.worker.ref();
      return pooled;
    }
    void pooled.worker.terminate();
  }
  const started: Pooled = { worker: startWorker(ENTRY as string, {}, wanted), heapMb: wanted.maxOldGenerationSizeMb as number };
  // a thread that ends while idle (stopped, or failed on its own) leaves the pool
  started.worker.once('exit', () => leavePool(started));
  return started;
}

function leavePool(pooled: Pooled): void {
  clearTimeout(pooled.idleTimer);
  const at = idle.indexOf(pooled);
  if (at >= 0) idle.splice(at, 1);
}

function giveBack(pooled: Pooled): void {
  pooled.worker.unref();
  pooled.idleTimer = setTimeout(() => {
    leavePool(pooled);
    void pooled.worker.terminate();
  }, IDLE_MS);
  pooled.idleTimer.unref();
  idle.push(pooled);
}

/** What a thread that died mid-job leaves behind: partial outputs and the sheets set aside. */
async function removeOutputs(job: PipelineJob): Promise<void> {
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
      if (message.id !== id) return;
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
    worker.postMessage({ type: 'run', id, job } satisfies PipelineRequest);
  });
}

export async function processWorkbook(options: ProcessWorkbookOptions): Promise<ProcessingSummary> {
  if (!threadAvailable()) return runPipeline(options);
  try {
    return await runOnThread(options);
  } catch (err) {
    if (options.signal?.aborted && !(err instanceof ProcessingError)) throw new ProcessingError('CANCELLED', undefined, { cause: err });
    throw toProcessingError(err);
  }
}
