/**
 * The admin's mapping fixes, applied to a sheet's header once it is found: a header (compared as
 * normalised, like every header) is read as the fixed canonical column, or kept as an extra column.
 * A fix for the sheet wins over one for every sheet; a fixed column takes its canonical column from
 * any other header of the sheet that mapped to it (a column is read from one place per sheet).
 */
import { CANONICAL_ORDER, type CanonicalColumn } from '../table/canonicalColumns';
import { type SheetHeader } from '../table/headerDetection';
import { normaliseHeader } from '../table/headerText';
import { type MappingFix } from '../types';

const CANONICAL: ReadonlySet<string> = new Set(CANONICAL_ORDER);

/** The fix for a header of a sheet, if any: the sheet's own first, then one for every sheet. */
export function fixFor(fixes: readonly MappingFix[], sheet: string, header: string): MappingFix | undefined {
  const key = normaliseHeader(header);
  let general: MappingFix | undefined;
  for (const fix of fixes) {
    if (normaliseHeader(fix.header) !== key) continue;
    if (fix.sheet === sheet) return fix;
    if (fix.sheet === null) general ??= fix;
  }
  return general;
}

/** Applies the fixes to a sheet's header in place; a fix naming no canonical column keeps the header as an extra. */
export function applyMappingFixes(header: SheetHeader, sheet: string, fixes: readonly MappingFix[]): void {
  if (fixes.length === 0) return;
  for (const column of header.columns) {
    const fix = fixFor(fixes, sheet, column.header);
    if (!fix) continue;
    const canonical = fix.column !== null && CANONICAL.has(fix.column) ? (fix.column as CanonicalColumn) : undefined;
    if (canonical) {
      for (const other of header.columns) {
        if (other.canonical !== canonical) continue;
        other.canonical = undefined;
        other.how = undefined;
      }
    }
    column.canonical = canonical;
    column.how = 'fix';
  }
}
