/** Reading a worksheet cell's attributes: its type (t=), its column (r=), and ISO dates (t="d"). */
import { type CellValue, ExcelDate } from '../types';

export const enum CellType { Number, Shared, Text, Inline, Boolean, Error, IsoDate }

export function cellType(s: string, start: number, end: number): CellType {
  const c = s.charCodeAt(start);
  const length = end - start;
  if (c === 115 /* s */) return length === 1 ? CellType.Shared : CellType.Text;
  if (c === 105 /* i */) return CellType.Inline;
  if (c === 98 /* b */) return CellType.Boolean;
  if (c === 101 /* e */) return CellType.Error;
  if (c === 100 /* d */) return CellType.IsoDate;
  return CellType.Number;
}

export function columnOfReference(s: string, start: number, end: number, fallback: number): number {
  let column = 0;
  let letters = 0;
  for (let k = start; k < end; k++) {
    let c = s.charCodeAt(k);
    if (c === 36 /* $ */) continue;
    if (c >= 97 && c <= 122) c -= 32;
    if (c < 65 || c > 90) break;
    column = column * 26 + (c - 64);
    letters++;
  }
  return letters === 0 || letters > 3 ? fallback : column - 1;
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

export function isoDate(text: string): CellValue {
  const ms = Date.parse(/Z|[+-]\d\d:?\d\d$/.test(text) || text.length <= 10 ? text : `${text}Z`);
  if (Number.isNaN(ms)) return text;
  return new ExcelDate((ms - EXCEL_EPOCH_MS) / 86400000);
}
