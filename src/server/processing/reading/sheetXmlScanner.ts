/**
 * Turns worksheet XML, fed as text chunks while the part inflates, into rows of typed values.
 * Only what a value needs is looked at (row, c, v, is/t); formulas contribute their cached value.
 * Written for speed: one pass over the text with indexOf and char codes, no generic events.
 */
import { ProcessingError } from '../processingError';
import { type CellValue, ExcelDate, type SheetRow } from '../types';
import { SharedIndex } from './packedRows';
import { CellType, cellType, columnOfReference, isoDate } from './sheetCellAttributes';
import { decodeCellText, decodeExcelEscapes } from './xmlText';

const MAX_COLUMNS = 16384;
const MAX_PENDING_MARKUP = 16 * 1024 * 1024;
const DATE_1904_OFFSET = 1462;

const enum Capture { None, Value, InlineText }

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/**
 * Empty lists already of the kind of array they become: the rows taken hold objects, a row's cells any
 * value. A new `[]` starts as an array of small integers and changes kind at its first store; V8
 * compiles the scanner for the arrays it has seen, and meeting the other kind later threw that code
 * away. `slice()` keeps the kind of the array it copies.
 */
const NO_ROWS: SheetRow[] = [{ row: 0, cells: [] }];
NO_ROWS.length = 0;
const NO_CELLS: CellValue[] = [null];
NO_CELLS.length = 0;

export class SheetXmlScanner {
  /** Set once </sheetData> is seen: the rest of the part holds no cells. */
  finished = false;
  private rest = '';
  private rows = NO_ROWS.slice();
  private cells: CellValue[] | null = null;
  private rowNumber = 0;
  private nextColumn = 0;
  private column = 0;
  private type = CellType.Number;
  private style = 0;
  private capture = Capture.None;
  private captured = '';
  private value: string | null = null;
  private inline: string | null = null;
  private inInline = false;
  private phonetic = false;

  /**
   * Without a shared string table (`null`, in the reader thread) a shared-string cell is read as its
   * `SharedIndex`, resolved where the table is.
   */
  constructor(
    private readonly sharedStrings: string[] | null,
    private readonly dateStyles: boolean[],
    private readonly date1904: boolean,
  ) {}

  /** How many completed rows wait to be taken. */
  get pending(): number {
    return this.rows.length;
  }

  /** Rows completed so far (and forgets them). */
  takeRows(): SheetRow[] {
    const rows = this.rows;
    this.rows = NO_ROWS.slice();
    return rows;
  }

  feed(chunk: string): void {
    if (this.finished) return;
    const s = this.rest ? this.rest + chunk : chunk;
    this.rest = '';
    const n = s.length;
    let i = 0;
    while (i < n) {
      const lt = s.indexOf('<', i);
      if (lt < 0) {
        if (this.capture !== Capture.None) this.captured += s.slice(i);
        return;
      }
      if (lt > i && this.capture !== Capture.None) this.captured += s.slice(i, lt);
      let j = lt + 1;
      // never read past the end (a '<' ending the chunk): V8 throws optimised code away the first time
      const first = j < n ? s.charCodeAt(j) : -1;
      if (first === 33 /* ! */ || first === 63 /* ? */) {
        const end = this.skipSpecial(s, lt);
        if (end < 0) return this.keep(s, lt);
        i = end;
        continue;
      }
      const gt = s.indexOf('>', j);
      if (gt < 0) return this.keep(s, lt);
      const closing = first === 47;
      if (closing) j++;
      let nameStart = j;
      while (j < gt) {
        const c = s.charCodeAt(j);
        if (isSpace(c) || c === 47) break;
        if (c === 58 /* : */) nameStart = j + 1;
        j++;
      }
      const selfClosing = !closing && s.charCodeAt(gt - 1) === 47;
      if (!closing && !selfClosing && j - nameStart === 1 && s.charCodeAt(nameStart) === 99 /* c */) {
        // the usual cell, <c ...><v>text</v></c>, read in one step
        this.startCell(s, j, gt);
        const end = this.plainCellEnd(s, gt);
        if (end > 0) {
          i = end;
          continue;
        }
      } else this.element(s, nameStart, j, gt, closing, selfClosing);
      if (this.finished) return;
      i = gt + 1;
    }
  }

  private element(s: string, start: number, end: number, gt: number, closing: boolean, selfClosing: boolean): void {
    const length = end - start;
    const c0 = s.charCodeAt(start);
    if (length === 1) {
      if (c0 === 99 /* c */) {
        if (closing) this.endCell();
        else {
          this.startCell(s, end, gt);
          if (selfClosing) this.endCell();
        }
      } else if (c0 === 118 /* v */) {
        if (closing) {
          this.value = this.captured;
          this.capture = Capture.None;
        } else if (!selfClosing) {
          this.capture = Capture.Value;
          this.captured = '';
        } else this.value = '';
      } else if (c0 === 116 /* t */ && this.inInline && !this.phonetic) {
        if (closing) {
          this.inline = (this.inline ?? '') + this.captured;
          this.capture = Capture.None;
        } else if (!selfClosing) {
          this.capture = Capture.InlineText;
          this.captured = '';
        }
      }
    } else if (length === 3 && c0 === 114 /* r */ && s.charCodeAt(start + 1) === 111 && s.charCodeAt(start + 2) === 119) {
      if (closing) this.endRow();
      else {
        this.startRow(s, end, gt);
        if (selfClosing) this.endRow();
      }
    } else if (length === 2 && c0 === 105 /* i */ && s.charCodeAt(start + 1) === 115 /* s */) {
      this.inInline = !closing && !selfClosing;
    } else if (length === 3 && c0 === 114 && s.charCodeAt(start + 1) === 80 /* P */) {
      this.phonetic = !closing && !selfClosing;
    } else if (closing && length === 9 && s.startsWith('sheetData', start)) {
      this.endRow();
      this.finished = true;
    }
  }

  /** After `<c ...>`: when `<v>value</v></c>` follows in full, takes the value and returns where it ends. */
  private plainCellEnd(s: string, gt: number): number {
    // a tag ending the chunk: the general path takes the rest (and no read past the end, as above)
    if (gt + 3 >= s.length) return -1;
    if (s.charCodeAt(gt + 1) !== 60 || s.charCodeAt(gt + 2) !== 118 || s.charCodeAt(gt + 3) !== 62) return -1;
    const close = s.indexOf('</v></c>', gt + 4);
    if (close < 0) return -1;
    const value = s.slice(gt + 4, close);
    if (value.indexOf('<') >= 0) return -1;
    this.value = value;
    this.endCell();
    return close + 8;
  }

  private startRow(s: string, from: number, gt: number): void {
    this.endRow();
    const r = this.attributeNumber(s, from, gt, 114);
    this.rowNumber = r > 0 ? r : this.rowNumber + 1;
    this.cells = NO_CELLS.slice();
    this.nextColumn = 0;
  }

  private endRow(): void {
    if (!this.cells) return;
    if (this.cells.length > 0) this.rows.push({ row: this.rowNumber, cells: this.cells });
    this.cells = null;
  }

  private startCell(s: string, from: number, gt: number): void {
    if (!this.cells) this.startRow(s, gt, gt);
    this.column = this.nextColumn;
    this.type = CellType.Number;
    this.style = 0;
    this.value = null;
    this.inline = null;
    let j = from;
    while (j < gt) {
      const c = s.charCodeAt(j);
      if (isSpace(c) || c === 47) {
        j++;
        continue;
      }
      const nameStart = j;
      while (j < gt && s.charCodeAt(j) !== 61 && !isSpace(s.charCodeAt(j))) j++;
      const nameLength = j - nameStart;
      while (j < gt && s.charCodeAt(j) !== 61) j++;
      j++;
      while (j < gt && isSpace(s.charCodeAt(j))) j++;
      const quote = s.charCodeAt(j);
      const valueStart = j + 1;
      let valueEnd = s.indexOf(quote === 39 ? "'" : '"', valueStart);
      if (valueEnd < 0 || valueEnd > gt) valueEnd = gt;
      j = valueEnd + 1;
      if (nameLength !== 1) continue;
      const name = s.charCodeAt(nameStart);
      if (name === 114 /* r */) this.column = columnOfReference(s, valueStart, valueEnd, this.nextColumn);
      else if (name === 116 /* t */) this.type = cellType(s, valueStart, valueEnd);
      else if (name === 115 /* s */) this.style = parseInt(s.slice(valueStart, valueEnd), 10) || 0;
    }
  }

  private endCell(): void {
    const column = this.column;
    this.nextColumn = column + 1;
    this.capture = Capture.None;
    if (!this.cells || column >= MAX_COLUMNS) return;
    const value = this.cellValue();
    if (value !== null) this.cells[column] = value;
  }

  private cellValue(): CellValue {
    const raw = this.value;
    switch (this.type) {
      case CellType.Shared: {
        if (raw === null) return null;
        if (this.sharedStrings === null) {
          const index = parseInt(raw, 10);
          return index >= 0 ? (new SharedIndex(index) as unknown as CellValue) : null;
        }
        return this.sharedStrings[parseInt(raw, 10)] ?? null;
      }
      case CellType.Inline:
        if (this.inline !== null) return decodeCellText(this.inline);
        return raw === null ? null : decodeCellText(raw);
      case CellType.Text:
        return raw === null ? null : decodeCellText(raw);
      case CellType.Boolean:
        return raw === null ? null : raw.trim() === '1' || raw.trim() === 'true';
      case CellType.Error:
        return raw === null ? null : decodeExcelEscapes(raw);
      case CellType.IsoDate:
        return raw === null ? null : isoDate(raw);
      default: {
        if (raw === null || raw === '') return null;
        const number = +raw;
        if (Number.isNaN(number)) return decodeCellText(raw);
        if (this.dateStyles[this.style] === true) return new ExcelDate(this.date1904 ? number + DATE_1904_OFFSET : number);
        return number;
      }
    }
  }

  private attributeNumber(s: string, from: number, gt: number, nameCode: number): number {
    let j = from;
    while (j < gt) {
      const c = s.charCodeAt(j);
      if (isSpace(c) || c === 47) {
        j++;
        continue;
      }
      const nameStart = j;
      while (j < gt && s.charCodeAt(j) !== 61 && !isSpace(s.charCodeAt(j))) j++;
      const nameLength = j - nameStart;
      while (j < gt && s.charCodeAt(j) !== 61) j++;
      j++;
      while (j < gt && isSpace(s.charCodeAt(j))) j++;
      const quote = s.charCodeAt(j);
      const valueStart = j + 1;
      let valueEnd = s.indexOf(quote === 39 ? "'" : '"', valueStart);
      if (valueEnd < 0 || valueEnd > gt) valueEnd = gt;
      if (nameLength === 1 && s.charCodeAt(nameStart) === nameCode) return parseInt(s.slice(valueStart, valueEnd), 10) || 0;
      j = valueEnd + 1;
    }
    return 0;
  }

  private skipSpecial(s: string, lt: number): number {
    if (s.startsWith('<![CDATA[', lt)) {
      const end = s.indexOf(']]>', lt + 9);
      if (end < 0) return -1;
      if (this.capture !== Capture.None) this.captured += s.slice(lt + 9, end).replace(/&/g, '&amp;').replace(/</g, '&lt;');
      return end + 3;
    }
    const terminator = s.startsWith('<!--', lt) ? '-->' : s.charCodeAt(lt + 1) === 63 ? '?>' : '>';
    const end = s.indexOf(terminator, lt + 2);
    return end < 0 ? -1 : end + terminator.length;
  }

  private keep(s: string, from: number): void {
    this.rest = s.slice(from);
    if (this.rest.length > MAX_PENDING_MARKUP) throw new ProcessingError('CORRUPT');
  }

  /** Call at the end of the part. */
  end(): void {
    this.endRow();
  }
}
