/**
 * The pipeline's side of the xlsx reader thread (`xlsxReadWorker`): one worker per workbook, any
 * number of sheet streams open at once (the header search keeps every sheet's reader open). Each
 * stream is an async iterator of row batches; leaving it early closes the stream in the worker.
 */
import { type Worker } from 'node:worker_threads';
import { ProcessingError, type ProcessingErrorCode } from '../processingError';
import { startWorker, workerEntry } from '../workerThread';
import { type SheetRow } from '../types';
import { type PackedRows, unpackRows } from './packedRows';
import { type CellTyping, type ReaderRequest, type ReaderWorkerData } from './xlsxReadWorker';

type ReaderMessage =
  | { type: 'rows'; id: number; packed: PackedRows; read: number }
  | { type: 'end'; id: number }
  | { type: 'error'; id: number; code?: ProcessingErrorCode; message: string };

interface RemoteStream {
  queue: PackedRows[];
  /** Inflated bytes of the part the worker has read, as of the batches received. */
  read: number;
  done: boolean;
  error?: Error;
  wake?: () => void;
}

/** The thread only tokenises: a small young generation keeps its footprint small. */
const LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 16 };

/**
 * The worker's module beside this one; absent when the server is bundled into one file without it, and
 * then the sheets are read on the calling thread.
 */
const WORKER_ENTRY = workerEntry(__dirname, __filename, 'xlsxReadWorker');

/** `PAYROLL_READER_THREAD=0` reads on the calling thread (for comparison, or a one-core host). */
export function readerThreadAvailable(): boolean {
  return process.env.PAYROLL_READER_THREAD !== '0' && WORKER_ENTRY !== undefined;
}

export class ReaderThread {
  private readonly worker: Worker;
  private readonly streams = new Map<number, RemoteStream>();
  private nextId = 1;
  private failure?: Error;

  constructor(data: ReaderWorkerData) {
    this.worker = startWorker(WORKER_ENTRY as string, data, LIMITS);
    this.worker.on('message', (message: ReaderMessage) => {
      const stream = this.streams.get(message.id);
      if (!stream) return;
      if (message.type === 'rows') {
        stream.queue.push(message.packed);
        stream.read = message.read;
      }
      else if (message.type === 'end') stream.done = true;
      else stream.error = message.code ? new ProcessingError(message.code) : new Error(message.message);
      this.wake(stream);
    });
    this.worker.on('error', (err: Error & { code?: string }) =>
      this.fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ProcessingError('TOO_LARGE') : new ProcessingError('CORRUPT', undefined, { cause: err })),
    );
    this.worker.on('exit', () => this.fail(new ProcessingError('INTERNAL')));
  }

  /** The rows of a sheet's part; `onRead` hears how many inflated bytes of it the thread has read. */
  async *rows(part: string, sharedStrings: string[], typing: CellTyping, onRead?: (bytes: number) => void): AsyncGenerator<SheetRow[]> {
    const id = this.nextId++;
    const stream: RemoteStream = { queue: [], read: 0, done: false };
    this.streams.set(id, stream);
    this.send({ type: 'open', id, part, typing });
    try {
      for (;;) {
        const packed = stream.queue.shift();
        if (packed) {
          this.send({ type: 'credit', id });
          onRead?.(stream.read);
          const rows = unpackRows(packed, sharedStrings);
          if (rows.length > 0) yield rows;
          continue;
        }
        if (stream.error) throw stream.error;
        if (stream.done) return;
        if (this.failure) throw this.failure;
        await new Promise<void>((resolve) => (stream.wake = resolve));
      }
    } finally {
      this.streams.delete(id);
      if (!stream.done && !stream.error && !this.failure) this.send({ type: 'close', id });
    }
  }

  async close(): Promise<void> {
    this.failure ??= new ProcessingError('CANCELLED');
    await this.worker.terminate();
  }

  private send(request: ReaderRequest): void {
    if (!this.failure) this.worker.postMessage(request);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const stream of this.streams.values()) this.wake(stream);
  }

  private wake(stream: RemoteStream): void {
    const wake = stream.wake;
    stream.wake = undefined;
    wake?.();
  }
}
