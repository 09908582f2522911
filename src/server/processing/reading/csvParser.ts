/**
 * A streaming RFC 4180 CSV parser over decoded text: quoted fields with doubled quotes and line breaks,
 * CRLF, LF or CR line ends. Each record carries the line number it starts on. A plain number
 * (`-?(0|[1-9]\d*)(\.\d+)?`), quoted or not, comes out as that number (read straight from the text
 * when it lies in one chunk); an empty field as null (an empty cell); everything else as text.
 */
export interface CsvRecord {
  /** The line the record starts on. */
  row: number;
  /** Its fields; typed in place, the record serves as the sheet row it becomes. */
  cells: Array<string | number | null>;
}

/** 10^0 .. 10^22: every one exactly a double. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i);

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * The plain number text[start, end) spells, or undefined. Up to 15 digits and 22 decimals the value
 * is the digits as an integer divided by a power of ten: both exact, and one correctly rounded
 * division gives the very double Number() would; longer numbers go through Number().
 */
function plainNumberIn(text: string, start: number, end: number): number | undefined {
  let i = start;
  const negative = i < end && text.charCodeAt(i) === 45;
  if (negative) i++;
  const whole = i;
  let digits = 0;
  while (i < end && isDigit(text.charCodeAt(i))) {
    digits = digits * 10 + text.charCodeAt(i) - 48;
    i++;
  }
  const wholeDigits = i - whole;
  if (wholeDigits === 0 || (wholeDigits > 1 && text.charCodeAt(whole) === 48)) return undefined;
  let decimals = 0;
  if (i < end) {
    if (text.charCodeAt(i) !== 46 || i + 1 === end) return undefined;
    for (i++; i < end; i++) {
      const c = text.charCodeAt(i);
      if (!isDigit(c)) return undefined;
      digits = digits * 10 + c - 48;
      decimals++;
    }
  }
  if (wholeDigits + decimals > 15) return Number(text.slice(start, end));
  const value = decimals === 0 ? digits : digits / POWERS_OF_TEN[decimals];
  return negative ? -value : value;
}

function typed(field: string): string | number | null {
  if (field === '') return null;
  return plainNumberIn(field, 0, field.length) ?? field;
}

/**
 * The field ending at text[end]: a number when it is a plain one, else its text. `field` is what came
 * before `start` (quoted, or begun in an earlier chunk).
 */
function fieldValue(field: string, text: string, start: number, end: number): string | number | null {
  if (field === '') return start === end ? null : (plainNumberIn(text, start, end) ?? text.slice(start, end));
  return typed(field + text.slice(start, end));
}

/**
 * Empty lists already of the kind of array they become: a list of records holds objects, a record's
 * fields hold text and numbers. A new array from `[]` or `new Array(n)` starts as one of small integers
 * and changes kind at its first store; V8 compiles the loop for the arrays it has seen, and meeting
 * the other kind later threw that code away. `slice()` keeps the kind of the array it copies.
 */
const NO_RECORDS: CsvRecord[] = [{ row: 0, cells: [] }];
NO_RECORDS.length = 0;
const NO_FIELDS: Array<string | number | null> = [''];
NO_FIELDS.length = 0;

export class CsvParser {
  private field = '';
  private fields = NO_FIELDS.slice();
  /** Fields of the current record so far. */
  private count = 0;
  private inQuotes = false;
  private quoteSeen = false;
  private pendingCR = false;
  /** A CR inside quotes ended the last chunk: one line break, or half of one if an LF follows. */
  private quotedCR = false;
  private line = 1;
  private recordLine = 1;
  private records = NO_RECORDS.slice();

  constructor(private readonly delimiter: string) {}

  takeRecords(): CsvRecord[] {
    const records = this.records;
    this.records = NO_RECORDS.slice();
    return records;
  }

  /**
   * Reads a piece of text. The parser's state lives in locals while it does, and goes back at the end:
   * a path taken rarely (a quote or a CR at the very end of a piece) then asks V8 for nothing it has
   * not seen, so the loop's optimised code is not thrown away the first time one is met.
   */
  feed(text: string): void {
    const delimiter = this.delimiter.charCodeAt(0);
    const n = text.length;
    const records = this.records;
    let field = this.field;
    let fields = this.fields;
    let count = this.count;
    let inQuotes = this.inQuotes;
    let quoteSeen = this.quoteSeen;
    let pendingCR = this.pendingCR;
    let quotedCR = this.quotedCR;
    let line = this.line;
    let recordLine = this.recordLine;
    // How the last chunk ended meets how this one begins. Every test and sum here runs on every call,
    // the rare cases only choosing between their results: code first run in a rare case has nothing
    // for V8 to go by, and meeting it threw the loop's optimised code away.
    const nonEmpty = n > 0;
    const first = nonEmpty ? text.charCodeAt(0) : -1;
    const startsWithLF = first === 10;
    const startsWithQuote = first === 34;
    // a CR that ended the last chunk and an LF that begins this one are one line end
    const skipLF = pendingCR && startsWithLF;
    // a quote that ended the last chunk, doubled by one that begins this one, is a quote in the field
    const doubledQuote = quoteSeen && startsWithQuote;
    line += quotedCR && nonEmpty && !startsWithLF ? 1 : 0;
    field += doubledQuote ? '"' : '';
    inQuotes = inQuotes || doubledQuote;
    if (nonEmpty) {
      pendingCR = false;
      quotedCR = false;
      quoteSeen = false;
    }
    let i = skipLF || doubledQuote ? 1 : 0;
    let start = i;
    let c = 0;
    while (i < n) {
      if (inQuotes) {
        // inside quotes: on to the next quote, counting the line breaks passed
        for (; i < n; i++) {
          c = text.charCodeAt(i);
          if (c === 34) break;
          if (c === 10) line++;
          else if (c === 13) {
            if (i + 1 === n) quotedCR = true;
            else if (text.charCodeAt(i + 1) !== 10) line++;
          }
        }
        if (i === n) break;
        field += text.slice(start, i);
        if (i + 1 >= n) {
          // a quote at the very end of a chunk: decide when the next chunk arrives
          inQuotes = false;
          quoteSeen = true;
          start = n;
          break;
        }
        if (text.charCodeAt(i + 1) === 34) {
          field += '"';
          i += 2;
        } else {
          inQuotes = false;
          i++;
        }
        start = i;
        continue;
      }
      // outside quotes: on to the next delimiter, line end or quote
      for (; i < n; i++) {
        c = text.charCodeAt(i);
        if (c === delimiter || c === 10 || c === 13 || c === 34) break;
      }
      if (i === n) break;
      if (c === delimiter) {
        fields[count++] = fieldValue(field, text, start, i);
        field = '';
        start = ++i;
      } else if (c === 34) {
        // a quote opens a quoted field only at its start; elsewhere it is text
        if (i === start && field === '') {
          inQuotes = true;
          start = ++i;
        } else i++;
      } else {
        fields[count++] = fieldValue(field, text, start, i);
        field = '';
        // the record ends
        if (fields.length !== count) fields.length = count;
        records.push({ row: recordLine, cells: fields });
        fields = NO_FIELDS.slice();
        count = 0;
        line++;
        recordLine = line;
        if (c === 13) {
          if (i + 1 >= n) pendingCR = true;
          else if (text.charCodeAt(i + 1) === 10) i++;
        }
        start = ++i;
      }
    }
    this.field = field + text.slice(start, n);
    this.fields = fields;
    this.count = count;
    this.inQuotes = inQuotes;
    this.quoteSeen = quoteSeen;
    this.pendingCR = pendingCR;
    this.quotedCR = quotedCR;
    this.line = line;
    this.recordLine = recordLine;
  }

  end(): void {
    if (this.field !== '' || this.count > 0) {
      this.fields[this.count++] = typed(this.field);
      this.field = '';
      this.endRecord();
    }
  }

  private endRecord(): void {
    if (this.fields.length !== this.count) this.fields.length = this.count;
    this.records.push({ row: this.recordLine, cells: this.fields });
    this.fields = NO_FIELDS.slice();
    this.count = 0;
    this.line++;
    this.recordLine = this.line;
  }
}
