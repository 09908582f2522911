/**
 * This week's sheets and headers against the client's mapping profile (as last approved): a sheet that
 * appeared or disappeared, a header that is new, gone or now read as another column. A header gone and
 * another new in the same sheet read as a rename (first those read as the same column, then in order).
 * A header the admin has fixed is the admin's decision, not a change: it is not reported, nor is the
 * header whose column it took over. A profile without sheets (nothing approved yet) compares nothing.
 */
import { type Issue, ruleIssue } from '../scrubbing/issue';
import { CANONICAL_ORDER } from '../table/canonicalColumns';
import { normaliseHeader } from '../table/headerText';
import { type ClientHistory, type MappingFix, type SheetSourceInfo } from '../types';
import { fixFor } from './mappingFixes';

type ProfileSheet = ClientHistory['sheets'][number];

interface MappedHeader {
  header: string;
  column: string;
}

const CANONICAL: ReadonlySet<string> = new Set(CANONICAL_ORDER);

export function compareWithProfile(history: ClientHistory, infos: readonly SheetSourceInfo[]): Issue[] {
  const before = history.sheets.filter((s) => s.mapping.length > 0);
  if (before.length === 0) return [];
  const now = infos.filter((i) => !i.skippedReason);
  const issues: Issue[] = [];
  const { matched, missing, added } = pairSheets(before, now);
  for (const [profile, info] of matched) compareHeaders(profile, info, history.fixes, issues);
  for (const profile of missing) issues.push(sheetMissing(profile, infos));
  const names = before.map((s) => `'${s.name}'`).join(', ');
  for (const info of added) {
    issues.push(ruleIssue('sheet-new', info.name, info.headerRow ?? null, '', info.name, `Sheet '${info.name}' is new; last approved week had ${names}.`));
  }
  return issues;
}

/**
 * Sheets are matched by name (case aside). A workbook of one sheet is compared with a profile of one
 * whatever their names: a CSV's sheet is named after its file, and a lone sheet often after its week.
 */
function pairSheets(before: ProfileSheet[], now: SheetSourceInfo[]): { matched: Array<[ProfileSheet, SheetSourceInfo]>; missing: ProfileSheet[]; added: SheetSourceInfo[] } {
  if (before.length === 1 && now.length === 1) return { matched: [[before[0], now[0]]], missing: [], added: [] };
  const byName = new Map(now.map((info) => [info.name.toLowerCase(), info]));
  const matched: Array<[ProfileSheet, SheetSourceInfo]> = [];
  const missing: ProfileSheet[] = [];
  for (const profile of before) {
    const info = byName.get(profile.name.toLowerCase());
    if (!info) missing.push(profile);
    else {
      matched.push([profile, info]);
      byName.delete(profile.name.toLowerCase());
    }
  }
  return { matched, missing, added: [...byName.values()] };
}

function sheetMissing(profile: ProfileSheet, infos: readonly SheetSourceInfo[]): Issue {
  const skipped = infos.find((i) => i.name.toLowerCase() === profile.name.toLowerCase());
  const message = skipped
    ? `Sheet '${skipped.name}' was skipped (${skipped.skippedReason}); last approved week it had a payroll table.`
    : `Sheet '${profile.name}' is missing; last approved week had it.`;
  return ruleIssue('sheet-missing', skipped?.name ?? '', null, '', profile.name, message);
}

/** Headers keyed as normalised (the first of a repeated one), in the sheet's order. */
function byHeader(mapping: readonly MappedHeader[]): Map<string, MappedHeader> {
  const keyed = new Map<string, MappedHeader>();
  for (const entry of mapping) {
    const key = normaliseHeader(entry.header);
    if (!keyed.has(key)) keyed.set(key, entry);
  }
  return keyed;
}

function compareHeaders(profile: ProfileSheet, info: SheetSourceInfo, fixes: readonly MappingFix[], issues: Issue[]): void {
  const before = byHeader(profile.mapping);
  const sheet = info.name;
  const row = info.headerRow ?? null;
  const added: MappedHeader[] = [];
  const fixedColumns = new Set<string>();
  for (const [key, entry] of byHeader(info.mapping)) {
    const earlier = before.get(key);
    before.delete(key);
    if (fixFor(fixes, sheet, entry.header)) fixedColumns.add(entry.column);
    else if (!earlier) added.push(entry);
    else if (earlier.column !== entry.column) {
      issues.push(ruleIssue('header-remapped', sheet, row, entry.column, entry.header, `Sheet '${sheet}': '${entry.header}' is ${reading(entry)}; last approved week it was ${reading(earlier)}.`));
    }
  }
  const gone = [...before.values()].filter((entry) => !fixedColumns.has(entry.column));
  for (const [now, earlier] of renames(added, gone)) {
    const message = earlier
      ? `Sheet '${sheet}': '${now.header}' is new (${reading(now)}); last approved week had '${earlier.header}' (${reading(earlier)}).`
      : `Sheet '${sheet}': '${now.header}' is new (${reading(now)}); last approved week did not have it.`;
    issues.push(ruleIssue('header-new', sheet, row, now.column, now.header, message));
  }
  for (const earlier of gone) {
    issues.push(ruleIssue('header-missing', sheet, row, earlier.column, earlier.header, `Sheet '${sheet}': '${earlier.header}' (${reading(earlier)}) is missing; last approved week had it.`));
  }
}

/**
 * Each new header with the gone header it renames, if any: first one read as the same column, then
 * the rest in the sheet's order. The gone headers paired are taken out of `gone`.
 */
function renames(added: MappedHeader[], gone: MappedHeader[]): Array<[MappedHeader, MappedHeader | undefined]> {
  const pairs = added.map((entry): [MappedHeader, MappedHeader | undefined] => [entry, takeFrom(gone, (g) => g.column === entry.column)]);
  for (const pair of pairs) pair[1] ??= takeFrom(gone, () => true);
  return pairs;
}

function takeFrom(list: MappedHeader[], wanted: (entry: MappedHeader) => boolean): MappedHeader | undefined {
  const at = list.findIndex(wanted);
  return at < 0 ? undefined : list.splice(at, 1)[0];
}

/** How a header is read: "read as Overtime Hours", or "kept as an extra column". */
function reading(entry: MappedHeader): string {
  return CANONICAL.has(entry.column) ? `read as ${entry.column}` : 'kept as an extra column';
}
