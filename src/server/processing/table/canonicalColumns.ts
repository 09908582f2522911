/**
 * The one vocabulary of payroll headers (headerVocabulary.json: the spellings of real registers and
 * exports for each canonical column, and the headers of bank account and routing numbers), and how a
 * header is matched against it. The columns themselves, in output order, are shared with the server and
 * the review viewer: src/common/canonicalColumns.ts. Header detection, row classification and the
 * outputs all read this file; entries are normalised exactly like sheet headers (headerText.ts).
 *
 * A header maps when its words are an entry's words: as written ('exact'), in another order
 * ('reordered': "Date Paid" = "Paid Date"), or once units, repeats and words that say nothing more of
 * that column are left out ('loose': "Gross ($)", "Bonus Amount", "PTO Used", "Pay Date (MM/DD/YYYY)").
 * No word of meaning is ever left out: "Total Hours", "YTD Gross", "Employer Taxes" and "Hours Type"
 * map to nothing and are kept as extra columns.
 */
import { CANONICAL_COLUMNS, type CanonicalColumn } from '../../../common/canonicalColumns';
import { normaliseHeader } from './headerText';
import vocabulary from './headerVocabulary.json';

export type { CanonicalColumn };

/** Every spelling of each canonical column, as real exports write it. */
export const CANONICAL_SYNONYMS: Readonly<Record<CanonicalColumn, readonly string[]>> = vocabulary.canonical;

/** Sensitive columns that are no canonical column: their values are masked wherever they are. */
export type SensitiveKind = 'bank-account' | 'routing-number';
export const SENSITIVE_SYNONYMS: Readonly<Record<SensitiveKind, readonly string[]>> = vocabulary.sensitive;

/** Canonical columns in output order. */
export const CANONICAL_ORDER: readonly CanonicalColumn[] = CANONICAL_COLUMNS;

export const HOURS_COLUMNS = [
  'Regular Hours', 'Overtime Hours', 'Double Time Hours', 'PTO Hours', 'Holiday Hours', 'Sick Hours',
] as const satisfies readonly CanonicalColumn[];

export const MONEY_COLUMNS = [
  'Pay Rate', 'Tips', 'Bonus', 'Commission', 'Reimbursement', 'Gross Pay', 'Deductions', 'Net Pay',
] as const satisfies readonly CanonicalColumn[];

export const DATE_COLUMNS = ['Pay Date', 'Period Start', 'Period End'] as const satisfies readonly CanonicalColumn[];

/** How closely a header matched: a weak match is one that content may override. */
export type MatchStrength = 'exact' | 'reordered' | 'loose';
export interface VocabularyMatch<Column extends string> {
  column: Column;
  strength: MatchStrength;
}
export type CanonicalMatch = VocabularyMatch<CanonicalColumn>;

/** Words a header may add to a column's own without changing what it names, for a group of columns. */
interface Filler<Column extends string> {
  columns: ReadonlySet<Column>;
  /** Units and formats, left out first: "($)", "(hh.hh)", "(MM/DD/YYYY)". */
  units: ReadonlySet<string>;
  /** Runs of words that say "this week's figure", left out with the units. */
  phrases: ReadonlyArray<readonly string[]>;
  /** Words that say nothing more of these columns, left out last: "amount" of a money column. */
  words: ReadonlySet<string>;
}

const MONEY_UNITS = ['currency', 'usd', 'dollar', 'dollars', 'cad', 'aud', 'gbp', 'eur'];
const HOURS_UNITS = ['hh', 'mm', 'x', 'decimal'];
const DATE_UNITS = ['mm', 'dd', 'yy', 'yyyy', 'ccyy', 'mmddyy', 'mmddyyyy', 'yyyymmdd', 'ddmmyyyy', 'mdy', 'dmy', 'ymd'];
const THIS_PERIOD = [
  ['this', 'period'], ['this', 'pay', 'period'], ['current', 'period'], ['current', 'pay', 'period'], ['this', 'week'],
  ['current', 'week'], ['for', 'period'], ['for', 'the', 'period'],
];
/** Words read from a neighbour that may come from another row of a two-row header ("Emp" above "No"). */
const NEIGHBOUR_WORDS = ['no', 'sec', 'over'];

function filler<Column extends string>(columns: readonly Column[], units: string[], words: string[], phrases: string[][] = []): Filler<Column> {
  return { columns: new Set(columns), units: new Set(units), words: new Set(words), phrases };
}

/** A header vocabulary: its entries normalised and indexed by their words, in order and as a set. */
class HeaderVocabulary<Column extends string> {
  private readonly exact = new Map<string, Column>();
  /** Sorted words -> column; null where two columns share the words. */
  private readonly reordered = new Map<string, Column | null>();
  /** Sorted distinct words -> column; null where two columns share them. */
  private readonly unordered = new Map<string, Column | null>();
  /** Every word of the entries and fillers: a header with any other word maps to nothing. */
  private readonly known = new Set<string>(NEIGHBOUR_WORDS);

  constructor(entries: Readonly<Record<Column, readonly string[]>>, order: readonly Column[], private readonly fillers: readonly Filler<Column>[]) {
    for (const column of order) for (const spelling of entries[column]) this.add(normaliseHeader(spelling), column);
    for (const { units, words, phrases } of fillers) for (const word of [...units, ...words, ...phrases.flat()]) this.known.add(word);
  }

  private add(normalised: string, column: Column): void {
    if (!normalised) return;
    if (!this.exact.has(normalised)) this.exact.set(normalised, column);
    const words = normalised.split(' ');
    for (const word of words) this.known.add(word);
    const sorted = words.sort();
    keepOnce(this.reordered, sorted.join(' '), column);
    keepOnce(this.unordered, distinctOfSorted(sorted), column);
  }

  /** Whether every word of a normalised text is a word of the vocabulary. */
  knows(normalised: string): boolean {
    if (!normalised) return false;
    // word by word, so that data (nearly every cell) stops at its first word
    for (let start = 0; ; ) {
      const end = normalised.indexOf(' ', start);
      if (!this.known.has(end < 0 ? normalised.slice(start) : normalised.slice(start, end))) return false;
      if (end < 0) return true;
      start = end + 1;
    }
  }

  match(normalised: string): VocabularyMatch<Column> | undefined {
    if (!normalised) return undefined;
    const exact = this.exact.get(normalised);
    if (exact !== undefined) return { column: exact, strength: 'exact' };
    if (!this.knows(normalised)) return undefined;
    // two texts joined (a two-row header) may read differently together: "Emp" above "No"
    const read = normaliseHeader(normalised);
    const readExact = this.exact.get(read);
    if (readExact !== undefined) return { column: readExact, strength: 'exact' };
    const words = read.split(' ');
    const reordered = this.reordered.get(sortedKey(words));
    if (reordered !== undefined) return reordered === null ? undefined : { column: reordered, strength: 'reordered' };
    const column = this.looseColumn(words);
    return column === undefined ? undefined : { column, strength: 'loose' };
  }

  /** The one column the words name once repeats, then each filler's units and words, are left out. */
  private looseColumn(words: string[]): Column | undefined {
    const repeated = this.unordered.get(distinctKey(words));
    if (repeated !== undefined) return repeated ?? undefined;
    let found: Column | undefined;
    for (const { columns, units, phrases, words: fillerWords } of this.fillers) {
      const kept = withoutPhrases(words, phrases).filter((word) => !units.has(word));
      const column = this.columnIn(columns, kept) ?? this.columnIn(columns, kept.filter((word) => !fillerWords.has(word)));
      if (column === undefined) continue;
      if (found !== undefined && found !== column) return undefined;
      found = column;
    }
    return found;
  }

  private columnIn(columns: ReadonlySet<Column>, words: string[]): Column | undefined {
    if (words.length === 0) return undefined;
    const column = this.unordered.get(distinctKey(words));
    return column != null && columns.has(column) ? column : undefined;
  }
}

function keepOnce<Column>(index: Map<string, Column | null>, key: string, column: Column): void {
  const before = index.get(key);
  if (before === undefined) index.set(key, column);
  else if (before !== column) index.set(key, null);
}

function sortedKey(words: string[]): string {
  return words.length < 2 ? words.join(' ') : [...words].sort().join(' ');
}

function distinctKey(words: string[]): string {
  return distinctOfSorted(words.length < 2 ? words : [...words].sort());
}

function distinctOfSorted(sorted: string[]): string {
  let key = sorted[0] ?? '';
  for (let i = 1; i < sorted.length; i++) if (sorted[i] !== sorted[i - 1]) key += ` ${sorted[i]}`;
  return key;
}

function withoutPhrases(words: string[], phrases: ReadonlyArray<readonly string[]>): string[] {
  if (phrases.length === 0) return words;
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const phrase = phrases.find((p) => p.every((word, k) => words[i + k] === word));
    if (phrase) i += phrase.length - 1;
    else kept.push(words[i]);
  }
  return kept;
}

let canonicalVocabulary: HeaderVocabulary<CanonicalColumn> | undefined;
let sensitiveVocabulary: HeaderVocabulary<SensitiveKind> | undefined;

/** Built on first use: a thread that only reads the column lists above never pays for it. */
function canonical(): HeaderVocabulary<CanonicalColumn> {
  return (canonicalVocabulary ??= new HeaderVocabulary<CanonicalColumn>(CANONICAL_SYNONYMS, CANONICAL_ORDER, [
    filler(['Employee ID', 'Employee Name', 'First Name', 'Last Name', 'Department'], [], ['employee']),
    filler(['Pay Rate'], MONEY_UNITS, ['employee', 'current', 'amount', 'pay', 'of', 'hours', 'hourly', 'per', 'unit']),
    filler(['Tips', 'Bonus', 'Commission', 'Reimbursement', 'Gross Pay', 'Deductions', 'Net Pay'], MONEY_UNITS,
      ['employee', 'current', 'amount', 'pay', 'total', 'earnings', 'paid'], THIS_PERIOD),
    filler(['Regular Hours', 'Overtime Hours', 'Double Time Hours'], HOURS_UNITS, ['employee', 'current', 'hours', 'worked'], THIS_PERIOD),
    filler(['PTO Hours', 'Holiday Hours', 'Sick Hours'], HOURS_UNITS, ['employee', 'current', 'hours', 'used', 'taken', 'paid'], THIS_PERIOD),
    filler(DATE_COLUMNS, DATE_UNITS, ['date', 'current']),
  ]));
}

function sensitive(): HeaderVocabulary<SensitiveKind> {
  return (sensitiveVocabulary ??= new HeaderVocabulary<SensitiveKind>(SENSITIVE_SYNONYMS, ['bank-account', 'routing-number'], [
    filler<SensitiveKind>(['bank-account', 'routing-number'], [], [
      'employee', 'bank', 'direct', 'deposit', 'dd', 'primary', 'secondary', 'update', 'payment', 'net', 'pay', '1', '2', '3', '4',
    ]),
  ]));
}

/** The canonical column a normalised header maps to, and how closely; undefined when it maps to none. */
export function canonicalMatch(normalised: string): CanonicalMatch | undefined {
  return canonical().match(normalised);
}

/** Same, for a header as written. */
export function canonicalMatchFor(header: string): CanonicalMatch | undefined {
  return canonical().match(normaliseHeader(header));
}

/** The canonical column a header maps to, or undefined. */
export function canonicalColumnFor(header: string): CanonicalColumn | undefined {
  return canonical().match(normaliseHeader(header))?.column;
}

/** Same, for text already normalised. */
export function canonicalColumnForNormalised(normalised: string): CanonicalColumn | undefined {
  return canonical().match(normalised)?.column;
}

/**
 * Whether more words after these (normalised) ones could make a header that maps: every word is a word
 * of the vocabulary. Nearly every pair of cells of a sheet is data, and this sets it aside.
 */
export function startsSynonym(normalised: string): boolean {
  return canonical().knows(normalised);
}

/** Whether a normalised header names a bank account or routing number column. */
export function sensitiveKindForNormalised(normalised: string): SensitiveKind | undefined {
  return sensitive().match(normalised)?.column;
}

/** Same, for a header as written. */
export function sensitiveKindFor(header: string): SensitiveKind | undefined {
  return sensitive().match(normaliseHeader(header))?.column;
}
