/**
 * Finding an input's rows, tables and values in the engine's outputs: the Consolidated row of a source
 * row (by Source Sheet and Source Row), the Sources entry of a table (by sheet and header row), and
 * whether an output value is the input value, typed or not ("40" and 40, a date cell and its serial).
 */
import { type SheetSourceInfo } from '@/server/processing';
import { excelSerial } from './columnValues';
import { type EngineOutputs } from './engineOutputs';
import { type RegisterCell } from './registerSpec';
import { type WrittenSheet } from './registerFiles';
import { type TablePlacement } from './registerLayout';

export class ConsolidatedIndex {
  readonly header: string[];
  private readonly bySource = new Map<string, unknown[]>();
  readonly rowCount: number;
  readonly sources: Array<{ sheet: string; row: number }> = [];

  constructor(outputs: EngineOutputs) {
    const [header = [], ...body] = outputs.consolidated.Consolidated ?? [];
    this.header = header.map((h) => String(h ?? ''));
    const sheetAt = this.header.indexOf('Source Sheet');
    const rowAt = this.header.indexOf('Source Row');
    for (const row of body) {
      const source = { sheet: String(row[sheetAt]), row: Number(row[rowAt]) };
      this.sources.push(source);
      this.bySource.set(`${source.sheet}\u0000${source.row}`, row);
    }
    this.rowCount = body.length;
  }

  row(sheet: string, sourceRow: number): unknown[] | undefined {
    return this.bySource.get(`${sheet}\u0000${sourceRow}`);
  }

  column(name: string): number {
    return this.header.indexOf(name);
  }
}

/** The Sources entry of a table: the sheet's entry whose header row is the table's (or the sheet's only entry, for its only table). */
export function tableInfo(outputs: EngineOutputs, sheet: WrittenSheet, placement: TablePlacement): SheetSourceInfo | undefined {
  const infos = outputs.summary.sheets.filter((s) => s.name === sheet.name && !s.skippedReason);
  const headerRow = sheet.sourceRow(placement.headerRow);
  return infos.find((i) => i.headerRow === headerRow) ?? (sheet.layout.tables.length === 1 && infos.length === 1 ? infos[0] : undefined);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function textDate(text: string): number | null {
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) return excelSerial(new Date(Date.UTC(+m[3], +m[1] - 1, +m[2])));
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return excelSerial(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])));
  m = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text);
  if (m && MONTHS.includes(m[2].toLowerCase())) return excelSerial(new Date(Date.UTC(+m[3], MONTHS.indexOf(m[2].toLowerCase()), +m[1])));
  m = /^([A-Za-z]{3}) (\d{1,2}) (\d{4})$/.exec(text);
  if (m && MONTHS.includes(m[1].toLowerCase())) return excelSerial(new Date(Date.UTC(+m[3], MONTHS.indexOf(m[1].toLowerCase()), +m[2])));
  return null;
}

/** A number written as text: "40", "1,234.50", "$1,234.50", "(12.00)", "12.5 hrs" (not "00417": an identifier). */
function textNumber(text: string): number | null {
  if (/^-?0\d/.test(text)) return null;
  const m = /^(\()?(-)?\$?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\)?(?: ?hrs)?$/.exec(text);
  if (!m) return null;
  const n = Number(`${m[3].replace(/,/g, '')}${m[4] ?? ''}`);
  return m[1] || m[2] ? -n : n;
}

const num = (n: number) => `n:${Math.round(n * 1e6) / 1e6}`;

/** The ways one value can be stored: its text, and the number or date it reads as. */
export function representations(value: unknown): Set<string> {
  if (value === null || value === undefined || value === '') return new Set(['empty']);
  if (typeof value === 'number') return new Set([num(value)]);
  if (value instanceof Date) return new Set([num(excelSerial(value))]);
  if (typeof value === 'object') {
    const cell = value as Exclude<RegisterCell, string | number | Date | null>;
    return 'richText' in cell ? representations(cell.richText) : new Set([num(cell.result)]);
  }
  const text = String(value).trim().replace(/\s+/g, ' ');
  if (text === '') return new Set(['empty']);
  const reps = new Set([`t:${text}`]);
  const n = textNumber(text);
  if (n !== null) reps.add(num(n));
  const d = textDate(text);
  if (d !== null) reps.add(num(d));
  return reps;
}

export function sameValue(input: unknown, output: unknown): boolean {
  const a = representations(input);
  for (const rep of representations(output)) if (a.has(rep)) return true;
  return false;
}

/** A header as compared: case, punctuation, line breaks and repeated spaces aside ("Tax_Frequency" is "Tax Frequency"). */
export const headerKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** The messages of the Issues sheet's warnings and errors, as compared. */
export function issueTexts(outputs: EngineOutputs): string[] {
  const [header = [], ...rows] = outputs.scrubbed.Issues ?? [];
  const at = (name: string) => header.indexOf(name);
  return rows.filter((r) => r[at('Severity')] === 'Warning' || r[at('Severity')] === 'Error').map((r) => headerKey(String(r[at('Message')] ?? '')));
}

export const showValue = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : JSON.stringify(value));
