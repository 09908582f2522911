/**
 * A streaming RFC 4180 CSV parser over decoded text: quoted fields with doubled quotes and line breaks,
 * CRLF, LF or CR line ends. Each record carries the line number it starts on. A plain number
 * (`-?(0|[1-9]\d*)(\.\d+)?`), quoted or not, comes out as that number (read straight from the text
 * when it lies in one chunk); everything else as text.
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

function typed(field: string): string | number {
  return plainNumberIn(field, 0, field.length) ?? field;
}

export class CsvParser {
  private field = '';
  private fields: Array<string | number> = [];
  /** Fields of the current record so far; records are sized like the one before them. */
  private count = 0;
  private inQuotes = false;
  private quoteSeen = false;
  private pendingCR = false;
  /** A CR inside quotes ended the last chunk: one line break, or half of one if an LF follows. */
  private quotedCR = false;
  private line = 1;
  private recordLine = 1;
  private records: CsvRecord[] = [];

  constructor(private readonly delimiter: string) {}

  takeRecords(): CsvRecord[] {
    const records = this.records;
    this.records = [];
    return records;
  }

  feed(text: string): void {
    const delimiter = this.delimiter.charCodeAt(0);
    const n = text.length;
    let i = 0;
    if (this.pendingCR && n > 0) {
      this.pendingCR = false;
      if (text.charCodeAt(0) === 10) i = 1;
    }
    if (this.quotedCR && n > 0) {
      this.quotedCR = false;
      if (text.charCodeAt(0) !== 10) this.line++;
    }
    let start = i;
    let c = 0;
    while (i < n) {
      if (this.inQuotes) {
        // inside quotes: on to the next quote, counting the line breaks passed
        for (; i < n; i++) {
          c = text.charCodeAt(i);
          if (c === 34) break;
          if (c === 10) this.line++;
          else if (c === 13) {
            if (i + 1 === n) this.quotedCR = true;
            else if (text.charCodeAt(i + 1) !== 10) this.line++;
          }
        }
        if (i === n) break;
        this.field += text.slice(start, i);
        if (i + 1 >= n) {
          // a quote at the very end of a chunk: decide when the next chunk arrives
          this.inQuotes = false;
          this.quoteSeen = true;
          start = ++i;
          continue;
        }
        if (text.charCodeAt(i + 1) === 34) {
          this.field += '"';
          i += 2;
        } else {
          this.inQuotes = false;
          i++;
        }
        start = i;
        continue;
      }
      if (this.quoteSeen) {
        this.quoteSeen = false;
        if (text.charCodeAt(i) === 34) {
          this.field += '"';
          this.inQuotes = true;
          start = ++i;
          continue;
        }
      }
      // outside quotes: on to the next delimiter, line end or quote
      for (; i < n; i++) {
        c = text.charCodeAt(i);
        if (c === delimiter || c === 10 || c === 13 || c === 34) break;
      }
      if (i === n) break;
      if (c === delimiter) {
        this.fields[this.count++] = this.value(text, start, i);
        this.field = '';
        start = ++i;
      } else if (c === 34) {
        // a quote opens a quoted field only at its start; elsewhere it is text
        if (i === start && this.field === '') {
          this.inQuotes = true;
          start = ++i;
        } else i++;
      } else {
        this.fields[this.count++] = this.value(text, start, i);
        this.field = '';
        this.endRecord();
        if (c === 13) {
          if (i + 1 >= n) this.pendingCR = true;
          else if (text.charCodeAt(i + 1) === 10) i++;
        }
        start = ++i;
      }
    }
    this.field += text.slice(start, n);
  }

  /** The field ending at `end`: a number when it is a plain one, else its text. */
  private value(text: string, start: number, end: number): string | number {
    if (this.field === '') return plainNumberIn(text, start, end) ?? text.slice(start, end);
    // quoted, or begun in an earlier chunk
    return typed(this.field + text.slice(start, end));
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
    this.fields = new Array<string | number>(this.count);
    this.count = 0;
    this.line++;
    this.recordLine = this.line;
  }
}
