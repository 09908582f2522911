/**
 * The pipeline's own thread (see `processWorkbook`): runs one upload at a time as the calling thread
 * asks, reporting progress, and answering with the summary or the ProcessingError's code and message.
 * Messages in: run (with progress when the caller listens), cancel, warm (run the engine on its own
 * sample while no job runs, see `warmUp`). Messages out: ready (once, when the pipeline is loaded),
 * warmed (each time a stretch of the warm-up has ended), progress, done, failed.
 */
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { type ProcessingErrorCode, toProcessingError } from '../processingError';
import { type ProcessWorkbookOptions, type ProcessingSummary, type ProgressUpdate } from '../types';
import { runPipeline } from './runPipeline';
import { warmUp } from './warmUp';

export type PipelineJob = Omit<ProcessWorkbookOptions, 'onProgress' | 'signal'>;

export type PipelineRequest = { type: 'run'; id: number; job: PipelineJob; progress: boolean } | { type: 'cancel'; id: number } | { type: 'warm'; runs: number };

export type PipelineMessage =
  | { type: 'ready' }
  /** A stretch of the warm-up has ended (its runs done, or a job came): the runs completed so far, and how long they took. */
  | { type: 'warmed'; runs: number; ms: number; left: number }
  | { type: 'progress'; id: number; update: ProgressUpdate }
  | { type: 'done'; id: number; summary: ProcessingSummary }
  /** `detail` carries an unexpected error's own text, for the logs of the calling side. */
  | { type: 'failed'; id: number; code: ProcessingErrorCode; message: string; detail?: string };

/**
 * How long the thread must have had no job before a warm-up that a job interrupted goes on: a worker
 * taking job after job from a busy queue asks for the next within this, and does not restart it between them.
 */
const WARM_UP_RESUME_IDLE_MS = 250;

function main(): void {
  const port = parentPort;
  if (!port) return;
  const running = new Map<number, AbortController>();
  const post = (message: PipelineMessage) => port.postMessage(message);
  /**
   * The warm-up: the runs asked for are made while no job runs. A job stops the stretch under way, and
   * the runs left go on once the thread has been idle for WARM_UP_RESUME_IDLE_MS; each stretch's end is
   * reported with the runs completed so far and the milliseconds they took.
   */
  const warm = { left: 0, runs: 0, ms: 0, stretch: undefined as AbortController | undefined, resume: undefined as NodeJS.Timeout | undefined };
  const warmOn = () => {
    if (warm.stretch || running.size > 0 || warm.left <= 0) return;
    const controller = (warm.stretch = new AbortController());
    const started = performance.now();
    void warmUp({ runs: warm.left, signal: controller.signal }).then((runs) => {
      warm.stretch = undefined;
      warm.runs += runs;
      warm.ms += performance.now() - started;
      // a stretch that could not run at all (no room for its sample) is not tried again
      warm.left = runs === 0 && !controller.signal.aborted ? 0 : warm.left - runs;
      post({ type: 'warmed', runs: warm.runs, ms: Math.round(warm.ms), left: warm.left });
      resumeWarmUp();
    });
  };
  const resumeWarmUp = () => {
    clearTimeout(warm.resume);
    if (warm.left > 0 && running.size === 0) warm.resume = setTimeout(warmOn, WARM_UP_RESUME_IDLE_MS);
  };
  port.on('message', (request: PipelineRequest) => {
    if (request.type === 'cancel') {
      running.get(request.id)?.abort();
      return;
    }
    if (request.type === 'warm') {
      // one warm-up at a time; asked for while a job runs, it starts once the thread is idle
      if (warm.stretch || warm.left > 0) return;
      warm.left = request.runs;
      if (running.size === 0) warmOn();
      return;
    }
    clearTimeout(warm.resume);
    warm.stretch?.abort();
    const { id, job, progress } = request;
    const controller = new AbortController();
    running.set(id, controller);
    const onProgress = progress ? (update: ProgressUpdate) => post({ type: 'progress', id, update }) : undefined;
    runPipeline({ ...job, signal: controller.signal, onProgress })
      .then(
        (summary) => post({ type: 'done', id, summary }),
        (err: unknown) => {
          const error = toProcessingError(err);
          const cause = error.cause as Error | undefined;
          post({ type: 'failed', id, code: error.code, message: error.message, detail: cause ? String(cause.stack ?? cause) : undefined });
        },
      )
      .finally(() => {
        running.delete(id);
        resumeWarmUp();
      });
  });
  post({ type: 'ready' });
}

main();
