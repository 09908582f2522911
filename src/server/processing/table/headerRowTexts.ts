/**
 * A row's cells read as header texts, each mapped to the canonical column its words name; two rows read
 * together as one header (upper over lower, a merged upper cell over the columns to its right).
 */
import { type SheetRow } from '../types';
import { type CanonicalColumn, type CanonicalMatch, type MatchStrength, canonicalColumnForNormalised, canonicalMatch, startsSynonym } from './canonicalColumns';
import { headerCellText } from './cellText';
import { normaliseHeader } from './headerText';
import { type HeaderColumn } from './sheetHeader';

export const IDENTITY: ReadonlySet<CanonicalColumn> = new Set(['Employee ID', 'Employee Name', 'First Name', 'Last Name']);

/** No synonym is longer than this; longer text is data, not a header. */
const MAX_HEADER_LENGTH = 48;

/** Header texts, column by column, and the canonical column each maps to on its own. */
export interface MappedTexts {
  texts: string[];
  canonical: Array<CanonicalColumn | undefined>;
}

/**
 * A row's cell texts, each also normalised (`normaliseHeader`; '' when too long to map). Normalising two
 * texts joined by a space gives their normalised forms joined by a space, so the candidates of a
 * two-row header are looked up without normalising each pair of cells again (most pairs are data).
 */
export interface RowTexts extends MappedTexts {
  normalised: string[];
}

export function rowTexts(row: SheetRow): RowTexts {
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

export function mapTexts({ texts, canonical: mapsTo }: MappedTexts): { columns: HeaderColumn[]; mapped: number; hasIdentity: boolean } {
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
export function joinHeaderRows(upper: RowTexts, lower: RowTexts): MappedTexts {
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
export function isDataLike(row: SheetRow): boolean {
  for (const cell of row.cells) if (cell !== null && cell !== undefined && typeof cell !== 'string') return true;
  return false;
}
