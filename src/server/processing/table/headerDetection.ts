/**
 * Finding the table in a sheet: the header row is the row among the first 30 non-empty rows that maps
 * the most canonical columns (at least two, one of them an employee identifier or name). A header split
 * over two rows is joined when joining maps more columns than the lower row alone.
 */
import { type SheetRow } from '../types';
import { type CanonicalColumn, canonicalColumnForNormalised, startsSynonym } from './canonicalColumns';
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

/** No synonym is longer than this; longer text is data, not a header. */
const MAX_HEADER_LENGTH = 48;

/** Header texts, column by column, and the canonical column each maps to on its own. */
interface MappedTexts {
  texts: string[];
  canonical: Array<CanonicalColumn | undefined>;
}

/**
 * A row's cell texts, each also normalised (`normaliseHeader`; '' when too long to map). Normalising two
 * texts joined by a space gives their normalised forms joined by a space, so the candidates of a
 * two-row header are looked up without normalising each pair of cells again (most pairs are data).
 */
interface RowTexts extends MappedTexts {
  normalised: string[];
}

function rowTexts(row: SheetRow): RowTexts {
  const n = row.cells.length;
  const mapped: RowTexts = { texts: new Array(n), normalised: new Array(n), canonical: new Array(n) };
  for (let i = 0; i < n; i++) {
    const text = cellText(row.cells[i]);
    // longer text maps neither alone nor joined
    const normalised = text && text.length <= MAX_HEADER_LENGTH ? normaliseHeader(text) : '';
    mapped.texts[i] = text;
    mapped.normalised[i] = normalised;
    mapped.canonical[i] = normalised ? canonicalColumnForNormalised(normalised) : undefined;
  }
  return mapped;
}

/** The normalised form of two texts joined by a space, from theirs. */
function joinNormalised(first: string, second: string): string {
  return first && second ? `${first} ${second}` : first || second;
}

/** The canonical column `${first} ${second}` maps to, from the two texts and their normalised forms. */
function joinedCanonical(first: string, second: string, normalisedFirst: string, normalisedSecond: string): CanonicalColumn | undefined {
  if (first.length + 1 + second.length > MAX_HEADER_LENGTH) return undefined;
  // nearly every pair of cells is data: one look at the synonyms' leading words sets it aside
  if (normalisedFirst && normalisedSecond && !startsSynonym(normalisedFirst)) return undefined;
  return canonicalColumnForNormalised(joinNormalised(normalisedFirst, normalisedSecond));
}

function mapTexts({ texts, canonical: mapsTo }: MappedTexts): { columns: HeaderColumn[]; mapped: number; hasIdentity: boolean } {
  const used = new Set<CanonicalColumn>();
  const columns: HeaderColumn[] = [];
  let hasIdentity = false;
  for (let i = 0; i < texts.length; i++) {
    const header = texts[i];
    if (!header) continue;
    let canonical = mapsTo[i];
    if (canonical && used.has(canonical)) canonical = undefined;
    if (canonical) {
      used.add(canonical);
      if (IDENTITY.has(canonical)) hasIdentity = true;
    }
    columns.push({ index: i, header, canonical });
  }
  return { columns, mapped: used.size, hasIdentity };
}

/**
 * Header texts of a two-row header, column by column: the upper and lower text joined (either way
 * round) when that maps, else the lower text when it maps alone; a blank upper cell may sit under a
 * merge to its left.
 */
function joinHeaderRows(upper: RowTexts, lower: RowTexts): MappedTexts {
  const width = Math.max(upper.texts.length, lower.texts.length);
  const joined: MappedTexts = { texts: new Array(width), canonical: new Array(width) };
  let mergedFromLeft = '';
  let mergedNormalised = '';
  for (let i = 0; i < width; i++) {
    const u = upper.texts[i] ?? '';
    const l = lower.texts[i] ?? '';
    const nu = upper.normalised[i] ?? '';
    const nl = lower.normalised[i] ?? '';
    if (u) {
      mergedFromLeft = u;
      mergedNormalised = nu;
    }
    if (!l) {
      joined.texts[i] = u;
      joined.canonical[i] = upper.canonical[i];
      continue;
    }
    // the upper text, or under a blank upper cell the merge to its left
    let text = `${mergedFromLeft} ${l}`;
    let canonical = mergedFromLeft ? joinedCanonical(mergedFromLeft, l, mergedNormalised, nl) : undefined;
    if (!canonical && u && (canonical = joinedCanonical(l, u, nl, nu))) text = `${l} ${u}`;
    if (!canonical) {
      canonical = lower.canonical[i];
      text = canonical || !u ? l : `${u} ${l}`;
    }
    joined.texts[i] = text;
    joined.canonical[i] = canonical;
  }
  return joined;
}

/** Detects the header among the first non-empty rows of a sheet; undefined when the sheet has none. */
export function detectHeader(firstRows: SheetRow[]): SheetHeader | undefined {
  const rows = firstRows.filter((r) => !isBlankRow(r.cells)).slice(0, HEADER_SEARCH_ROWS);
  let best: SheetHeader | undefined;
  let bestMapped = 1;
  let previous: RowTexts | undefined;
  let previousRow = -1;
  for (const row of rows) {
    const texts = rowTexts(row);
    const alone = mapTexts(texts);
    let candidate = alone;
    let upperRow: number | undefined;
    let repeatKeys = [headerRowKey(texts.texts)];
    if (previous && previousRow === row.row - 1) {
      const joined = mapTexts(joinHeaderRows(previous, texts));
      if (joined.mapped > alone.mapped && joined.hasIdentity) {
        candidate = joined;
        upperRow = previousRow;
        repeatKeys = [headerRowKey(previous.texts), repeatKeys[0]];
      }
    }
    if (candidate.hasIdentity && candidate.mapped > bestMapped) {
      bestMapped = candidate.mapped;
      best = { row: row.row, upperRow, columns: candidate.columns, repeatKeys };
    }
    previous = texts;
    previousRow = row.row;
  }
  return best;
}
