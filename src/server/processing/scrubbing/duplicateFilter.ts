/**
 * Exact duplicates: rows equal in every column but Source Sheet and Source Row; the first is kept.
 * Rows are remembered by a 64-bit fingerprint (two independent 32-bit hashes) plus their length, so
 * memory stays small however wide the rows are; a false match needs a 1-in-10^10 collision.
 */
import { type CellValue, ExcelDate } from '../types';

const NUMBER_VIEW = new Float64Array(1);
const NUMBER_WORDS = new Int32Array(NUMBER_VIEW.buffer);

export class DuplicateFilter {
  private readonly seen = new Set<string>();
  private h1 = 0;
  private h2 = 0;
  private length = 0;

  /** `ignored` lists column indexes left out of the comparison. */
  constructor(private readonly ignored: ReadonlySet<number>) {}

  isDuplicate(cells: readonly CellValue[]): boolean {
    this.h1 = 0x811c9dc5;
    this.h2 = 0x9747b28c;
    this.length = 0;
    for (let i = 0; i < cells.length; i++) {
      if (this.ignored.has(i)) continue;
      const v = cells[i];
      if (v === null || v === undefined) this.mixCode(1);
      else if (typeof v === 'string') {
        this.mixCode(2);
        this.mix(v);
      } else if (typeof v === 'number') this.mixNumber(3, v);
      else if (v instanceof ExcelDate) this.mixNumber(4, v.serial);
      else this.mixCode(v ? 5 : 6);
    }
    const h1 = this.h1 >>> 0;
    const h2 = this.h2 >>> 0;
    const key = String.fromCharCode(h1 & 0xffff, h1 >>> 16, h2 & 0xffff, h2 >>> 16, this.length & 0xffff, this.length >>> 16);
    if (this.seen.has(key)) return true;
    this.seen.add(key);
    return false;
  }

  private mixCode(code: number): void {
    this.h1 = Math.imul(this.h1 ^ code, 0x01000193);
    const h2 = Math.imul(this.h2 ^ code, 0x5bd1e995);
    this.h2 = h2 ^ (h2 >>> 15);
    this.length++;
  }

  private mixNumber(tag: number, value: number): void {
    NUMBER_VIEW[0] = value;
    this.mixCode(tag);
    this.mixCode(NUMBER_WORDS[0]);
    this.mixCode(NUMBER_WORDS[1]);
  }

  private mix(text: string): void {
    let h1 = this.h1;
    let h2 = this.h2;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      h2 ^= h2 >>> 15;
    }
    this.h1 = h1;
    this.h2 = h2;
    this.length += text.length;
  }
}
