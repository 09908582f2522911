/**
 * Rows, people and money from end to end: every employee of the input is in the Scrubbed sheet (by
 * Employee ID or by name), Consolidated has exactly the input's data rows, and the Gross Pay total
 * is the sum of the gross given.
 */
import { type RegisterRun } from './engineOutputs';
import { ConsolidatedIndex, tableInfo } from './outputLookup';
import { cellText } from './registerLayout';

const idKey = (value: unknown) => String(value ?? '').replace(/[\s']/g, '').toUpperCase();
const words = (text: string) => text.toLowerCase().split(/[^\p{L}']+/u).filter(Boolean);

export function missingEmployees(run: RegisterRun): string[] {
  const [header = [], ...rows] = run.outputs.scrubbed.Scrubbed ?? [];
  const at = (name: string) => header.indexOf(name);
  const ids = new Set(rows.map((r) => idKey(r[at('Employee ID')])));
  const names = rows.map((r) => new Set(words(['Employee Name', 'First Name', 'Last Name'].map((c) => String(r[at(c)] ?? '')).join(' '))));
  const found: string[] = [];
  for (const sheet of run.written.sheets) {
    sheet.layout.tables.forEach((placement, t) => {
      const hasId = placement.table.columns.some((c) => c.field === 'id');
      placement.table.employees.forEach((emp, i) => {
        if (hasId && ids.has(idKey(emp.id))) return;
        const wanted = words(`${emp.first} ${emp.last}`);
        if (names.some((n) => wanted.every((w) => n.has(w)))) return;
        found.push(`${hasId ? `${emp.id} ` : ''}${JSON.stringify(`${emp.first} ${emp.last}`)} (sheet ${JSON.stringify(sheet.name)} table ${t + 1}, row ${sheet.sourceRow(placement.dataRows[i])}) is not in Scrubbed by ID or name`);
      });
    });
  }
  return found;
}

export function rowCountMismatch(run: RegisterRun): string[] {
  const index = new ConsolidatedIndex(run.outputs);
  const expected = new Map<string, { sheet: string; row: number; text: string }>();
  const layoutRow = new Map<string, string>();
  for (const sheet of run.written.sheets) {
    sheet.layout.rows.forEach((cells, r) => layoutRow.set(`${sheet.name}\u0000${sheet.sourceRow(r)}`, cells.slice(0, 4).map(cellText).join(' | ')));
    for (const placement of sheet.layout.tables) {
      for (const r of placement.dataRows) {
        const row = sheet.sourceRow(r);
        expected.set(`${sheet.name}\u0000${row}`, { sheet: sheet.name, row, text: layoutRow.get(`${sheet.name}\u0000${row}`) ?? '' });
      }
    }
  }
  const actual = new Set(index.sources.map((s) => `${s.sheet}\u0000${s.row}`));
  const missing = [...expected.entries()].filter(([key]) => !actual.has(key)).map(([, e]) => `${e.sheet}:${e.row} (${e.text})`);
  const extra = index.sources.filter((s) => !expected.has(`${s.sheet}\u0000${s.row}`)).map((s) => `${s.sheet}:${s.row} (${layoutRow.get(`${s.sheet}\u0000${s.row}`) ?? '?'})`);
  if (index.rowCount === expected.size && missing.length === 0 && extra.length === 0) return [];
  return [
    `Consolidated has ${index.rowCount} data rows, the input ${expected.size}` +
      (missing.length ? `; missing: ${missing.slice(0, 5).join(', ')}` : '') +
      (extra.length ? `; not data rows of the input: ${extra.slice(0, 5).join(', ')}` : ''),
  ];
}

export function grossMismatch(run: RegisterRun): string[] {
  let expected = 0;
  const grossHeaders: string[] = [];
  for (const sheet of run.written.sheets) {
    for (const placement of sheet.layout.tables) {
      const j = placement.table.columns.findIndex((c) => c.field === 'gross');
      if (j < 0) continue;
      expected += placement.table.employees.reduce((s, e) => s + Math.round(e.gross * 100), 0);
      const mapped = tableInfo(run.outputs, sheet, placement)?.mapping.find((m) => m.sourceColumn === placement.columnAt[j])?.column ?? 'not mapped';
      grossHeaders.push(`${JSON.stringify(placement.table.columns[j].header)} -> ${mapped}`);
    }
  }
  if (grossHeaders.length === 0) return [];
  const [header = [], ...rows] = run.outputs.scrubbed.Scrubbed ?? [];
  const at = header.indexOf('Gross Pay');
  const scrubbedCents = at < 0 ? 0 : rows.reduce((s: number, r) => s + (typeof r[at] === 'number' ? Math.round((r[at] as number) * 100) : 0), 0);
  const summaryCents = Math.round(run.outputs.summary.totalGross * 100);
  if (summaryCents === expected && scrubbedCents === expected) return [];
  return [`Gross Pay: input ${expected / 100}, summary ${summaryCents / 100}, Scrubbed column ${at < 0 ? 'absent' : scrubbedCents / 100} (gross columns: ${grossHeaders.join(', ')})`];
}
