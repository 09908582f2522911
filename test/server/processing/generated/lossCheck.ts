/**
 * Nothing lost silently, and stacked tables kept apart. Every input column with data must be in the
 * Consolidated sheet, holding its values on the rows they came from: under the column the Sources
 * mapping gives it, or under its own header (made unique as "Header (2)"); otherwise a warning or
 * error in Issues must name its header. Rows are found by Source Sheet and Source Row.
 */
import { isCanonicalColumn } from '@/common/canonicalColumns';
import { type RegisterRun } from './engineOutputs';
import { ConsolidatedIndex, headerKey, issueTexts, sameValue, showValue, tableInfo } from './outputLookup';
import { type TablePlacement, upperOf } from './registerLayout';
import { type WrittenSheet } from './registerFiles';
import { type RegisterCell } from './registerSpec';

const withoutSuffix = (header: string) => header.replace(/ \(\d+\)$/, '');

/** How many of the column's rows the consolidated column was compared on, and the first it does not hold. */
function compare(index: ConsolidatedIndex, sheet: WrittenSheet, placement: TablePlacement, j: number, k: number): { compared: number; mismatch: string | null } {
  const column = placement.table.columns[j];
  let compared = 0;
  for (let i = 0; i < column.values.length; i++) {
    const value: RegisterCell = column.values[i];
    if (value === null) continue;
    const sourceRow = sheet.sourceRow(placement.dataRows[i]);
    const row = index.row(sheet.name, sourceRow);
    if (!row) continue; // a missing row is the row count's finding
    if (!sameValue(value, row[k])) return { compared, mismatch: `row ${sourceRow} holds ${showValue(row[k] ?? null)} instead of ${showValue(value)}` };
    compared++;
  }
  return { compared, mismatch: null };
}

const LINEAGE = ['Source Sheet', 'Source Row'];

export function lostColumns(run: RegisterRun): string[] {
  const found: string[] = [];
  const index = new ConsolidatedIndex(run.outputs);
  const warnings = issueTexts(run.outputs);
  for (const sheet of run.written.sheets) {
    sheet.layout.tables.forEach((placement, t) => {
      const info = tableInfo(run.outputs, sheet, placement);
      placement.table.columns.forEach((column, j) => {
        if (column.values.every((v) => v === null)) return;
        const upper = upperOf(placement.table, j);
        const names = [column.header, upper ? `${upper} ${column.header}` : null, upper ? `${column.header} ${upper}` : null].filter((n): n is string => n !== null).map(headerKey);
        const mapped = info?.mapping.find((m) => m.sourceColumn === placement.columnAt[j])?.column;
        // a column kept under its header may be the one made unique ("03/23 (2)"), whatever Sources calls it
        const byHeader = index.header.flatMap((h, k) => (names.includes(headerKey(withoutSuffix(h))) || (mapped !== undefined && withoutSuffix(h) === mapped) ? [k] : []));
        const candidates = mapped !== undefined && isCanonicalColumn(mapped) ? [index.column(mapped)] : byHeader;
        const where = `sheet ${JSON.stringify(sheet.name)} table ${t + 1} (header row ${sheet.sourceRow(placement.headerRow)}) column ${JSON.stringify(upper ? `${upper} / ${column.header}` : column.header)} (${column.canonical ?? 'extra'})`;
        const live = candidates.filter((k) => k >= 0);
        const results = live.map((k) => compare(index, sheet, placement, j, k));
        if (results.some((r) => r.mismatch === null)) return;
        // an extra column merged with an equivalent header of another sheet ("Check #" into "Check No.")
        const holds = (k: number) => {
          const r = compare(index, sheet, placement, j, k);
          return r.compared > 0 && r.mismatch === null;
        };
        if ((mapped === undefined || !isCanonicalColumn(mapped)) && index.header.some((h, k) => !isCanonicalColumn(h) && !LINEAGE.includes(h) && holds(k))) return;
        if (results.length > 0) {
          found.push(`${where}: Consolidated ${JSON.stringify(index.header[live[0]])} does not hold its values: ${results[0].mismatch}`);
          return;
        }
        if (names.some((n) => warnings.some((w) => w.includes(n)))) return;
        const how = mapped !== undefined ? `mapped to ${JSON.stringify(mapped)}, which Consolidated lacks` : info ? 'not in the Sources mapping, no Consolidated column under its header' : 'no Sources entry for its table';
        found.push(`${where} is lost: ${how}, and no warning names it`);
      });
    });
  }
  return found;
}

const IDENTITY = ['id', 'name', 'first', 'last', 'gross'] as const;

/** In sheets of several tables, each table's ID, name and gross land under those columns on its own rows. */
export function misplacedRows(run: RegisterRun): string[] {
  const found: string[] = [];
  const index = new ConsolidatedIndex(run.outputs);
  for (const sheet of run.written.sheets) {
    if (sheet.layout.tables.length < 2) continue;
    sheet.layout.tables.forEach((placement, t) => {
      const { table } = placement;
      table.employees.forEach((_, i) => {
        const sourceRow = sheet.sourceRow(placement.dataRows[i]);
        const row = index.row(sheet.name, sourceRow);
        if (!row) {
          found.push(`sheet ${JSON.stringify(sheet.name)} table ${t + 1}: data row ${sourceRow} is not in Consolidated`);
          return;
        }
        for (const field of IDENTITY) {
          const j = table.columns.findIndex((c) => c.field === field);
          if (j < 0) continue;
          const column = table.columns[j];
          const k = index.column(column.canonical!);
          const value = column.values[i];
          if (value === null) continue;
          if (k < 0) found.push(`sheet ${JSON.stringify(sheet.name)} table ${t + 1} row ${sourceRow}: Consolidated has no ${JSON.stringify(column.canonical)} column for ${JSON.stringify(column.header)}`);
          else if (!sameValue(value, row[k])) found.push(`sheet ${JSON.stringify(sheet.name)} table ${t + 1} row ${sourceRow}: Consolidated ${JSON.stringify(column.canonical)} holds ${showValue(row[k] ?? null)}, expected ${showValue(value)} (its column ${JSON.stringify(column.header)})`);
        }
      });
    });
  }
  return found;
}
