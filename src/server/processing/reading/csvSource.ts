/**
 * A CSV read as one sheet named after the file: encoding and delimiter detected, records streamed,
 * plain numbers typed as numbers (numbers with leading zeros stay text, so identifiers survive).
 * Content that is not text fails as BINARY_CSV, a file of nothing but blank lines and separators as
 * EMPTY (textContent.ts: the upload's check judges the same way). A stray control character stays in
 * its cell for the scrubber, but for NUL, which is dropped.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { ProcessingError } from '../processingError';
import { type SheetRow } from '../types';
import { detectCsvEncoding } from './csvEncoding';
import { CsvParser } from './csvParser';
import { BinaryContentMeter, CSV_CONTENT } from './textContent';
import { ReadMeter } from './readMeter';
import { type WorkbookSource } from './workbookSource';

/** The separators a CSV may use; the one found on most of the first lines, splitting them most consistently, wins. */
const DELIMITERS = [',', ';', '\t', '|'];

export function detectDelimiter(sample: string): string {
  // quoted fields first, as a whole: one may hold a separator or a line break ("Ded\n(USD)")
  const quotedOut = sample
    .replace(/"(?:[^"]|"")*"/g, '""')
    .split(/\r\n|\n|\r/)
    .slice(0, -1)
    .filter((l) => l.trim() !== '')
    .slice(0, 30);
  if (quotedOut.length === 0 && sample.trim() !== '') quotedOut.push(sample);
  // the separator on the most lines; then the one that splits them most often into the same number of fields
  let best = ',';
  let bestScore = [0, 0, 0];
  for (const delimiter of DELIMITERS) {
    const counts = new Map<number, number>();
    let lines = 0;
    for (const line of quotedOut) {
      const count = line.split(delimiter).length - 1;
      if (count === 0) continue;
      lines++;
      counts.set(count, (counts.get(count) ?? 0) + 1);
    }
    let mode = [0, 0];
    for (const [count, times] of counts) if (times > mode[0] || (times === mode[0] && count > mode[1])) mode = [times, count];
    const score = [lines, ...mode];
    if (score[0] > bestScore[0] || (score[0] === bestScore[0] && (score[1] > bestScore[1] || (score[1] === bestScore[1] && score[2] > bestScore[2])))) {
      bestScore = score;
      best = delimiter;
    }
  }
  return best;
}

export function sheetNameForCsv(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base) || 'Sheet1';
}

export async function openCsv(path: string, fileName: string): Promise<WorkbookSource> {
  const encoding = await detectCsvEncoding(path);

  const utf16 = encoding === 'utf-16le' || encoding === 'utf-16be';
  // the share read: bytes of the file
  const readMeter = new ReadMeter();
  readMeter.size(0, (await stat(path)).size);

  async function* rows(): AsyncGenerator<SheetRow[]> {
    const decoder = new TextDecoder(encoding);
    const meter = new BinaryContentMeter(utf16 ? 2 : 1);
    let content = false;
    let parser: CsvParser | undefined;
    let pending = '';
    for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
      readMeter.add(0, (chunk as Buffer).length);
      let text = decoder.decode(chunk as Buffer, { stream: true });
      const controls = meter.controlsSeen;
      if (utf16 ? meter.feedUnits(text) : meter.feedBytes(chunk as Buffer)) throw new ProcessingError('BINARY_CSV');
      if (meter.controlsSeen > controls && text.indexOf('\u0000') >= 0) text = text.replaceAll('\u0000', '');
      content ||= CSV_CONTENT.test(text);
      if (!parser) {
        pending += text;
        if (pending.length < 64 * 1024) continue;
        parser = new CsvParser(detectDelimiter(pending));
        yield* feedInSlices(parser, pending);
        pending = '';
      } else yield* feedInSlices(parser, text);
    }
    // what the decoder kept back: at most a replacement character for a sequence cut off at the end
    const flushed = decoder.decode();
    if (utf16) meter.feedUnits(flushed);
    if (meter.end()) throw new ProcessingError('BINARY_CSV');
    if (!content && !CSV_CONTENT.test(flushed)) throw new ProcessingError('EMPTY');
    const tail = pending + flushed;
    parser ??= new CsvParser(detectDelimiter(tail));
    parser.feed(tail);
    parser.end();
    const batch = toRows(parser);
    if (batch.length > 0) yield batch;
  }

  return {
    format: 'csv',
    sheets: [{ name: sheetNameForCsv(fileName), hidden: false }],
    rows: () => rows(),
    measure: (sheetIndex) => readMeter.measure(sheetIndex),
    close: async () => undefined,
  };
}

/** Small batches: rows are short-lived, and a large batch would outlive a young-generation collection. */
const FEED_CHARS = 32 * 1024;

function* feedInSlices(parser: CsvParser, text: string): Generator<SheetRow[]> {
  for (let offset = 0; offset < text.length; offset += FEED_CHARS) {
    parser.feed(offset === 0 && text.length <= FEED_CHARS ? text : text.slice(offset, offset + FEED_CHARS));
    const batch = toRows(parser);
    if (batch.length > 0) yield batch;
  }
}

/** The records parsed so far, as they are: the parser types numbers and makes an empty field an empty cell. */
function toRows(parser: CsvParser): SheetRow[] {
  return parser.takeRecords();
}
