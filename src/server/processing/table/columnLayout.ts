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
}

export interface ConsolidatedLayout {
  columns: OutputColumn[];
  /** Per sheet header: source column index -> consolidated column index (-1: not kept). */
  targets: Map<SheetHeader, Int32Array>;
}

export function consolidatedLayout(headers: SheetHeader[]): ConsolidatedLayout {
  const present = new Set<CanonicalColumn>();
  const extras = new Map<string, string>();
  for (const header of headers) {
    for (const column of header.columns) {
      if (column.canonical) present.add(column.canonical);
      else if (!extras.has(normaliseHeader(column.header))) extras.set(normaliseHeader(column.header), column.header);
    }
  }
  const columns: OutputColumn[] = CANONICAL_ORDER.filter((c) => present.has(c)).map((c) => ({ name: c, canonical: c }));
  const extraStart = columns.length;
  const extraKeys = [...extras.keys()];
  for (const key of extraKeys) columns.push({ name: uniqueName(extras.get(key) as string, columns) });
  columns.push({ name: SOURCE_SHEET }, { name: SOURCE_ROW });

  const targets = new Map<SheetHeader, Int32Array>();
  for (const header of headers) {
    const width = header.columns.reduce((max, c) => Math.max(max, c.index + 1), 0);
    const target = new Int32Array(width).fill(-1);
    for (const column of header.columns) {
      target[column.index] = column.canonical
        ? columns.findIndex((c) => c.canonical === column.canonical)
        : extraStart + extraKeys.indexOf(normaliseHeader(column.header));
    }
    targets.set(header, target);
  }
  return { columns, targets };
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
