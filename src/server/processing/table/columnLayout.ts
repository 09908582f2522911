/**
 * The columns of the two outputs. Consolidated: canonical columns present in at least one sheet (in
 * canonical order), then the kept extra columns, then the lineage columns. Scrubbed: the same, plus the
 * split name columns and Department (defaulted to the sheet name), plus Status.
 */
import { CANONICAL_ORDER, type CanonicalColumn } from './canonicalColumns';
import { type SheetHeader } from './headerDetection';
import { normaliseHeader } from './headerText';

export const SOURCE_SHEET = 'Source Sheet';
export const SOURCE_ROW = 'Source Row';
export const STATUS = 'Status';

export interface OutputColumn {
  name: string;
  canonical?: CanonicalColumn;
  /** An extra column whose values are SSNs (told by its values): masked whole in the scrubbed file. */
  sensitive?: 'ssn';
}

export interface ConsolidatedLayout {
  columns: OutputColumn[];
  /**
   * A table's source column index -> consolidated column index (-1: not kept), and the headers of the
   * table's columns the layout has no place for (a stacked table found only as the rows flow).
   */
  targetFor: (header: SheetHeader) => TableTarget;
}

export interface TableTarget {
  target: Int32Array;
  missing: string[];
}

/**
 * The keys of a table's extra columns, in column order: the normalised header, and its occurrence in
 * the table from the second on ("hours worked#2"), so a header repeated within a table keeps each of
 * its columns while the same header in two sheets consolidates into one column.
 */
function extraKeys(header: SheetHeader): Array<[column: SheetHeader['columns'][number], key: string]> {
  const seen = new Map<string, number>();
  const keys: Array<[SheetHeader['columns'][number], string]> = [];
  for (const column of header.columns) {
    if (column.canonical) continue;
    const normalised = normaliseHeader(column.header);
    const occurrence = (seen.get(normalised) ?? 0) + 1;
    seen.set(normalised, occurrence);
    keys.push([column, occurrence === 1 ? normalised : `${normalised}#${occurrence}`]);
  }
  return keys;
}

export function consolidatedLayout(headers: SheetHeader[]): ConsolidatedLayout {
  const present = new Set<CanonicalColumn>();
  const extras = new Map<string, string>();
  const sensitive = new Set<string>();
  for (const header of headers) {
    for (const column of header.columns) if (column.canonical) present.add(column.canonical);
    for (const [column, key] of extraKeys(header)) {
      if (!extras.has(key)) extras.set(key, column.header);
      if (column.sensitive) sensitive.add(key);
    }
  }
  const columns: OutputColumn[] = CANONICAL_ORDER.filter((c) => present.has(c)).map((c) => ({ name: c, canonical: c }));
  const canonicalAt = new Map(columns.map((c, i) => [c.canonical as CanonicalColumn, i]));
  const extraAt = new Map<string, number>();
  for (const [key, name] of extras) {
    extraAt.set(key, columns.length);
    columns.push({ name: uniqueName(name, columns), ...(sensitive.has(key) ? { sensitive: 'ssn' as const } : {}) });
  }
  columns.push({ name: SOURCE_SHEET }, { name: SOURCE_ROW });

  const targets = new Map<SheetHeader, TableTarget>();
  const targetFor = (header: SheetHeader): TableTarget => {
    let known = targets.get(header);
    if (known) return known;
    const width = header.columns.reduce((max, c) => Math.max(max, c.index + 1), 0);
    known = { target: new Int32Array(width).fill(-1), missing: [] };
    const place = (column: SheetHeader['columns'][number], at: number | undefined) => {
      if (at === undefined) known?.missing.push(column.header);
      else if (known) known.target[column.index] = at;
    };
    for (const column of header.columns) if (column.canonical) place(column, canonicalAt.get(column.canonical));
    for (const [column, key] of extraKeys(header)) place(column, extraAt.get(key));
    targets.set(header, known);
    return known;
  };
  return { columns, targetFor };
}

/** An extra column never takes the name of a canonical or lineage column. */
function uniqueName(name: string, taken: OutputColumn[]): string {
  const reserved = new Set([...taken.map((c) => c.name.toLowerCase()), SOURCE_SHEET.toLowerCase(), SOURCE_ROW.toLowerCase(), STATUS.toLowerCase()]);
  let candidate = name;
  for (let n = 2; reserved.has(candidate.toLowerCase()); n++) candidate = `${name} (${n})`;
  return candidate;
}

export interface ScrubbedLayout {
  columns: OutputColumn[];
  /** Consolidated column index -> scrubbed column index. */
  fromConsolidated: Int32Array;
  index: (name: string) => number;
}

export function scrubbedLayout(consolidated: ConsolidatedLayout): ScrubbedLayout {
  const present = new Set(consolidated.columns.filter((c) => c.canonical).map((c) => c.canonical as CanonicalColumn));
  if (present.has('Employee Name')) {
    present.add('First Name');
    present.add('Last Name');
  }
  present.add('Department');
  const columns: OutputColumn[] = CANONICAL_ORDER.filter((c) => present.has(c)).map((c) => ({ name: c, canonical: c }));
  for (const column of consolidated.columns) if (!column.canonical) columns.push(column);
  columns.push({ name: STATUS });
  const byName = new Map(columns.map((c, i) => [c.name, i]));
  const fromConsolidated = new Int32Array(consolidated.columns.length);
  consolidated.columns.forEach((c, i) => {
    fromConsolidated[i] = byName.get(c.name) ?? -1;
  });
  return { columns, fromConsolidated, index: (name) => byName.get(name) ?? -1 };
}
