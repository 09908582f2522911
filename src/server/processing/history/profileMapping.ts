/**
 * The client's remembered profile decides a header the vocabulary does not know: a header that the
 * last approved week of the same sheet read as a canonical column (by a fix, or by its values) is read
 * as that column again, unless another header of the sheet already gives it.
 */
import { CANONICAL_ORDER, type CanonicalColumn } from '../table/canonicalColumns';
import { type SheetHeader } from '../table/headerDetection';
import { normaliseHeader } from '../table/headerText';
import { type ClientHistory } from '../types';

const CANONICAL: ReadonlySet<string> = new Set(CANONICAL_ORDER);

/** The profile's sheet for a sheet of this week: by name (case aside), or the only one when both workbooks have one. */
function profileSheet(sheets: ClientHistory['sheets'], name: string, sheetCount: number): ClientHistory['sheets'][number] | undefined {
  const used = sheets.filter((s) => s.mapping.length > 0);
  return used.find((s) => s.name.toLowerCase() === name.toLowerCase()) ?? (used.length === 1 && sheetCount === 1 ? used[0] : undefined);
}

export function applyProfile(header: SheetHeader, sheet: string, sheetCount: number, sheets: ClientHistory['sheets']): void {
  const profile = profileSheet(sheets, sheet, sheetCount);
  if (!profile) return;
  const remembered = new Map(profile.mapping.map((m) => [normaliseHeader(m.header), m.column]));
  const used = new Set(header.columns.map((c) => c.canonical));
  for (const column of header.columns) {
    if (column.canonical || column.how === 'fix' || column.group) continue;
    const before = remembered.get(normaliseHeader(column.header));
    if (!before || !CANONICAL.has(before) || used.has(before as CanonicalColumn)) continue;
    column.canonical = before as CanonicalColumn;
    column.how = 'profile';
    used.add(column.canonical);
  }
}
