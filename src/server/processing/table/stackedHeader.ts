/** Headers met below a table's data: the header of another table stacked below it, or the same header again. */
import { ExcelDate, type SheetRow } from '../types';
import { headerRowKey } from './headerText';
import { detectHeader } from './headerDetection';
import { mapTexts, rowTexts } from './headerRowTexts';
import { type SheetHeader } from './sheetHeader';

const STARTS_LIKE_NUMBER = /^\s*[-+($]*\d/;

/**
 * A row of text only, as a header is: no number, date or true/false cell, and no text that starts like a
 * number (a file that stores every value as text).
 */
export function isTextOnly(row: SheetRow): boolean {
  const cells = row.cells;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (cell === null || cell === undefined) continue;
    if (typeof cell !== 'string' || STARTS_LIKE_NUMBER.test(cell)) return false;
  }
  return true;
}

/**
 * A row met below a table's data that is the header of another table stacked below it: text only
 * (a cell that starts like a number is data, in a file that stores every value as text), and a header
 * of its own that reads other columns, or the same ones from other places. Undefined for data, and for
 * the same header repeated.
 */
export function stackedHeaderOf(row: SheetRow, current: SheetHeader): SheetHeader | undefined {
  if (!isTextOnly(row)) return undefined;
  const header = headerOfRow(row);
  return header && !sameLayout(header, current) ? header : undefined;
}

/**
 * The header of a stacked table whose first row is `upper`, read with the row below it: a two-row or
 * grouped header that the two rows make together, or undefined when `lower` adds nothing to `upper`.
 */
export function twoRowHeaderOf(upper: SheetRow, lower: SheetRow, current: SheetHeader): SheetHeader | undefined {
  for (const cell of lower.cells) if (cell !== null && cell !== undefined && typeof cell !== 'string' && !(cell instanceof ExcelDate)) return undefined;
  const header = detectHeader([upper, lower]);
  return header && header.row === lower.row && !sameLayout(header, current) ? header : undefined;
}

/**
 * A header read again: the same words in the same places as `current`'s row(s) (however content or a
 * profile mapped them), or the same columns read from the same places.
 */
function sameLayout(a: SheetHeader, current: SheetHeader): boolean {
  if (a.repeatKeys.every((key) => current.repeatKeys.includes(key))) return true;
  const placed = (h: SheetHeader) => h.columns.filter((c) => c.canonical).map((c) => `${c.index}:${c.canonical}`).join('|');
  return placed(a) === placed(current);
}

/** Reads one row as a header of its own; undefined when it maps fewer than two columns or none that identifies. */
function headerOfRow(row: SheetRow): SheetHeader | undefined {
  const texts = rowTexts(row);
  const mapped = mapTexts(texts);
  if (!mapped.hasIdentity || mapped.mapped < 2) return undefined;
  return { row: row.row, columns: mapped.columns, repeatKeys: [headerRowKey(texts.texts)] };
}
