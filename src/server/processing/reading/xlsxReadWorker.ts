/**
 * The reader thread of an xlsx: inflates and tokenises sheet parts and posts their rows as packed
 * batches, a few ahead of the pipeline, so that reading and the row work run on two cores.
 * Messages in: open (a sheet part under a stream id), credit (a batch was taken), close.
 * Messages out: rows, end, error (with the ProcessingError code when there is one).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ProcessingError } from '../processingError';
import { packRows, transferables } from './packedRows';
import { SheetXmlScanner } from './sheetXmlScanner';
import { ZipArchive } from './zipArchive';

export interface ReaderWorkerData {
  path: string;
}

/** How the workbook's cells are typed, sent with the first sheet (the thread starts before it is known). */
export interface CellTyping {
  dateStyles: boolean[];
  date1904: boolean;
}

export type ReaderRequest = { type: 'open'; id: number; part: string; typing: CellTyping } | { type: 'credit'; id: number } | { type: 'close'; id: number };

/** Batches a stream may have posted and not yet had taken. */
export const READ_AHEAD = 3;
/** Rows gathered before a batch is posted (fewer at the end of a part). */
const BATCH_ROWS = 256;
const FEED_BYTES = 64 * 1024;

interface Stream {
  inFlight: number;
  closed: boolean;
  wake?: () => void;
}

function main(): void {
  const port = parentPort;
  if (!port) return;
  const data = workerData as ReaderWorkerData;
  const zipOpening = ZipArchive.open(data.path);
  zipOpening.catch(() => undefined); // reported by the stream that needs it
  const streams = new Map<number, Stream>();

  const read = async (id: number, part: string, typing: CellTyping, stream: Stream): Promise<void> => {
    const zip = await zipOpening;
    const scanner = new SheetXmlScanner(null, typing.dateStyles, typing.date1904);
    const decoder = new TextDecoder('utf-8');
    // inflated bytes of the part tokenised so far, sent with each batch for the pipeline's progress share
    let read = 0;
    const post = async (last: boolean): Promise<void> => {
      if (scanner.pending === 0 || (!last && scanner.pending < BATCH_ROWS)) return;
      const rows = scanner.takeRows();
      const packed = packRows(rows);
      stream.inFlight++;
      port.postMessage({ type: 'rows', id, packed, read }, transferables(packed));
      while (stream.inFlight >= READ_AHEAD && !stream.closed) await new Promise<void>((resolve) => (stream.wake = resolve));
    };
    for await (const chunk of zip.chunks(part)) {
      // a part inflated in one step is tokenised a slice at a time, so a stream waiting for the
      // pipeline (the header search opens every sheet) holds back its work instead of doing it all
      for (let offset = 0; offset < chunk.length && !scanner.finished; offset += FEED_BYTES) {
        if (stream.closed) return;
        const slice = chunk.subarray(offset, offset + FEED_BYTES);
        read += slice.length;
        scanner.feed(decoder.decode(slice, { stream: true }));
        await post(false);
      }
      if (stream.closed) return;
      if (scanner.finished) break;
    }
    if (!scanner.finished) {
      scanner.feed(decoder.decode());
      scanner.end();
    }
    await post(true);
  };

  port.on('message', (message: ReaderRequest) => {
    if (message.type === 'open') {
      const stream: Stream = { inFlight: 0, closed: false };
      streams.set(message.id, stream);
      read(message.id, message.part, message.typing, stream).then(
        () => {
          streams.delete(message.id);
          if (!stream.closed) port.postMessage({ type: 'end', id: message.id });
        },
        (err: unknown) => {
          streams.delete(message.id);
          const code = err instanceof ProcessingError ? err.code : undefined;
          port.postMessage({ type: 'error', id: message.id, code, message: String((err as Error)?.message ?? err) });
        },
      );
    } else {
      const stream = streams.get(message.id);
      if (!stream) return;
      if (message.type === 'credit') stream.inFlight--;
      else stream.closed = true;
      const wake = stream.wake;
      stream.wake = undefined;
      wake?.();
    }
  });
}

main();
