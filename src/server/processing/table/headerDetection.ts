/**
 * Finding the table in a sheet: the header row is the row among the first 30 non-empty rows that maps
 * the most canonical columns (at least two, one of them an employee identifier or name). A header split
 * over two rows is joined when joining maps more columns than the lower row alone, or as many but reads
 * one of them as another column ("Overtime" over "Hours").
 */
import { type SheetRow } from '../types';
import { isBlankRow } from './cellText';
import { groupedHeader } from './groupedHeader';
import { headerRowKey } from './headerText';
import { IDENTITY, type RowTexts, isDataLike, joinHeaderRows, mapTexts, rowTexts } from './headerRowTexts';
import { type HeaderColumn, type SheetHeader } from './sheetHeader';

export type { HeaderColumn, SheetHeader } from './sheetHeader';

export const HEADER_SEARCH_ROWS = 30;

/**
 * Detects the header among the first non-empty rows of a sheet; undefined when the sheet has none
 * (`requireIdentity` false: a header need not name an employee column, for content to find one). The
 * best candidate is looked for above the first row of data that follows a candidate, so a sheet of
 * stacked tables starts with its first table (the later ones are found as the rows flow).
 */
export function detectHeader(firstRows: SheetRow[], requireIdentity = true): SheetHeader | undefined {
  const rows = firstRows.filter((r) => !isBlankRow(r.cells)).slice(0, HEADER_SEARCH_ROWS);
  let best: SheetHeader | undefined;
  let bestAt = -1;
  let bestMapped = 1;
  let previous: RowTexts | undefined;
  let previousRow = -1;
  for (let at = 0; at < rows.length; at++) {
    const row = rows[at];
    if (best && isDataLike(row)) break;
    const texts = rowTexts(row);
    const alone = mapTexts(texts);
    let candidate = alone;
    let upperRow: number | undefined;
    let repeatKeys = [headerRowKey(texts.texts)];
    if (previous && previousRow === row.row - 1) {
      const joined = mapTexts(joinHeaderRows(previous, texts));
      // joined when that maps more, or as many but reads some column otherwise ("Overtime" over "Hours")
      const better = joined.mapped > alone.mapped || (joined.mapped === alone.mapped && readsOtherwise(joined.columns, alone.columns));
      if (better && (joined.hasIdentity || !requireIdentity)) {
        candidate = joined;
        upperRow = previousRow;
        repeatKeys = [headerRowKey(previous.texts), repeatKeys[0]];
      }
    }
    if ((candidate.hasIdentity || !requireIdentity) && candidate.mapped > bestMapped) {
      bestMapped = candidate.mapped;
      best = { row: row.row, upperRow, columns: candidate.columns, repeatKeys };
      bestAt = at;
    }
    previous = texts;
    previousRow = row.row;
  }
  if (!best) return undefined;
  // a grouped header: labels over the best row, or the best row's labels over the row below it
  const at = rows[bestAt];
  const above = rows[bestAt - 1];
  const below = rows[bestAt + 1];
  if (best.upperRow !== undefined && above) return groupedHeader(above, at) ?? best;
  if (above && above.row === at.row - 1 && !isDataLike(above)) {
    const grouped = groupedHeader(above, at);
    if (grouped) return grouped;
  }
  if (below && below.row === at.row + 1) return groupedHeader(at, below) ?? best;
  return best;
}

/** Whether a header has an employee identifier or name column. */
export function hasIdentity(header: SheetHeader): boolean {
  return header.columns.some((c) => c.canonical !== undefined && IDENTITY.has(c.canonical));
}

/**
 * A header row that names an employee column and at least one other column but too few payroll
 * columns to be a payroll header (a list of names and addresses): only to say what the sheet holds.
 */
export function identityHeader(firstRows: SheetRow[]): SheetHeader | undefined {
  for (const row of firstRows.filter((r) => !isBlankRow(r.cells)).slice(0, HEADER_SEARCH_ROWS)) {
    if (isDataLike(row)) continue;
    const texts = rowTexts(row);
    const mapped = mapTexts(texts);
    if (mapped.hasIdentity && mapped.columns.length >= 2) return { row: row.row, columns: mapped.columns, repeatKeys: [] };
  }
  return undefined;
}

/** Whether two readings of the same columns map some column to another canonical column. */
function readsOtherwise(a: HeaderColumn[], b: HeaderColumn[]): boolean {
  const byIndex = new Map(b.map((c) => [c.index, c.canonical]));
  return a.some((c) => c.canonical !== byIndex.get(c.index));
}
