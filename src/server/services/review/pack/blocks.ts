/**
 * How the viewer's rows are kept (review_blocks): REVIEW_BLOCK_ROWS rows to a block, each block gzip of
 * a JSON array of rows, so a window of rows reads one or two blocks whatever the size of the sheet.
 * The rows of a sheet with errors or warnings are kept as gzip of their indexes (32-bit, little endian).
 */
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { type CellValue, ExcelDate } from '../../../processing';
import { wellFormedText } from '../../../processing/reading/xmlText';

export const REVIEW_BLOCK_ROWS = 256;

export type PackSeverity = 'error' | 'warning';

/** One finding on a row: the column it names (-1: the row as a whole), its severity and message. */
export interface PackIssue {
  c: number;
  s: PackSeverity;
  m: string;
}

/** One row of a block: the row number shown, the cells as shown (trailing blanks left out), and its flags. */
export interface PackRow {
  n: number;
  c: Array<string | null>;
  s?: PackSeverity;
  i?: PackIssue[];
}

const compress = promisify(gzip);
/**
 * zlib's fastest level: on the 5 MB workbook's pack the default level (6) took the build from about
 * 2.3-2.9 s to 3.0-3.7 s for 13 % fewer bytes (7.7 MB instead of 8.8 MB); the build is bound by CPU.
 */
const FAST = { level: 1 };

/** Compressed on the thread pool, so the blocks of a large sheet use both cores while rows are read. */
export function encodeBlock(rows: PackRow[]): Promise<Buffer> {
  return compress(JSON.stringify(rows), FAST);
}

export function decodeBlock(block: Buffer): PackRow[] {
  return JSON.parse(gunzipSync(block).toString('utf8')) as PackRow[];
}

export function encodeRowIndexes(indexes: number[]): Promise<Buffer> {
  return compress(Buffer.from(Int32Array.from(indexes).buffer), FAST);
}

export function decodeRowIndexes(encoded: Buffer): Int32Array {
  const bytes = gunzipSync(encoded);
  return new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}

const EXCEL_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

/** A cell as a person reads it: dates as YYYY-MM-DD (with the time when it has one), blanks as null. */
export function displayText(value: CellValue): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof ExcelDate) return dateText(value.serial);
  return String(value);
}

/** Dates repeat down a payroll (pay dates, period ends): each is formatted once. */
const dateTexts = new Map<number, string>();
const DATE_TEXTS_KEPT = 4096;

function dateText(serial: number): string {
  let text = dateTexts.get(serial);
  if (text === undefined) {
    if (dateTexts.size >= DATE_TEXTS_KEPT) dateTexts.clear();
    text = formatDate(serial);
    dateTexts.set(serial, text);
  }
  return text;
}

function formatDate(serial: number): string {
  const iso = new Date(Math.round((serial - EXCEL_EPOCH_DAYS) * DAY_MS)).toISOString();
  const time = iso.slice(11, 19);
  if (time === '00:00:00') return iso.slice(0, 10);
  return `${iso.slice(0, 10)} ${time.endsWith(':00') ? time.slice(0, 5) : time}`;
}

/** The cells of a row as shown, without the blanks at its end. */
export function displayCells(cells: CellValue[]): Array<string | null> {
  let end = cells.length;
  while (end > 0 && displayText(cells[end - 1]) === null) end--;
  const shown = new Array<string | null>(end);
  for (let i = 0; i < end; i++) shown[i] = displayText(cells[i]);
  return shown;
}

/**
 * Text as PostgreSQL's text and jsonb can hold it: they refuse the NUL character, which a workbook's
 * sheet name or header may carry, and jsonb half of a surrogate pair without its other half; each is
 * shown as U+FFFD, the mark for a character that cannot be shown.
 */
export function storableText(text: string): string {
  const whole = wellFormedText(text);
  return whole.includes('\u0000') ? whole.replaceAll('\u0000', '\uFFFD') : whole;
}
