/**
 * The pipeline's own thread (see `processWorkbook`): runs one upload at a time as the calling thread
 * asks, reporting progress, and answering with the summary or the ProcessingError's code and message.
 * Messages in: run (with progress when the caller listens), cancel, warm (run the engine on its own
 * sample until a job comes, see `warmUp`). Messages out: ready (once, when the pipeline is loaded),
 * warmed (once the warm-up has ended), progress, done, failed.
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
  /** The warm-up has ended: its runs completed, and how long it took. */
  | { type: 'warmed'; runs: number; ms: number }
  | { type: 'progress'; id: number; update: ProgressUpdate }
  | { type: 'done'; id: number; summary: ProcessingSummary }
  /** `detail` carries an unexpected error's own text, for the logs of the calling side. */
  | { type: 'failed'; id: number; code: ProcessingErrorCode; message: string; detail?: string };

function main(): void {
  const port = parentPort;
  if (!port) return;
  const running = new Map<number, AbortController>();
  /** The warm-up under way, ended by the first job. */
  let warming: AbortController | undefined;
  const post = (message: PipelineMessage) => port.postMessage(message);
  port.on('message', (request: PipelineRequest) => {
    if (request.type === 'cancel') {
      running.get(request.id)?.abort();
      return;
    }
    if (request.type === 'warm') {
      if (warming || running.size > 0) return;
      const controller = (warming = new AbortController());
      const started = performance.now();
      void warmUp({ runs: request.runs, signal: controller.signal }).then((runs) => post({ type: 'warmed', runs, ms: Math.round(performance.now() - started) }));
      return;
    }
    warming?.abort();
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
      .finally(() => running.delete(id));
  });
  post({ type: 'ready' });
}

main();
