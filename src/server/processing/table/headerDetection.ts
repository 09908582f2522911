/**
 * Finding the table in a sheet: the header row is the row among the first 30 non-empty rows that maps
 * the most canonical columns (at least two, one of them an employee identifier or name). A header split
 * over two rows is joined when joining maps more columns than the lower row alone.
 */
import { type SheetRow } from '../types';
import { type CanonicalColumn, canonicalColumnForNormalised } from './canonicalColumns';
import { cellText, isBlankRow } from './cellText';
import { headerRowKey, normaliseHeader } from './headerText';

export const HEADER_SEARCH_ROWS = 30;

export interface HeaderColumn {
  /** 0-based column index in the source sheet. */
  index: number;
  /** Header text as written (two-row headers joined with a space). */
  header: string;
  canonical?: CanonicalColumn;
}

export interface SheetHeader {
  /** 1-based row number of the header (the lower row of a two-row header). */
  row: number;
  /** Row number of the upper row when the header spans two rows. */
  upperRow?: number;
  columns: HeaderColumn[];
  /** Normalised texts of the header row(s), to recognise repeats below. */
  repeatKeys: string[];
}

const IDENTITY: ReadonlySet<CanonicalColumn> = new Set(['Employee ID', 'Employee Name', 'First Name', 'Last Name']);

function mapTexts(texts: string[]): { columns: HeaderColumn[]; mapped: number; hasIdentity: boolean } {
  const used = new Set<CanonicalColumn>();
  const columns: HeaderColumn[] = [];
  let hasIdentity = false;
  for (let i = 0; i < texts.length; i++) {
    const header = texts[i];
    if (!header) continue;
    let canonical = header.length <= MAX_HEADER_LENGTH ? canonicalColumnForNormalised(normaliseHeader(header)) : undefined;
    if (canonical && used.has(canonical)) canonical = undefined;
    if (canonical) {
      used.add(canonical);
      if (IDENTITY.has(canonical)) hasIdentity = true;
    }
    columns.push({ index: i, header, canonical });
  }
  return { columns, mapped: used.size, hasIdentity };
}

/** No synonym is longer than this; longer text is data, not a header. */
const MAX_HEADER_LENGTH = 48;

function maps(text: string): boolean {
  return text.length <= MAX_HEADER_LENGTH && canonicalColumnForNormalised(normaliseHeader(text)) !== undefined;
}

/** Header texts of a two-row header, column by column; a blank upper cell may sit under a merge to its left. */
export function joinHeaderRows(upper: string[], lower: string[]): string[] {
  const width = Math.max(upper.length, lower.length);
  const joined: string[] = [];
  let mergedFromLeft = '';
  for (let i = 0; i < width; i++) {
    const u = upper[i] ?? '';
    const l = lower[i] ?? '';
    if (u) mergedFromLeft = u;
    if (!l) {
      joined.push(u);
      continue;
    }
    const candidates = u ? [`${u} ${l}`, `${l} ${u}`] : mergedFromLeft ? [`${mergedFromLeft} ${l}`] : [];
    const mapping = candidates.find(maps);
    if (mapping) joined.push(mapping);
    else if (maps(l)) joined.push(l);
    else joined.push(u ? `${u} ${l}` : l);
  }
  return joined;
}

function rowTexts(row: SheetRow): string[] {
  const texts: string[] = new Array(row.cells.length);
  for (let i = 0; i < row.cells.length; i++) texts[i] = cellText(row.cells[i]);
  return texts;
}

/** Detects the header among the first non-empty rows of a sheet; undefined when the sheet has none. */
export function detectHeader(firstRows: SheetRow[]): SheetHeader | undefined {
  const rows = firstRows.filter((r) => !isBlankRow(r.cells)).slice(0, HEADER_SEARCH_ROWS);
  let best: SheetHeader | undefined;
  let bestMapped = 1;
  let previousTexts: string[] | undefined;
  let previousRow = -1;
  for (const row of rows) {
    const texts = rowTexts(row);
    const alone = mapTexts(texts);
    let candidate = alone;
    let upperRow: number | undefined;
    let repeatKeys = [headerRowKey(texts)];
    if (previousTexts && previousRow === row.row - 1) {
      const joined = mapTexts(joinHeaderRows(previousTexts, texts));
      if (joined.mapped > alone.mapped && joined.hasIdentity) {
        candidate = joined;
        upperRow = previousRow;
        repeatKeys = [headerRowKey(previousTexts), repeatKeys[0]];
      }
    }
    if (candidate.hasIdentity && candidate.mapped > bestMapped) {
      bestMapped = candidate.mapped;
      best = { row: row.row, upperRow, columns: candidate.columns, repeatKeys };
    }
    previousTexts = texts;
    previousRow = row.row;
  }
  return best;
}
