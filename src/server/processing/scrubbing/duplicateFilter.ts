/**
 * Exact duplicates: rows equal in every column but Source Sheet and Source Row; the first is kept.
 * Rows are remembered by a 64-bit fingerprint (two independent 32-bit hashes, the second folded with
 * the row's length) in an open-addressing table of plain integers: 16 bytes a row at most, however wide
 * the rows; a false match needs a collision of both hashes (about 1 in 10^10 for a million rows).
 */
import { type CellValue, ExcelDate } from '../types';

const NUMBER_VIEW = new Float64Array(1);
const NUMBER_WORDS = new Int32Array(NUMBER_VIEW.buffer);

export class DuplicateFilter {
  /**
   * Small at first, so the table first grows within the first rows, while V8 is still learning the row
   * loop: a first growth after the loop was optimised threw that code away (a path never taken) and
   * had it compiled again.
   */
  private slots = new Int32Array(2 * 64);
  private used = 0;
  private h1 = 0;
  private h2 = 0;
  private length = 0;

  private readonly ignored: Uint8Array;

  /** `ignored` lists column indexes left out of the comparison. */
  constructor(ignored: ReadonlySet<number>) {
    this.ignored = new Uint8Array(Math.max(0, ...ignored) + 1);
    for (const i of ignored) if (i >= 0) this.ignored[i] = 1;
  }

  isDuplicate(cells: readonly CellValue[]): boolean {
    this.h1 = 0x811c9dc5;
    this.h2 = 0x9747b28c;
    this.length = 0;
    for (let i = 0; i < cells.length; i++) {
      if (this.ignored[i] === 1) continue;
      const v = cells[i];
      if (v === null || v === undefined) this.mixCode(1);
      else if (typeof v === 'string') {
        this.mixCode(2);
        this.mix(v);
      } else if (typeof v === 'number') this.mixNumber(3, v);
      else if (v instanceof ExcelDate) this.mixNumber(4, v.serial);
      else this.mixCode(v ? 5 : 6);
    }
    // (0, 0) marks an empty slot, so a fingerprint never takes that value
    const h1 = this.h1 | 1;
    const h2 = Math.imul(this.h2 ^ this.length, 0x85ebca6b);
    if (this.find(h1, h2)) return true;
    if ((this.used + 1) * 2 > this.slots.length / 2) this.rehash();
    this.insert(this.slots, h1, h2);
    this.used++;
    return false;
  }

  private find(h1: number, h2: number): boolean {
    const slots = this.slots;
    const mask = slots.length / 2 - 1;
    for (let i = (h1 ^ h2) & mask; ; i = (i + 1) & mask) {
      const a = slots[2 * i];
      if (a === 0) return false;
      if (a === h1 && slots[2 * i + 1] === h2) return true;
    }
  }

  private insert(slots: Int32Array, h1: number, h2: number): void {
    const mask = slots.length / 2 - 1;
    let i = (h1 ^ h2) & mask;
    while (slots[2 * i] !== 0) i = (i + 1) & mask;
    slots[2 * i] = h1;
    slots[2 * i + 1] = h2;
  }

  private rehash(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) if (old[i] !== 0) this.insert(slots, old[i], old[i + 1]);
    this.slots = slots;
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
