/** Grouped two-row headers: several periods side by side under group labels. */
import { type SheetRow } from '../types';
import { type CanonicalColumn } from './canonicalColumns';
import { headerRowKey } from './headerText';
import { IDENTITY, rowTexts } from './headerRowTexts';
import { type HeaderColumn, type SheetHeader } from './sheetHeader';

/**
 * A grouped two-row header: labels ("Hours Worked", "Overtime Hours", "Pay") each over several columns,
 * the lower row naming the columns under each (usually dates, one per period), the same names under
 * every label. Every column under a label is kept under its joined header ("Hours Worked 2024-01-08");
 * the others read as the row that names them (the employee's columns, in either row). The lower row
 * holds text or dates only, names under a label repeat, and at least two columns sit under a blank
 * upper cell (the rest of a merged label); undefined when the two rows are not such a header.
 */
export function groupedHeader(upperRow: SheetRow, lowerRow: SheetRow): SheetHeader | undefined {
  for (const cell of lowerRow.cells) if (typeof cell === 'number' || typeof cell === 'boolean') return undefined;
  const upper = rowTexts(upperRow);
  const lower = rowTexts(lowerRow);
  const width = Math.max(upper.texts.length, lower.texts.length);
  // the label over each column: the upper text, carried right over blank upper cells with a lower name
  const labelAt: Array<number | undefined> = new Array(width);
  let label: number | undefined;
  for (let i = 0; i < width; i++) {
    if (upper.texts[i]) label = i;
    else if (!lower.texts[i]) label = undefined;
    labelAt[i] = lower.texts[i] ? label : undefined;
  }
  const named = new Map<string, number>();
  for (let i = 0; i < width; i++) if (labelAt[i] !== undefined) named.set(lower.normalised[i], (named.get(lower.normalised[i]) ?? 0) + 1);
  const grouped = (i: number) => labelAt[i] !== undefined && (named.get(lower.normalised[i]) ?? 0) > 1;
  let underMerge = 0;
  for (let i = 0; i < width; i++) if (grouped(i) && !upper.texts[i]) underMerge++;
  if (underMerge < 2) return undefined;
  const columns: HeaderColumn[] = [];
  const used = new Set<CanonicalColumn>();
  const labels: string[] = [];
  let groupedColumns = 0;
  for (let i = 0; i < width; i++) {
    const at = labelAt[i];
    if (grouped(i) && at !== undefined) {
      const text = upper.texts[at];
      if (!labels.includes(text)) labels.push(text);
      groupedColumns++;
      columns.push({ index: i, header: `${text} ${lower.texts[i]}`, group: upper.canonical[at] });
      continue;
    }
    const own = lower.texts[i] ? lower : upper;
    const header = own.texts[i];
    if (!header) continue;
    const named = own.canonical[i];
    const canonical = named && !used.has(named) ? named : undefined;
    if (canonical) used.add(canonical);
    columns.push({ index: i, header, canonical, how: canonical ? 'vocabulary' : undefined, named });
  }
  if (!columns.some((c) => c.canonical && IDENTITY.has(c.canonical))) return undefined;
  return {
    row: lowerRow.row,
    upperRow: upperRow.row,
    columns,
    repeatKeys: [headerRowKey(upper.texts), headerRowKey(lower.texts)],
    grouped: { labels, columns: groupedColumns },
  };
}
