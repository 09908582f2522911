/**
 * Recognition: a column whose header comes from the spelling list is mapped to the canonical column it
 * stands for, read from the Sources mapping of its table (by the 0-based column it was read from).
 */
import { type CanonicalColumn } from '@/common/canonicalColumns';
import { type RegisterRun } from './engineOutputs';
import { tableInfo } from './outputLookup';
import { upperOf } from './registerLayout';
import { RECOGNITION_ASSERTED } from './registerSpec';

export interface Recognition {
  canonical: CanonicalColumn;
  /** As written; a two-row header as "upper / lower". */
  header: string;
  spelling: string;
  variant: string;
  /** The column the engine mapped it to, "not mapped", or why its table has no mapping. */
  got: string;
  /** How the engine decided ("vocabulary", "content"...), when it says. */
  how: string | null;
  where: string;
  sheet: string;
  /** The column's index in its table. */
  column: number;
}

/** Every column with a canonical meaning and what the engine made of it. */
export function recognitions(run: RegisterRun, asserted: readonly CanonicalColumn[] = RECOGNITION_ASSERTED): Recognition[] {
  const result: Recognition[] = [];
  for (const sheet of run.written.sheets) {
    sheet.layout.tables.forEach((placement, t) => {
      const info = tableInfo(run.outputs, sheet, placement);
      placement.table.columns.forEach((column, j) => {
        if (!column.canonical || !asserted.includes(column.canonical)) return;
        const upper = upperOf(placement.table, j);
        const entry = info?.mapping.find((m) => m.sourceColumn === placement.columnAt[j]);
        const got = !info ? 'no Sources entry for its table' : (entry?.column ?? 'not mapped');
        result.push({
          canonical: column.canonical,
          header: upper ? `${upper} / ${column.header}` : column.header,
          spelling: column.spelling,
          variant: column.variant,
          got,
          how: (entry as { how?: string } | undefined)?.how ?? null,
          where: `sheet ${JSON.stringify(sheet.name)} table ${t + 1}, header row ${sheet.sourceRow(placement.headerRow)}`,
          sheet: sheet.name,
          column: j,
        });
      });
    });
  }
  return result;
}

export function describeMiss(r: Recognition): string {
  const from = r.variant === 'as listed' || r.variant.startsWith('two rows') ? '' : ` (from ${JSON.stringify(r.spelling)}, ${r.variant})`;
  return `${JSON.stringify(r.header)}${from} -> ${r.got}, expected ${r.canonical} [${r.where}]`;
}

export function unrecognised(run: RegisterRun): string[] {
  return recognitions(run).filter((r) => r.got !== r.canonical).map(describeMiss);
}
