/**
 * Encodes a row of cells as worksheet XML straight into the output buffer: no intermediate strings, so
 * nothing to flatten or collect later. The fixed pieces of markup are stored eight bytes at a time
 * (see `Markup`), the variable ones (digits, ASCII text) byte by byte; text that needs escaping or is
 * not ASCII goes through escapeText and the buffer's UTF-8 writer. Text that would run as a formula is
 * neutralised here, the one place every text cell passes (see `formulaText`); so are SSN-shaped values
 * in the sheets that ask for it (see `sensitiveText`).
 */
import { type CellValue, ExcelDate } from '../types';
import { OutputStyle, columnName, escapeText } from './cellXml';
import { FormulaGuard, mayRunAsFormula, runsAsFormula } from './formulaText';
import { SensitiveGuard, guardedNumber, guardedText } from './sensitiveText';

/** Destination buffer with room reserved by the caller; `view` is a DataView of `buffer`, kept in step with it. */
export interface ByteSink {
  buffer: Buffer;
  view: DataView;
  offset: number;
  reserve(bytes: number): void;
}

/** A DataView of the whole of `buffer`. */
export function viewOf(buffer: Buffer): DataView {
  return new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * A fixed piece of markup as 8-byte words, each written with one unaligned store. The bits of eight
 * ASCII bytes never form a NaN (the top byte is below 0x7F), so they survive as a double exactly. A
 * piece shorter than eight bytes is padded: the padding lands past the piece's end and the next write
 * covers it, which is why `bound` keeps eight bytes to spare.
 */
class Markup {
  readonly length: number;
  readonly words: Float64Array;
  readonly offsets: Int32Array;

  constructor(text: string) {
    const bytes = Buffer.from(text.padEnd(8, ' '), 'latin1');
    this.length = text.length;
    const count = Math.ceil(bytes.length / 8);
    this.words = new Float64Array(count);
    this.offsets = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      // the last word ends where the piece ends, overlapping the one before it
      const offset = Math.min(i * 8, bytes.length - 8);
      this.offsets[i] = offset;
      this.words[i] = bytes.readDoubleLE(offset);
    }
  }
}

function put(view: DataView, at: number, markup: Markup): number {
  const { words, offsets } = markup;
  for (let i = 0; i < words.length; i++) view.setFloat64(at + offsets[i], words[i], true);
  return at + markup.length;
}

function ascii(buffer: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) buffer[at + i] = text.charCodeAt(i);
  return at + text.length;
}

const ROW_OPEN = new Markup('<row r="');
const ROW_OPENED = new Markup('">');
const ROW_CLOSE = new Markup('</row>');
const VALUE_OPEN = new Markup('"><v>');
const VALUE_CLOSE = new Markup('</v></c>');
const BOOLEAN_TRUE = new Markup('" t="b"><v>1</v></c>');
const BOOLEAN_FALSE = new Markup('" t="b"><v>0</v></c>');
const DATE_STYLES = [OutputStyle.Date, OutputStyle.DateTime, OutputStyle.Time].map((style) => new Markup(`" s="${style}"><v>`));
const TEXT_OPEN = new Markup('" t="inlineStr"><is><t');
const HEADER_OPEN = new Markup(`" s="${OutputStyle.Header}" t="inlineStr"><is><t`);
const QUOTED_TEXT_OPEN = new Markup(`" s="${OutputStyle.QuotedText}" t="inlineStr"><is><t`);
const QUOTED_HEADER_OPEN = new Markup(`" s="${OutputStyle.QuotedHeader}" t="inlineStr"><is><t`);
const PRESERVE = new Markup(' xml:space="preserve"');
const TEXT_CLOSE = new Markup('</t></is></c>');
const DateValue = ExcelDate;
/** Room past the end of what is written, for the padding of the last piece. */
const SPARE = 8;

const POWERS_OF_TEN = new Int32Array([1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000]);

/**
 * Decimal digits of a whole number from 1 to 2^31 - 1: 1 to 10. From its bit length (times 1233 / 4096,
 * about log10(2)) less one when below that power of ten. The same steps for every number: a chain of
 * tests would have some first met late in a run (a first six-digit number), and each one first met after
 * V8 optimised the writer threw the writer's optimised code away.
 */
function digitCount(v: number): number {
  const t = ((32 - Math.clz32(v)) * 1233) >>> 12;
  return t + 1 - (v < POWERS_OF_TEN[t] ? 1 : 0);
}

/** A non-negative whole number's digits; in 32-bit integers (a division by ten is then a multiplication) when it fits. */
function digits(buffer: Buffer, at: number, value: number): number {
  if (value < 10) {
    buffer[at] = 48 + value;
    return at + 1;
  }
  if (value > 0x7fffffff) return ascii(buffer, at, String(value));
  let v = value | 0;
  const end = at + digitCount(v);
  for (let i = end - 1; i >= at; i--) {
    const q = (v / 10) | 0;
    buffer[i] = 48 + v - q * 10;
    v = q;
  }
  return end;
}

/** `<c r="B`, per column. */
const cellOpenings: Markup[] = [];

function cellOpening(column: number): Markup {
  let markup = cellOpenings[column];
  if (markup === undefined) markup = cellOpenings[column] = new Markup(`<c r="${columnName(column)}`);
  return markup;
}

function number(buffer: Buffer, at: number, value: number): number {
  if (value < 0) {
    buffer[at++] = 45; // -
    value = -value;
  }
  if (value < 1e7) {
    // whole cents below 2^31: two decimals at most, worked out in 32-bit integers
    const cents = Math.round(value * 100);
    if (cents / 100 === value) {
      const c = cents | 0;
      const whole = (c / 100) | 0;
      const fraction = c - whole * 100;
      at = digits(buffer, at, whole);
      if (fraction === 0) return at;
      const tens = (fraction / 10) | 0;
      buffer[at++] = 46; // .
      buffer[at++] = 48 + tens;
      if (fraction !== tens * 10) buffer[at++] = 48 + fraction - tens * 10;
      return at;
    }
  }
  if (value < 1e12 && value === Math.floor(value)) return digits(buffer, at, value);
  return ascii(buffer, at, String(value));
}

/** ASCII characters written as they are: not &, <, >, _ (Excel's _xHHHH_ escapes) or a control character. */
const PLAIN = new Uint8Array(128).map((_, c) => (c === 38 || c === 60 || c === 62 || c === 95 || (c < 32 && c !== 9 && c !== 10 && c !== 13) ? 0 : 1));

/** Plain text written byte by byte; -1 when it needs escaping or is not ASCII. */
function plainText(buffer: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80 || PLAIN[c] === 0) return -1;
    buffer[at + i] = c;
  }
  return at + text.length;
}

function bound(cells: readonly CellValue[]): number {
  let bytes = 40 + SPARE;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    // a number may be written as masked text (`SensitiveGuard.TextAndWholeNumbers`): room for that too
    bytes += typeof v === 'string' ? 80 + v.length * 7 : 80;
  }
  return bytes;
}

/** The row number's digits as one word (padded with spaces), when they fit in eight bytes. */
const rowWords = new Float64Array(1);
const rowBytes = new Uint8Array(rowWords.buffer);

/**
 * Writes a row of cells; `guard` says how text that would run as a formula is kept from running,
 * `sensitive` which SSN-shaped values are masked.
 */
export function encodeRow(
  sink: ByteSink,
  rowNumber: number,
  cells: readonly CellValue[],
  header: boolean,
  guard: FormulaGuard,
  sensitive: SensitiveGuard = SensitiveGuard.None,
): void {
  sink.reserve(bound(cells));
  const b = sink.buffer;
  const view = sink.view;
  let at = put(view, sink.offset, ROW_OPEN);
  const rowDigitsAt = at;
  at = digits(b, at, rowNumber);
  const rowDigitsLength = at - rowDigitsAt;
  at = put(view, at, ROW_OPENED);
  let rowWord = 0;
  const rowInWord = rowDigitsLength < 8;
  if (rowInWord) {
    for (let d = 0; d < 8; d++) rowBytes[d] = d < rowDigitsLength ? b[rowDigitsAt + d] : 32;
    rowWord = rowWords[0];
  }
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (value === null || value === undefined || value === '') continue;
    at = put(view, at, cellOpening(i));
    if (rowInWord) {
      view.setFloat64(at, rowWord, true);
      at += rowDigitsLength;
    } else for (let d = 0; d < rowDigitsLength; d++) b[at++] = b[rowDigitsAt + d];
    if (typeof value === 'number') {
      const masked = sensitive === SensitiveGuard.None ? undefined : guardedNumber(value, sensitive);
      if (masked !== undefined) at = text(b, view, at, masked, header, guard);
      else if (Number.isFinite(value)) {
        at = put(view, at, VALUE_OPEN);
        at = number(b, at, value);
        at = put(view, at, VALUE_CLOSE);
      } else at = text(b, view, at, String(value), header, guard);
    } else if (typeof value === 'string') {
      at = text(b, view, at, sensitive === SensitiveGuard.None ? value : guardedText(value), header, guard);
    } else if (typeof value === 'boolean') {
      at = put(view, at, value ? BOOLEAN_TRUE : BOOLEAN_FALSE);
    } else if (value instanceof DateValue) {
      const serial = value.serial;
      at = put(view, at, DATE_STYLES[serial < 1 ? 2 : serial % 1 === 0 ? 0 : 1]);
      at = number(b, at, serial);
      at = put(view, at, VALUE_CLOSE);
    }
  }
  sink.offset = put(view, at, ROW_CLOSE);
}

function text(b: Buffer, view: DataView, at: number, value: string, header: boolean, guard: FormulaGuard): number {
  let open = header ? HEADER_OPEN : TEXT_OPEN;
  // one look at the first character for most text
  if (mayRunAsFormula(value.charCodeAt(0)) && runsAsFormula(value)) {
    if (guard === FormulaGuard.Apostrophe) value = `'${value}`;
    else open = header ? QUOTED_HEADER_OPEN : QUOTED_TEXT_OPEN;
  }
  at = put(view, at, open);
  if (value.charCodeAt(0) <= 32 || value.charCodeAt(value.length - 1) <= 32) at = put(view, at, PRESERVE);
  b[at++] = 62; // >
  const end = plainText(b, at, value);
  at = end >= 0 ? end : at + b.write(escapeText(value), at, 'utf8');
  return put(view, at, TEXT_CLOSE);
}
