/**
 * Exact duplicates: rows equal in every column but Source Sheet and Source Row; the first is kept.
 * Rows are remembered by a 128-bit digest (24 characters), so memory stays small however wide the rows are.
 */
import { createHash } from 'node:crypto';
import { type CellValue, ExcelDate } from '../types';

export class DuplicateFilter {
  private readonly seen = new Set<string>();

  /** `ignored` lists column indexes left out of the comparison. */
  constructor(private readonly ignored: ReadonlySet<number>) {}

  isDuplicate(cells: readonly CellValue[]): boolean {
    let key = '';
    for (let i = 0; i < cells.length; i++) {
      if (this.ignored.has(i)) continue;
      const v = cells[i];
      if (v === null || v === undefined) key += '\u0001';
      else if (typeof v === 'string') key += `s${v}\u0001`;
      else if (v instanceof ExcelDate) key += `d${v.serial}\u0001`;
      else key += `${typeof v === 'number' ? 'n' : 'b'}${v}\u0001`;
    }
    const digest = createHash('md5').update(key).digest('base64');
    if (this.seen.has(digest)) return true;
    this.seen.add(digest);
    return false;
  }
}
