/**
 * Golden tests: generated messy payrolls (title rows, varied and two-row headers, text numbers,
 * subtotals, notes, blank rows, duplicates) in every format, checked against the generator's own
 * account of what they hold: rows, duplicates, totals per employee to the cent, issues.
 */
import { join } from 'node:path';
import { payrollModel, type PayrollModel } from '../../../scripts/bench/payrollModel';
import { writeModelCsv, writeModelXls, writeModelXlsx } from '../../../scripts/bench/payrollFiles';
import { type EngineRun, removeDir, runEngine, tempDir } from './engineHarness';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

function expectMatchesModel(result: EngineRun, model: PayrollModel): void {
  const { expected } = model;
  expect(result.summary.rowsIn).toBe(expected.dataRows);
  expect(result.summary.duplicatesRemoved).toBe(expected.duplicates);
  expect(result.summary.rowsOut).toBe(expected.dataRows - expected.duplicates);
  expect(result.summary.employees).toBe(expected.employees.size);
  expect(Math.round(result.summary.totalGross * 100)).toBe(expected.grossCents);

  const totals = result.records('scrubbed', 'Employee Totals');
  expect(totals).toHaveLength(expected.employees.size);
  for (const row of totals) {
    const want = expected.employees.get(String(row['Employee ID']));
    expect(want).toBeDefined();
    expect([row['Employee ID'], Math.round(Number(row['Gross Pay']) * 100), Math.round(Number(row['Regular Hours']) * 100), row.Rows]).toEqual([
      row['Employee ID'],
      want!.grossCents,
      want!.regularHundredths,
      want!.rows,
    ]);
  }

  const weekly = [...expected.employees.values()].reduce(
    (n, e) => n + (e.regularHundredths > 8000 ? 1 : 0) + (e.workedHundredths > 10000 ? 1 : 0),
    0,
  );
  expect(result.summary.issues).toEqual({ error: 0, warning: expected.invalidSsns + expected.grossMismatches + weekly });
  const issues = result.records('scrubbed', 'Issues');
  expect(issues.filter((i) => i.Column === 'SSN')).toHaveLength(expected.invalidSsns);
  expect(issues.filter((i) => i.Column === 'Gross Pay')).toHaveLength(expected.grossMismatches);
}

describe('generated messy payrolls', () => {
  it.each([1, 2, 3])('xlsx with four kinds of header (seed %i)', async (seed) => {
    const model = payrollModel({ sheets: 4, rowsPerSheet: 150, seed });
    const path = join(dir, `golden-${seed}.xlsx`);
    await writeModelXlsx(model, path);
    const result = await runEngine(dir, path, `golden-${seed}.xlsx`);
    expectMatchesModel(result, model);
    expect(result.summary.sheets.map((s) => [s.headerRow, s.twoRowHeader])).toEqual([[4, false], [4, false], [4, false], [5, true]]);
    const sources = result.summary.sheets[0];
    expect(sources.skipped.total).toBe(Math.floor(150 / 40) + 1);
    expect(sources.skipped.note).toBe(1);
  });

  it('dense xlsx as the benchmark writes it (every cell filled, formulas, styles)', async () => {
    const model = payrollModel({ sheets: 4, rowsPerSheet: 150, seed: 4, dense: true });
    const path = join(dir, 'golden-dense.xlsx');
    await writeModelXlsx(model, path, true);
    const result = await runEngine(dir, path, 'golden-dense.xlsx');
    expectMatchesModel(result, model);
    expect(result.summary.sheets.map((s) => [s.headerRow, s.twoRowHeader])).toEqual([[4, false], [4, false], [4, false], [5, true]]);
  });

  it('csv of the same payroll', async () => {
    const model = payrollModel({ sheets: 3, rowsPerSheet: 120, seed: 7 });
    const path = join(dir, 'golden.csv');
    await writeModelCsv(model, path);
    expectMatchesModel(await runEngine(dir, path, 'golden.csv'), model);
  });

  it('xls of the same payroll', async () => {
    const model = payrollModel({ sheets: 4, rowsPerSheet: 100, seed: 9 });
    const path = join(dir, 'golden.xls');
    writeModelXls(model, path);
    expectMatchesModel(await runEngine(dir, path, 'golden.xls'), model);
  });
});
