/**
 * Content confirms or decides a sheet's mapping (PROCESSING.md section 6): two headers naming the same
 * canonical column are settled by whose values fit it; a header the vocabulary does not know, or a
 * column with no header at all, is mapped by its values when they are unambiguous (SSNs, an employee's
 * name, a unique ID ahead of the names); and a column holding data under no header text is kept,
 * named after its letter. Each decision is recorded on the column (`how: 'content'`).
 */
import { type CanonicalColumn, DATE_COLUMNS, HOURS_COLUMNS, MONEY_COLUMNS, sensitiveKindFor } from './canonicalColumns';
import { type ColumnProfile, type ColumnProfiles, holdsSsns, share } from './columnProfile';
import { type HeaderColumn, type SheetHeader } from './headerDetection';

/** Fewer values than this say too little to map a column by. */
const MIN_VALUES = 3;
const HOURS: ReadonlySet<CanonicalColumn> = new Set(HOURS_COLUMNS);
const MONEY: ReadonlySet<CanonicalColumn> = new Set(MONEY_COLUMNS);
const DATES: ReadonlySet<CanonicalColumn> = new Set(DATE_COLUMNS);
const NAMES: ReadonlySet<CanonicalColumn> = new Set(['Employee Name', 'First Name', 'Last Name']);

/** How well a column's values fit a canonical column, from 0 to 1. */
export function fit(column: CanonicalColumn, profile: ColumnProfile | undefined): number {
  if (!profile || profile.filled === 0) return 0;
  if (HOURS.has(column)) return share(profile, (p) => p.weekHours);
  if (MONEY.has(column)) return share(profile, (p) => p.numbers);
  if (DATES.has(column)) return share(profile, (p) => p.dates);
  if (column === 'SSN') return share(profile, (p) => p.ssn + p.ssnLoose);
  if (column === 'Employee ID') return share(profile, (p) => p.idLike) * (profile.distinct / profile.filled);
  if (NAMES.has(column)) return share(profile, (p) => p.text);
  return share(profile, (p) => p.text + p.numbers);
}

/** The letters of a 0-based column index, as a spreadsheet shows them: 0 -> A, 26 -> AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Decides the mapping of `header` by the content profiled, in place. */
export function mapByContent(header: SheetHeader, profiles: ColumnProfiles): void {
  keepUnnamedColumns(header, profiles);
  settleCompetitions(header, profiles);
  mapUnknownColumns(header, profiles);
}

/** A column with data but no header text is kept, as "Column F" (made unique against the sheet's headers). */
function keepUnnamedColumns(header: SheetHeader, profiles: ColumnProfiles): void {
  const named = new Set(header.columns.map((c) => c.index));
  const taken = new Set(header.columns.map((c) => c.header.toLowerCase()));
  for (const index of profiles.columns()) {
    if (named.has(index)) continue;
    let name = `Column ${columnLetters(index)}`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `Column ${columnLetters(index)} (${n})`;
    taken.add(name.toLowerCase());
    header.columns.push({ index, header: name, unnamed: true });
  }
  header.columns.sort((a, b) => a.index - b.index);
}

/**
 * Several headers naming one canonical column: the vocabulary gave it to the first; it goes to another
 * whose values fit it clearly better, and the first is kept as an extra column under its own header.
 */
function settleCompetitions(header: SheetHeader, profiles: ColumnProfiles): void {
  const byNamed = new Map<CanonicalColumn, HeaderColumn[]>();
  for (const column of header.columns) {
    if (!column.named || column.how === 'fix') continue;
    const list = byNamed.get(column.named) ?? [];
    list.push(column);
    byNamed.set(column.named, list);
  }
  for (const [canonical, columns] of byNamed) {
    if (columns.length < 2) continue;
    const holder = columns.find((c) => c.canonical === canonical);
    if (!holder || holder.how === 'fix') continue;
    const holderFit = fit(canonical, profiles.of(holder.index));
    let winner = holder;
    let winnerFit = holderFit;
    for (const column of columns) {
      const profile = profiles.of(column.index);
      if (column === holder || !profile || profile.filled < MIN_VALUES) continue;
      const candidateFit = fit(canonical, profile);
      if (candidateFit > winnerFit + 0.3) {
        winner = column;
        winnerFit = candidateFit;
      }
    }
    if (winner === holder) continue;
    holder.canonical = undefined;
    holder.how = undefined;
    winner.canonical = canonical;
    winner.how = 'content';
  }
}

/**
 * A column kept as an extra whose values are unambiguous: SSN-shaped values make it the SSN column;
 * names make it the employee's name where no column gives one; a unique ID ahead of the names makes it
 * the Employee ID where none is given. Hours, money and dates are not told apart by their values
 * (regular hours and overtime look alike), so those stay as their headers say.
 */
function mapUnknownColumns(header: SheetHeader, profiles: ColumnProfiles): void {
  const used = new Set(header.columns.map((c) => c.canonical).filter((c): c is CanonicalColumn => c !== undefined));
  const hasName = used.has('Employee Name') || used.has('First Name') || used.has('Last Name');
  const candidates = header.columns.filter((c) => !c.canonical && !c.group && (c.unnamed || !c.named));
  const take = (column: HeaderColumn, canonical: CanonicalColumn) => {
    column.canonical = canonical;
    column.how = 'content';
    used.add(canonical);
  };
  for (const column of header.columns) {
    const profile = profiles.of(column.index);
    // bank routing numbers are nine digits too: their header says what they are
    if (column.canonical || !holdsSsns(profile) || sensitiveKindFor(column.header)) continue;
    // one value says too little to map a column by; a second column of SSNs stays an extra, masked whole
    if (!used.has('SSN') && candidates.includes(column) && (profile?.filled ?? 0) >= 2) take(column, 'SSN');
    else column.sensitive = 'ssn';
  }
  if (!hasName) {
    for (const column of candidates) {
      const profile = profiles.of(column.index);
      if (column.canonical || !profile || profile.filled < MIN_VALUES) continue;
      if (share(profile, (p) => p.names) >= 0.8 && profile.distinct >= profile.filled * 0.8) {
        take(column, 'Employee Name');
        break;
      }
    }
  }
  if (!used.has('Employee ID')) {
    const nameAt = header.columns.find((c) => c.canonical && NAMES.has(c.canonical))?.index ?? 1;
    for (const column of candidates) {
      const profile = profiles.of(column.index);
      if (column.canonical || !profile || profile.filled < MIN_VALUES || column.index >= nameAt) continue;
      const unique = profile.distinct === profile.filled;
      if (unique && share(profile, (p) => p.idLike) >= 0.9 && share(profile, (p) => p.ssn + p.dates) === 0) {
        take(column, 'Employee ID');
        break;
      }
    }
  }
}
