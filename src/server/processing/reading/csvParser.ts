/**
 * A streaming RFC 4180 CSV parser over decoded text: quoted fields with doubled quotes and line breaks,
 * CRLF, LF or CR line ends. Each record carries the line number it starts on.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvParser {
  private field = '';
  private fields: string[] = [];
  /** Fields of the current record so far; records are sized like the one before them. */
  private count = 0;
  private inQuotes = false;
  private quoteSeen = false;
  private pendingCR = false;
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
    let start = i;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (this.inQuotes) {
        if (c === 34) {
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
        } else {
          if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) this.line++;
          i++;
        }
        continue;
      }
      if (this.quoteSeen) {
        this.quoteSeen = false;
        if (c === 34) {
          this.field += '"';
          this.inQuotes = true;
          start = ++i;
          continue;
        }
      }
      if (c === delimiter) {
        this.fields[this.count++] = this.field + text.slice(start, i);
        this.field = '';
        start = ++i;
      } else if (c === 10 || c === 13) {
        this.fields[this.count++] = this.field + text.slice(start, i);
        this.field = '';
        this.endRecord();
        if (c === 13) {
          if (i + 1 >= n) this.pendingCR = true;
          else if (text.charCodeAt(i + 1) === 10) i++;
        }
        start = ++i;
      } else if (c === 34 && i === start && this.field === '') {
        this.inQuotes = true;
        start = ++i;
      } else i++;
    }
    this.field += text.slice(start, n);
  }

  end(): void {
    if (this.field !== '' || this.count > 0) {
      this.fields[this.count++] = this.field;
      this.field = '';
      this.endRecord();
    }
  }

  private endRecord(): void {
    if (this.fields.length !== this.count) this.fields.length = this.count;
    this.records.push({ line: this.recordLine, fields: this.fields });
    this.fields = new Array<string>(this.count);
    this.count = 0;
    this.line++;
    this.recordLine = this.line;
  }
}
