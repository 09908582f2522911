import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Cell, type EngineRun, removeDir, runEngine, serial, tempDir, writeXlsx, zipEntries } from './engineHarness';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

const HEADER: Cell[] = ['Emp #', 'Name', 'Dept', 'Rate', 'Reg Hrs', 'OT', 'Gross', 'SSN', 'Pay Date', 'Notes'];

async function run(name: string, sheets: Parameters<typeof writeXlsx>[1], weekStart?: Date): Promise<EngineRun> {
  const path = await writeXlsx(join(dir, `${name}.xlsx`), sheets);
  return runEngine(dir, path, `${name}.xlsx`, weekStart);
}

describe('consolidation', () => {
  let result: EngineRun;
  beforeAll(async () => {
    result = await run('consolidation', [
      {
        name: 'Store 1',
        rows: [
          ['Acme Weekly Payroll'],
          [],
          HEADER,
          ['001', 'CHEN, DAVID', 'Kitchen', 20, 40, 2, 860, '123-45-6789', new Date(Date.UTC(2025, 2, 7)), '=SUM(A1:A3)'],
          [],
          [' 002', 'jane doe', null, '$18.00', '38.5 hrs', null, '$693.00', '12345', '3/7/2025', null],
          [null, 'Subtotal', null, null, 78.5, 2, 1553],
          HEADER,
          ['Call payroll with questions'],
          [],
        ],
      },
      {
        name: 'Store 2',
        hidden: true,
        rows: [
          ['Employee ID', 'Employee Name', 'Regular Hours', 'Total Hours', 'Gross Pay'],
          ['001', 'David Chen', 30, 30, 600],
          [null, null, 30, 30, 600],
        ],
      },
      { name: 'Notes', rows: [['Nothing to see here']] },
      { name: 'Empty', rows: [] },
    ]);
  });

  it('writes one row per data row, canonical columns first, extras after, then lineage', () => {
    const [header, ...body] = result.rows('consolidated', 'Consolidated');
    expect(header).toEqual(['Employee ID', 'Employee Name', 'Department', 'Pay Rate', 'Regular Hours', 'Overtime Hours', 'Gross Pay', 'Pay Date', 'SSN', 'Notes', 'Total Hours', 'Source Sheet', 'Source Row']);
    expect(body.map((r) => [r[11], r[12]])).toEqual([['Store 1', 4], ['Store 1', 6], ['Store 2', 2], ['Store 2', 3]]);
  });

  it('keeps values as written, typed: numbers as numbers, dates as dates, text as text', () => {
    const sheet = result.consolidated.Sheets.Consolidated['!data']!;
    expect(sheet[1][4]).toMatchObject({ t: 'n', v: 40 });
    expect(sheet[1][7]).toMatchObject({ t: 'n', v: serial(2025, 3, 7) });
    expect(String(sheet[1][7]?.z)).toMatch(/yy/);
    expect(sheet[2][0]).toMatchObject({ t: 's', v: ' 002' });
    expect(sheet[2][4]).toMatchObject({ t: 's', v: '38.5 hrs' });
    expect(sheet[1][9]).toMatchObject({ t: 's', v: '=SUM(A1:A3)' });
  });

  it('counts every skipped row by reason and lists the sheets in Sources', () => {
    const sources = result.records('consolidated', 'Sources');
    expect(sources.map((s) => [s.Sheet, s.Hidden, s.Status])).toEqual([
      ['Store 1', 'No', 'Used'],
      ['Store 2', 'Yes', 'Used'],
      ['Notes', 'No', 'Skipped: no payroll header found'],
      ['Empty', 'No', 'Skipped: empty sheet'],
    ]);
    expect(sources[0]).toMatchObject({ 'Header Row': 3, 'Rows Read': 6, 'Data Rows': 2, 'Blank Rows Skipped': 1, 'Repeated Headers Skipped': 1, 'Total Rows Skipped': 1, 'Notes Skipped': 1 });
    expect(sources[0]['Column Mapping']).toContain('Emp # -> Employee ID');
    expect(sources[1]['Unmapped Headers']).toBe('Total Hours');
    expect(result.summary.skippedSheets).toEqual([
      { name: 'Notes', reason: 'no payroll header found' },
      { name: 'Empty', reason: 'empty sheet' },
    ]);
    expect(result.summary.sheets[1].hidden).toBe(true);
  });

  it('scrubs names, ids, numbers, dates, SSNs and formulas', () => {
    const [chen, jane] = result.records('scrubbed', 'Scrubbed');
    expect(chen).toMatchObject({ 'Employee ID': '001', 'Employee Name': 'David Chen', 'First Name': 'David', 'Last Name': 'Chen', SSN: '***-**-6789', Notes: "'=SUM(A1:A3)", Department: 'Kitchen' });
    expect(jane).toMatchObject({ 'Employee ID': '002', 'Employee Name': 'Jane Doe', 'Pay Rate': 18, 'Regular Hours': 38.5, 'Gross Pay': 693, 'Pay Date': new Date(Date.UTC(2025, 2, 7)), SSN: '***-**-****', Department: 'Store 1' });
  });

  it('marks rows with errors in Status and keeps them', () => {
    const rows = result.records('scrubbed', 'Scrubbed');
    expect(rows.map((r) => r.Status)).toEqual(['OK', 'Warning', 'OK', 'Error']);
    expect(result.summary.rowsIn).toBe(4);
    expect(result.summary.rowsOut).toBe(4);
  });

  it('never writes a formula cell in either file', async () => {
    for (const file of ['consolidation.xlsx.consolidated.xlsx', 'consolidation.xlsx.scrubbed.xlsx']) {
      for (const entry of await zipEntries(join(dir, file))) expect(entry.data.toString('utf8')).not.toMatch(/<f[ >]/);
    }
  });

  it('never echoes an invalid SSN in full', () => {
    const issues = readFileSync(join(dir, 'consolidation.xlsx.scrubbed.xlsx'));
    expect(result.rows('scrubbed', 'Issues').flat()).not.toContain('12345');
    expect(issues.length).toBeGreaterThan(0);
  });

  it('sums employee totals over every sheet, to the cent', () => {
    const totals = result.records('scrubbed', 'Employee Totals');
    expect(totals).toEqual([
      expect.objectContaining({ 'Employee ID': '001', 'Employee Name': 'David Chen', Departments: 'Kitchen; Store 2', Rows: 2, 'Regular Hours': 70, 'Gross Pay': 1460 }),
      expect.objectContaining({ 'Employee ID': '002', 'Employee Name': 'Jane Doe', 'Regular Hours': 38.5, 'Gross Pay': 693 }),
    ]);
    expect(result.summary.employees).toBe(2);
    expect(result.summary.totalGross).toBe(2153);
    expect(result.summary.totalHours['Regular Hours']).toBe(108.5);
  });

  it('lists issues with severity, sheet, row, column, value and message', () => {
    const issues = result.records('scrubbed', 'Issues');
    expect(issues).toEqual(
      expect.arrayContaining([
        { Severity: 'Warning', Sheet: 'Store 1', Row: 6, Column: 'SSN', Value: '***-**-****', Message: 'Invalid SSN: it is not nine digits.' },
        expect.objectContaining({ Severity: 'Error', Sheet: 'Store 2', Row: 3, Column: 'Employee ID' }),
      ]),
    );
    expect(result.summary.issues).toEqual({ error: 1, warning: 1 });
  });

  it('writes a Summary sheet', () => {
    const summary = Object.fromEntries(result.rows('scrubbed', 'Summary') as Array<[string, unknown]>);
    expect(summary).toMatchObject({ 'Rows in': 4, 'Rows out': 4, Employees: 2, 'Total Gross Pay': 2153, Errors: 1, Warnings: 1, 'Total Regular Hours': 108.5 });
  });

  it('reports progress in words', () => {
    expect(result.progress[0].stage).toBe('CONSOLIDATING');
    expect(result.progress.map((p) => p.message)).toContain('Consolidating: sheet 2 of 2, 2 rows');
    expect(result.progress.at(-1)?.stage).toBe('SCRUBBING');
  });
});

describe('checks', () => {
  it('raises each check with its severity', async () => {
    const result = await run(
      'checks',
      [
        {
          name: 'Week',
          rows: [
            ['Employee ID', 'Employee Name', 'Pay Rate', 'Regular Hours', 'Overtime Hours', 'Double Time', 'PTO', 'Tips', 'Reimbursement', 'Gross Pay', 'SSN', 'Pay Date'],
            ['1', 'Ann Lee', 20, 40, 10, 0, 0, 50, 100, 1150, '111-22-3333', '3/7/2025'], // exact: 20*(40+15)+50 = 1150
            ['1', 'LEE, ANN', 20, 45, 10, 0, 0, 0, 0, 1200, null, '2/30/2025'], // same person; 85 regular in the week
            ['1', 'Bob Stone', 20, -1, 0, 0, 0, 0, 0, -20, null, '1/1/2025'], // id with two names; negative hours; date out of week
            [null, 'Cal Diaz', 5, 10, 0, 0, 0, 0, 0, 50, null, null], // no id; low rate
            ['4', 'Dee Park', 600, 1, 0, 0, 0, 0, 0, 700, null, null], // high rate; gross off by more than 1 and 1 %
            ['5', 'Eve Moss', 20, 40, 30, 40, 0, 0, 0, 3300, null, null], // 110 hours in total; gross exact: 20*(40+45+80)
            ['6', 'Fay Ng', 20, 10, 0, 0, 0, 0, 0, 201, null, null], // within 1.00
          ],
        },
      ],
      new Date(2025, 2, 3),
    );
    const issues = result.records('scrubbed', 'Issues').map((i) => `${i.Severity} ${i.Row ?? '-'} ${i.Column}`);
    expect(issues.sort()).toEqual(
      [
        'Warning 3 Pay Date', // impossible date
        'Error 4 Employee Name',
        'Error 4 Regular Hours',
        'Warning 4 Pay Date',
        'Warning 5 Employee ID',
        'Warning 5 Pay Rate',
        'Warning 6 Pay Rate',
        'Warning 6 Gross Pay',
        'Warning - Regular Hours', // employee 1: 84 regular hours over three rows
        'Warning - Total Hours', // employee 1: 104 hours
        'Warning - Total Hours', // employee 5: 110 hours
      ].sort(),
    );
    const rows = result.records('scrubbed', 'Scrubbed');
    expect(rows.map((r) => r.Status)).toEqual(['OK', 'Warning', 'Error', 'Warning', 'Warning', 'OK', 'OK']);
    expect(rows[1]['Pay Date']).toBe('2/30/2025');
  });

  it('counts issues by the rule that raised them, each with the source row of its first', async () => {
    const result = await run('rules', [
      {
        name: 'Week',
        rows: [
          ['Employee ID', 'Employee Name', 'Pay Rate', 'Regular Hours', 'SSN'],
          ['1', 'Ann Lee', 5, 10, '12345'],
          [null, 'Bob Stone', 5, -2, null],
          [null, null, 20, 10, null],
        ],
      },
    ]);
    expect(result.summary.issuesByRule).toEqual({
      'rate-below-minimum': { severity: 'warning', count: 2, first: { sheet: 'Week', row: 2 } },
      'invalid-ssn': { severity: 'warning', count: 1, first: { sheet: 'Week', row: 2 } },
      'missing-id': { severity: 'warning', count: 1, first: { sheet: 'Week', row: 3 } },
      'negative-hours': { severity: 'error', count: 1, first: { sheet: 'Week', row: 3 } },
      'missing-id-and-name': { severity: 'error', count: 1, first: { sheet: 'Week', row: 4 } },
    });
    expect(result.summary.issues).toEqual({ error: 2, warning: 4 });
  });

  it('judges the same Employee ID with two names after scrubbing', async () => {
    const result = await run('names', [
      { name: 'A', rows: [['Emp ID', 'Name', 'Hours'], ['7', 'CHEN, DAVID', 10], ['7', 'david chen', 11], ['7', 'Dave Chen', 12]] },
    ]);
    const issues = result.records('scrubbed', 'Issues');
    expect(issues).toEqual([expect.objectContaining({ Severity: 'Error', Row: 4, Column: 'Employee Name', Value: 'Dave Chen' })]);
  });

  it('tells Employee IDs apart exactly as written: leading zeros, long numbers and text', async () => {
    const result = await run('ids', [
      {
        name: 'A',
        rows: [
          ['Emp ID', 'Name', 'Hours'],
          ['123', 'Ann Lee', 10],
          ['0123', 'Bob Stone', 11],
          [123, 'Ann Lee', 12],
          ['1234567890', 'Cal Diaz', 13],
          ['1234567890', 'Dee Park', 14],
          ['E-123', 'Eve Moss', 15],
          ['0123', 'Bob Stone', 16],
        ],
      },
    ]);
    const totals = result.records('scrubbed', 'Employee Totals').map((t) => [t['Employee ID'], t['Employee Name'], t['Total Hours']]);
    expect(totals).toEqual([
      ['123', 'Ann Lee', 22],
      ['0123', 'Bob Stone', 27],
      ['1234567890', 'Cal Diaz', 27],
      ['E-123', 'Eve Moss', 15],
    ]);
    const issues = result.records('scrubbed', 'Issues');
    expect(issues).toEqual([expect.objectContaining({ Severity: 'Error', Row: 6, Column: 'Employee Name', Value: 'Dee Park' })]);
  });
});

describe('duplicates and two-row headers', () => {
  it('removes exact duplicates (kept once, across sheets) and reports them', async () => {
    const rows: Cell[][] = [['Emp ID', 'Name', 'Hours', 'Gross'], ['1', 'Ann Lee', 10, 100], ['1', 'Ann Lee', 10, 100], ['1', 'Ann Lee', 11, 110]];
    const result = await run('dupes', [
      { name: 'A', rows },
      { name: 'B', rows: [['Emp ID', 'Name', 'Hours', 'Gross'], ['1', 'ann lee', 10, '$100.00']] },
    ]);
    expect(result.summary).toMatchObject({ rowsIn: 4, rowsOut: 2, duplicatesRemoved: 2 });
    expect(result.records('scrubbed', 'Employee Totals')[0]).toMatchObject({ Rows: 2, 'Regular Hours': 21, 'Gross Pay': 210 });
    expect(result.records('scrubbed', 'Issues').filter((i) => i.Severity === 'Info').map((i) => [i.Sheet, i.Row])).toEqual([['A', 3], ['B', 2]]);
  });

  it('reads a two-row header with a merged upper cell', async () => {
    const result = await run('tworow', [
      {
        name: 'Crew',
        rows: [
          ['Crew payroll'],
          ['Employee ID', 'Employee Name', 'Hours', null, null],
          [null, null, 'Regular', 'Overtime', 'Sick'],
          ['9', 'Ann Lee', 40, 5, 8],
        ],
        merges: ['A2:A3', 'B2:B3', 'C2:E2'],
      },
    ]);
    const [header, row] = result.rows('consolidated', 'Consolidated');
    expect(header).toEqual(['Employee ID', 'Employee Name', 'Regular Hours', 'Overtime Hours', 'Sick Hours', 'Source Sheet', 'Source Row']);
    expect(row).toEqual(['9', 'Ann Lee', 40, 5, 8, 'Crew', 4]);
    expect(result.summary.sheets[0]).toMatchObject({ headerRow: 3, twoRowHeader: true });
    expect(result.summary.sheets[0].mapping).toEqual([
      { header: 'Employee ID', column: 'Employee ID', sourceColumn: 0, how: 'vocabulary' },
      { header: 'Employee Name', column: 'Employee Name', sourceColumn: 1, how: 'vocabulary' },
      // as written, the merged label first: "Hours" over "Regular" reads as an export says it
      { header: 'Hours Regular', column: 'Regular Hours', sourceColumn: 2, how: 'vocabulary' },
      { header: 'Hours Overtime', column: 'Overtime Hours', sourceColumn: 3, how: 'vocabulary' },
      { header: 'Sick Hours', column: 'Sick Hours', sourceColumn: 4, how: 'vocabulary' },
    ]);
  });
});
