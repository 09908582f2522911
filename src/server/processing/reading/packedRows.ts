/**
 * Row batches as a few flat arrays, for handing rows from the reader thread to the pipeline: typed
 * arrays move without copying, where an array of per-cell objects would be cloned value by value.
 * A shared-string cell travels as its index; the receiving side holds the shared string table.
 */
import { type CellValue, ExcelDate, type SheetRow } from '../types';

/** A shared-string cell as the reader thread sees it (it does not hold the table). */
export class SharedIndex {
  constructor(readonly index: number) {}
}

const enum Tag { Number, Shared, Text, True, False, Date }

export interface PackedRows {
  rowNumbers: Int32Array;
  /** For row i, its cells are [rowEnds[i - 1] ?? 0, rowEnds[i]). */
  rowEnds: Int32Array;
  columns: Uint16Array;
  tags: Uint8Array;
  numbers: Float64Array;
  strings: string[];
}

export function packRows(rows: SheetRow[]): PackedRows {
  let cellCount = 0;
  for (const row of rows) cellCount += row.cells.length;
  const rowNumbers = new Int32Array(rows.length);
  const rowEnds = new Int32Array(rows.length);
  const columns = new Uint16Array(cellCount);
  const tags = new Uint8Array(cellCount);
  const numbers = new Float64Array(cellCount);
  const strings: string[] = [];
  let k = 0;
  for (let r = 0; r < rows.length; r++) {
    const { row, cells } = rows[r];
    rowNumbers[r] = row;
    for (let c = 0; c < cells.length; c++) {
      const v = cells[c] as CellValue | SharedIndex;
      if (v === null || v === undefined) continue;
      columns[k] = c;
      if (typeof v === 'number') {
        tags[k] = Tag.Number;
        numbers[k] = v;
      } else if (typeof v === 'string') {
        tags[k] = Tag.Text;
        numbers[k] = strings.length;
        strings.push(v);
      } else if (typeof v === 'boolean') tags[k] = v ? Tag.True : Tag.False;
      else if (v instanceof SharedIndex) {
        tags[k] = Tag.Shared;
        numbers[k] = v.index;
      } else {
        tags[k] = Tag.Date;
        numbers[k] = v.serial;
      }
      k++;
    }
    rowEnds[r] = k;
  }
  return { rowNumbers, rowEnds, columns: columns.subarray(0, k), tags: tags.subarray(0, k), numbers: numbers.subarray(0, k), strings };
}

/** The typed arrays of a batch, to pass in postMessage's transfer list. */
export function transferables(packed: PackedRows): ArrayBuffer[] {
  return [packed.rowNumbers.buffer, packed.rowEnds.buffer, packed.columns.buffer, packed.tags.buffer, packed.numbers.buffer] as ArrayBuffer[];
}

export function unpackRows(packed: PackedRows, sharedStrings: string[]): SheetRow[] {
  const { rowNumbers, rowEnds, columns, tags, numbers, strings } = packed;
  const rows: SheetRow[] = [];
  let k = 0;
  for (let r = 0; r < rowNumbers.length; r++) {
    const cells: CellValue[] = [];
    for (const end = rowEnds[r]; k < end; k++) {
      const tag = tags[k] as Tag;
      let value: CellValue;
      if (tag === Tag.Number) value = numbers[k];
      else if (tag === Tag.Shared) value = sharedStrings[numbers[k]] ?? null;
      else if (tag === Tag.Text) value = strings[numbers[k]];
      else if (tag === Tag.True) value = true;
      else if (tag === Tag.False) value = false;
      else value = new ExcelDate(numbers[k]);
      if (value !== null) cells[columns[k]] = value;
    }
    // a row whose only cells point past the shared string table is no row, as in the scanner
    if (cells.length > 0) rows.push({ row: rowNumbers[r], cells });
  }
  return rows;
}
