/**
 * Finding the table in a sheet: the header row is the row among the first 30 non-empty rows that maps
 * the most canonical columns (at least two, one of them an employee identifier or name). A header split
 * over two rows is joined when joining maps more columns than the lower row alone.
 */
import { ExcelDate, type MappingSource, type SheetRow } from '../types';
import { type CanonicalColumn, type CanonicalMatch, type MatchStrength, canonicalColumnForNormalised, canonicalMatch, startsSynonym } from './canonicalColumns';
import { headerCellText, isBlankRow } from './cellText';
import { headerRowKey, normaliseHeader } from './headerText';

export const HEADER_SEARCH_ROWS = 30;

export interface HeaderColumn {
  /** 0-based column index in the source sheet. */
  index: number;
  /** Header text as written (two-row headers joined with a space). */
  header: string;
  canonical?: CanonicalColumn;
  /** How `canonical` was decided (absent for an extra column, but for one an admin's fix keeps as an extra). */
  how?: MappingSource;
  /** What the header's words name on their own, even when another column of the sheet took that column. */
  named?: CanonicalColumn;
  /** Under a group label of a grouped two-row header: what the label names ("Hours Worked" over five dates). */
  group?: CanonicalColumn;
  /** No header text: the column is named after its letter ("Column F") because it holds data. */
  unnamed?: boolean;
  /** Kept as an extra, its values are SSN-shaped: every value is masked in the scrubbed file. */
  sensitive?: 'ssn';
}

export interface SheetHeader {
  /** 1-based row number of the header (the lower row of a two-row header). */
  row: number;
  /** Row number of the upper row when the header spans two rows. */
  upperRow?: number;
  columns: HeaderColumn[];
  /** Normalised texts of the header row(s), to recognise repeats below. */
  repeatKeys: string[];
  /** Set when the lower row of the header holds several periods side by side under group labels. */
  grouped?: { labels: string[]; columns: number };
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
    const text = headerCellText(row.cells[i]);
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

/** The match `${first} ${second}` makes, from the two texts and their normalised forms. */
function joinedMatch(first: string, second: string, normalisedFirst: string, normalisedSecond: string): CanonicalMatch | undefined {
  if (!first || !second || first.length + 1 + second.length > MAX_HEADER_LENGTH) return undefined;
  // nearly every pair of cells is data: one look at the vocabulary's words sets it aside
  if (normalisedFirst && normalisedSecond && !startsSynonym(normalisedFirst)) return undefined;
  return canonicalMatch(joinNormalised(normalisedFirst, normalisedSecond));
}

const RANK: Record<MatchStrength, number> = { exact: 3, reordered: 2, loose: 1 };

/** The stronger of two matches (the first on a tie), with the text each stands for. */
function stronger<T extends { match?: CanonicalMatch }>(a: T, b: T): T {
  if (!b.match) return a;
  if (!a.match) return b;
  return RANK[b.match.strength] > RANK[a.match.strength] ? b : a;
}

function mapTexts({ texts, canonical: mapsTo }: MappedTexts): { columns: HeaderColumn[]; mapped: number; hasIdentity: boolean } {
  const used = new Set<CanonicalColumn>();
  const columns: HeaderColumn[] = [];
  let hasIdentity = false;
  for (let i = 0; i < texts.length; i++) {
    const header = texts[i];
    if (!header) continue;
    const named = mapsTo[i];
    const canonical = named && !used.has(named) ? named : undefined;
    if (canonical) {
      used.add(canonical);
      if (IDENTITY.has(canonical)) hasIdentity = true;
    }
    columns.push({ index: i, header, canonical, how: canonical ? 'vocabulary' : undefined, named });
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
    // the upper text either way round ("Regular" over "Hours", "Hours" over "Regular"); under a blank
    // upper cell, the merge to its left, but only as an exact match ("Last Name" beside a merged "First" stays)
    const above = u ? u : mergedFromLeft;
    const normalisedAbove = u ? nu : mergedNormalised;
    let best = stronger({ text: `${above} ${l}`, match: joinedMatch(above, l, normalisedAbove, nl) }, { text: `${l} ${above}`, match: joinedMatch(l, above, nl, normalisedAbove) });
    if (!u && best.match?.strength !== 'exact') best = { text: l, match: undefined };
    const own = lower.normalised[i] ? canonicalMatch(nl) : undefined;
    if (best.match && (!own || RANK[best.match.strength] >= RANK[own.strength])) {
      joined.texts[i] = best.text;
      joined.canonical[i] = best.match.column;
    } else {
      joined.texts[i] = own || !u ? l : `${u} ${l}`;
      joined.canonical[i] = lower.canonical[i];
    }
  }
  return joined;
}

/** A row of the sheet that reads as data: it holds a number, a date or a true/false value. */
function isDataLike(row: SheetRow): boolean {
  for (const cell of row.cells) if (cell !== null && cell !== undefined && typeof cell !== 'string') return true;
  return false;
}

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
      if (joined.mapped > alone.mapped && (joined.hasIdentity || !requireIdentity)) {
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

/** Reads one row as a header of its own; undefined when it maps fewer than two columns or none that identifies. */
function headerOfRow(row: SheetRow): SheetHeader | undefined {
  const texts = rowTexts(row);
  const mapped = mapTexts(texts);
  if (!mapped.hasIdentity || mapped.mapped < 2) return undefined;
  return { row: row.row, columns: mapped.columns, repeatKeys: [headerRowKey(texts.texts)] };
}

/**
 * A grouped two-row header: labels ("Hours Worked", "Overtime Hours", "Pay") each over several columns,
 * the lower row naming the columns under each (usually dates, one per period), the same names under
 * every label. Every column under a label is kept under its joined header ("Hours Worked 2024-01-08");
 * the others read as the row that names them (the employee's columns, in either row). The lower row
 * holds text or dates only, names under a label repeat, and at least two columns sit under a blank
 * upper cell (the rest of a merged label); undefined when the two rows are not such a header.
 */
function groupedHeader(upperRow: SheetRow, lowerRow: SheetRow): SheetHeader | undefined {
  for (const cell of lowerRow.cells) if (typeof cell === 'number' || typeof cell === 'boolean') return undefined;
  const upper = rowTexts(upperRow);
  const lower = rowTexts(lowerRow);
  const width = Math.max(upper.texts.length, lower.texts.length);
  // the label over each column: the upper text, carried right over blank upper cells with a lower name
  const labelAt: Array<number | undefined> = new Array(width);
  let label: number | undefined;
  for (let i = 0; i < width; i++) {
    if (upper.texts[i]) label = i;
    else if (!lower.texts[i]) label = undefined;
    labelAt[i] = lower.texts[i] ? label : undefined;
  }
  const named = new Map<string, number>();
  for (let i = 0; i < width; i++) if (labelAt[i] !== undefined) named.set(lower.normalised[i], (named.get(lower.normalised[i]) ?? 0) + 1);
  const grouped = (i: number) => labelAt[i] !== undefined && (named.get(lower.normalised[i]) ?? 0) > 1;
  let underMerge = 0;
  for (let i = 0; i < width; i++) if (grouped(i) && !upper.texts[i]) underMerge++;
  if (underMerge < 2) return undefined;
  const columns: HeaderColumn[] = [];
  const used = new Set<CanonicalColumn>();
  const labels: string[] = [];
  let groupedColumns = 0;
  for (let i = 0; i < width; i++) {
    const at = labelAt[i];
    if (grouped(i) && at !== undefined) {
      const text = upper.texts[at];
      if (!labels.includes(text)) labels.push(text);
      groupedColumns++;
      columns.push({ index: i, header: `${text} ${lower.texts[i]}`, group: upper.canonical[at] });
      continue;
    }
    const own = lower.texts[i] ? lower : upper;
    const header = own.texts[i];
    if (!header) continue;
    const named = own.canonical[i];
    const canonical = named && !used.has(named) ? named : undefined;
    if (canonical) used.add(canonical);
    columns.push({ index: i, header, canonical, how: canonical ? 'vocabulary' : undefined, named });
  }
  if (!columns.some((c) => c.canonical && IDENTITY.has(c.canonical))) return undefined;
  return {
    row: lowerRow.row,
    upperRow: upperRow.row,
    columns,
    repeatKeys: [headerRowKey(upper.texts), headerRowKey(lower.texts)],
    grouped: { labels, columns: groupedColumns },
  };
}
