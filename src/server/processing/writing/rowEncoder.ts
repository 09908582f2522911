/**
 * Encodes a row of cells as worksheet XML straight into the output buffer, byte by byte for the
 * usual ASCII text and numbers: no intermediate strings, so nothing to flatten or collect later.
 * Produces exactly what rowXml() would (text through escapeText when it needs escaping or is not ASCII).
 */
import { type CellValue, ExcelDate } from '../types';
import { OutputStyle, columnName, escapeText } from './cellXml';

/** Destination buffer with room reserved by the caller. */
export interface ByteSink {
  buffer: Buffer;
  offset: number;
  reserve(bytes: number): void;
}

function ascii(buffer: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) buffer[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/** Copying bytes of a constant is faster than reading a string's characters. */
function copy(buffer: Buffer, at: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) buffer[at + i] = bytes[i];
  return at + bytes.length;
}

const bytesOf = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'latin1'));
const ROW_OPEN = bytesOf('<row r="');
const ROW_OPENED = bytesOf('">');
const ROW_CLOSE = bytesOf('</row>');
const VALUE_OPEN = bytesOf('"><v>');
const VALUE_CLOSE = bytesOf('</v></c>');
const BOOLEAN_TRUE = bytesOf('" t="b"><v>1</v></c>');
const BOOLEAN_FALSE = bytesOf('" t="b"><v>0</v></c>');
const DATE_STYLES = [OutputStyle.Date, OutputStyle.DateTime, OutputStyle.Time].map((style) => bytesOf(`" s="${style}"><v>`));
const TEXT_OPEN = bytesOf('" t="inlineStr"><is><t');
const HEADER_OPEN = bytesOf(`" s="${OutputStyle.Header}" t="inlineStr"><is><t`);
const PRESERVE = bytesOf(' xml:space="preserve"');
const TEXT_CLOSE = bytesOf('</t></is></c>');
const DateValue = ExcelDate;

function digits(buffer: Buffer, at: number, value: number): number {
  if (value < 10) {
    buffer[at] = 48 + value;
    return at + 1;
  }
  if (value >= 0x7fffffff) return ascii(buffer, at, String(value));
  let length = 0;
  for (let v = value; v > 0; v = (v / 10) | 0) length++;
  for (let i = length - 1, v = value; i >= 0; i--, v = (v / 10) | 0) buffer[at + i] = 48 + (v % 10);
  return at + length;
}

/** `<c r="B` as bytes, per column. */
const cellOpenings: Uint8Array[] = [];

function cellOpening(buffer: Buffer, at: number, column: number): number {
  let bytes = cellOpenings[column];
  if (bytes === undefined) bytes = cellOpenings[column] = bytesOf(`<c r="${columnName(column)}`);
  for (let i = 0; i < bytes.length; i++) buffer[at + i] = bytes[i];
  return at + bytes.length;
}

/**
 * Money and hours have at most two decimals: those are written digit by digit (the text reads back
 * as the very same double); anything else goes through the engine's own number-to-text.
 */
function number(buffer: Buffer, at: number, value: number): number {
  if (value < 0) {
    buffer[at++] = 45; // -
    value = -value;
  }
  if (value < 1e12) {
    const cents = Math.round(value * 100);
    if (cents / 100 === value) {
      const whole = Math.floor(cents / 100);
      const fraction = cents - whole * 100;
      at = digits(buffer, at, whole);
      if (fraction === 0) return at;
      buffer[at++] = 46; // .
      buffer[at++] = 48 + Math.floor(fraction / 10);
      if (fraction % 10 !== 0) buffer[at++] = 48 + (fraction % 10);
      return at;
    }
  }
  return ascii(buffer, at, String(value));
}

/** Plain text written byte by byte; -1 when it needs escaping or is not ASCII. */
function plainText(buffer: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80 || c === 38 || c === 60 || c === 62 || c === 95 || (c < 32 && c !== 9 && c !== 10 && c !== 13)) return -1;
    buffer[at + i] = c;
  }
  return at + text.length;
}

function bound(cells: readonly CellValue[]): number {
  let bytes = 40;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    bytes += typeof v === 'string' ? 80 + v.length * 7 : 64;
  }
  return bytes;
}

export function encodeRow(sink: ByteSink, rowNumber: number, cells: readonly CellValue[], header: boolean): void {
  sink.reserve(bound(cells));
  const b = sink.buffer;
  let at = copy(b, sink.offset, ROW_OPEN);
  const rowDigitsAt = at;
  at = digits(b, at, rowNumber);
  const rowDigitsEnd = at;
  at = copy(b, at, ROW_OPENED);
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (value === null || value === undefined || value === '') continue;
    at = cellOpening(b, at, i);
    for (let d = rowDigitsAt; d < rowDigitsEnd; d++) b[at++] = b[d];
    if (typeof value === 'number') {
      if (Number.isFinite(value)) {
        at = copy(b, at, VALUE_OPEN);
        at = number(b, at, value);
        at = copy(b, at, VALUE_CLOSE);
      } else at = text(b, at, String(value), header);
    } else if (typeof value === 'string') {
      at = text(b, at, value, header);
    } else if (typeof value === 'boolean') {
      at = copy(b, at, value ? BOOLEAN_TRUE : BOOLEAN_FALSE);
    } else if (value instanceof DateValue) {
      const serial = value.serial;
      at = copy(b, at, DATE_STYLES[serial < 1 ? 2 : serial % 1 === 0 ? 0 : 1]);
      at = number(b, at, serial);
      at = copy(b, at, VALUE_CLOSE);
    }
  }
  sink.offset = copy(b, at, ROW_CLOSE);
}

function text(b: Buffer, at: number, value: string, header: boolean): number {
  at = copy(b, at, header ? HEADER_OPEN : TEXT_OPEN);
  if (value.charCodeAt(0) <= 32 || value.charCodeAt(value.length - 1) <= 32) at = copy(b, at, PRESERVE);
  b[at++] = 62; // >
  const end = plainText(b, at, value);
  at = end >= 0 ? end : at + b.write(escapeText(value), at, 'utf8');
  return copy(b, at, TEXT_CLOSE);
}
