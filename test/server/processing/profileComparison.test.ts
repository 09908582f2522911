import { join } from 'node:path';
import { type ClientHistory, type MappingFix } from '@/server/processing';
import { type EngineRun, type SheetSpec, removeDir, runEngine, tempDir, writeText, writeXlsx } from './engineHarness';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

const WEEK = '2026-11-09';

async function run(name: string, sheets: SheetSpec[], history?: ClientHistory): Promise<EngineRun> {
  const path = await writeXlsx(join(dir, `${name}.xlsx`), sheets);
  return runEngine(dir, path, `${name}.xlsx`, undefined, { history });
}

/** The profile an approval of this run would keep: each sheet's mapping as read. */
function profileOf(result: EngineRun, fixes: MappingFix[] = []): ClientHistory {
  const sheets = result.summary.sheets.map((s) => ({ name: s.name, mapping: s.mapping.map(({ header, column }) => ({ header, column })) }));
  return { weekStart: WEEK, sheets, fixes, facts: null };
}

function profile(sheets: Record<string, Array<[string, string]>>, fixes: MappingFix[] = []): ClientHistory {
  return { weekStart: WEEK, sheets: Object.entries(sheets).map(([name, pairs]) => ({ name, mapping: pairs.map(([header, column]) => ({ header, column })) })), fixes, facts: null };
}

/** The Issues sheet's lines: [severity, sheet, row, column, value, message]. */
function issueLines(result: EngineRun): unknown[][] {
  return result.rows('scrubbed', 'Issues').slice(1);
}

const crew = (header: string[]): SheetSpec['rows'] => [header, ['1', 'Ann Lee', 40, 5], ['2', 'Bob Stone', 38, 0]];

describe('sheets and headers against the profile', () => {
  let result: EngineRun;
  beforeAll(async () => {
    result = await run(
      'changes',
      [
        { name: 'Downtown', rows: crew(['Employee ID', 'Name', 'Reg Hrs', 'OT Hrs']) },
        { name: 'Uptown', rows: [['Emp #', 'Name', 'Hrs', 'Bonus'], ['3', 'Cy Young', 40, 50]] },
        { name: 'Airport', rows: [['Emp #', 'Name', 'Reg Hrs'], ['4', 'Di Prince', 40]] },
        { name: 'Midtown', rows: [['Emp #', 'Name', 'Reg Hrs'], ['5', 'Ed Norton', 40]] },
        { name: 'Harbor', rows: [['Call payroll with questions']] },
      ],
      profile({
        Downtown: [['Employee ID', 'Employee ID'], ['Name', 'Employee Name'], ['Reg Hrs', 'Regular Hours'], ['Overtime', 'Overtime Hours']],
        Uptown: [['Emp #', 'Employee ID'], ['Name', 'Employee Name'], ['Hrs', 'Overtime Hours']],
        airport: [['Emp #', 'Employee ID'], ['Name', 'Employee Name'], ['Reg Hrs', 'Regular Hours'], ['Tips', 'Tips']],
        Harbor: [['Emp #', 'Employee ID'], ['Name', 'Employee Name']],
        Riverside: [['Emp #', 'Employee ID'], ['Name', 'Employee Name']],
        Notes: [],
      }),
    );
  });

  it('reads a header gone and another new in one sheet as a rename, with both names', () => {
    expect(issueLines(result)).toContainEqual([
      'Warning', 'Downtown', 1, 'Overtime Hours', 'OT Hrs',
      "Sheet 'Downtown': 'OT Hrs' is new (read as Overtime Hours); last approved week had 'Overtime' (read as Overtime Hours).",
    ]);
  });

  it('warns of a new header, a header read as another column, and a missing header', () => {
    const lines = issueLines(result);
    expect(lines).toContainEqual(['Warning', 'Uptown', 1, 'Bonus', 'Bonus', "Sheet 'Uptown': 'Bonus' is new (read as Bonus); last approved week did not have it."]);
    expect(lines).toContainEqual([
      'Warning', 'Uptown', 1, 'Regular Hours', 'Hrs', "Sheet 'Uptown': 'Hrs' is read as Regular Hours; last approved week it was read as Overtime Hours.",
    ]);
    expect(lines).toContainEqual(['Warning', 'Airport', 1, 'Tips', 'Tips', "Sheet 'Airport': 'Tips' (read as Tips) is missing; last approved week had it."]);
  });

  it('warns of a new sheet, a missing one, and one now skipped; a sheet without a table last week is not compared', () => {
    const lines = issueLines(result);
    expect(lines).toContainEqual(['Warning', 'Midtown', 1, null, 'Midtown', "Sheet 'Midtown' is new; last approved week had 'Downtown', 'Uptown', 'airport', 'Harbor', 'Riverside'."]);
    expect(lines).toContainEqual(['Warning', null, null, null, 'Riverside', "Sheet 'Riverside' is missing; last approved week had it."]);
    expect(lines).toContainEqual([
      'Warning', 'Harbor', null, null, 'Harbor', "Sheet 'Harbor' was skipped (no payroll header found); last approved week it had a payroll table.",
    ]);
    expect(lines.filter((l) => String(l[5]).includes('Notes'))).toEqual([]);
  });

  it('counts the findings by rule, apart, and among the warnings', () => {
    const { issuesByRule, weekOverWeek, issues } = result.summary;
    expect(issuesByRule).toEqual({
      'header-new': { severity: 'warning', count: 2, first: { sheet: 'Downtown', row: 1 } },
      'header-remapped': { severity: 'warning', count: 1, first: { sheet: 'Uptown', row: 1 } },
      'header-missing': { severity: 'warning', count: 1, first: { sheet: 'Airport', row: 1 } },
      'sheet-missing': { severity: 'warning', count: 2, first: null },
      'sheet-new': { severity: 'warning', count: 1, first: { sheet: 'Midtown', row: 1 } },
    });
    expect(weekOverWeek).toEqual({ warnings: 7 });
    expect(issues).toEqual({ error: 0, warning: 7 });
  });
});

describe('the same mapping', () => {
  const sheets: SheetSpec[] = [
    { name: 'Downtown', rows: crew(['Employee ID', 'Name', 'Reg Hrs', 'Overtime', 'Notes']) },
    { name: 'Uptown', rows: [['Emp #', 'Employee Name', 'Regular', 'OT'], ['3', 'Cy Young', 40, 2]] },
    { name: 'Read me', rows: [['Nothing to see here']] },
  ];

  it('gives no warning, sheet names and headers compared case aside', async () => {
    const approved = profileOf(await run('same-1', sheets));
    approved.sheets[0].name = 'DOWNTOWN';
    approved.sheets[0].mapping[1].header = 'NAME';
    const result = await run('same-2', sheets, approved);
    expect(issueLines(result)).toEqual([]);
    expect(result.summary.weekOverWeek).toEqual({ warnings: 0 });
  });

  it('gives no warning for a lone sheet under another name (a CSV is named after its file)', async () => {
    const text = 'Emp ID,Name,Reg Hrs\n1,Ann Lee,40\n';
    const first = await runEngine(dir, writeText(join(dir, 'week-45.csv'), text), 'week-45.csv');
    const second = await runEngine(dir, writeText(join(dir, 'week-46.csv'), text), 'week-46.csv', undefined, { history: profileOf(first) });
    expect(first.summary.sheets[0].name).not.toBe(second.summary.sheets[0].name);
    expect(second.summary.weekOverWeek).toEqual({ warnings: 0 });
    expect(issueLines(second)).toEqual([]);
  });
});

describe("the admin's mapping fixes", () => {
  const renamed: SheetSpec[] = [{ name: 'Crew', rows: crew(['Employee ID', 'Name', 'Reg Hrs', 'OT Extra']) }];
  const approved = profile({ Crew: [['Employee ID', 'Employee ID'], ['Name', 'Employee Name'], ['Reg Hrs', 'Regular Hours'], ['Overtime', 'Overtime Hours']] });

  it('without a fix, a renamed header that no longer maps is kept as extra and flagged', async () => {
    const result = await run('unfixed', renamed, approved);
    expect(result.summary.sheets[0].unmappedHeaders).toEqual(['OT Extra']);
    expect(issueLines(result)).toEqual([
      ['Warning', 'Crew', 1, 'OT Extra', 'OT Extra', "Sheet 'Crew': 'OT Extra' is new (kept as an extra column); last approved week had 'Overtime' (read as Overtime Hours)."],
    ]);
  });

  it('a fix maps the header (written in any case) and removes the warning', async () => {
    const result = await run('fixed', renamed, { ...approved, fixes: [{ sheet: null, header: 'ot extra', column: 'Overtime Hours' }] });
    expect(result.summary.sheets[0].mapping.map((m) => m.column)).toEqual(['Employee ID', 'Employee Name', 'Regular Hours', 'Overtime Hours']);
    expect(result.summary.sheets[0].unmappedHeaders).toEqual([]);
    expect(result.records('scrubbed', 'Scrubbed').map((r) => r['Overtime Hours'])).toEqual([5, 0]);
    expect(issueLines(result)).toEqual([]);
    expect(result.summary.weekOverWeek).toEqual({ warnings: 0 });
  });

  it("a fix applies before any week was approved; one for the sheet wins over one for every sheet; 'keep as extra' unmaps a header", async () => {
    const fixes: MappingFix[] = [
      { sheet: null, header: 'Reg Hrs', column: 'Regular Hours' },
      { sheet: null, header: 'Tips', column: null },
      { sheet: 'Crew', header: 'Reg Hrs', column: 'PTO Hours' },
    ];
    const result = await run('fix-first', [{ name: 'Crew', rows: [['Employee ID', 'Name', 'Reg Hrs', 'Tips'], ['1', 'Ann Lee', 8, 20]] }], {
      weekStart: WEEK, sheets: [], fixes, facts: null,
    });
    expect(result.summary.sheets[0].mapping.map((m) => m.column)).toEqual(['Employee ID', 'Employee Name', 'PTO Hours', 'Tips']);
    expect(result.summary.sheets[0].unmappedHeaders).toEqual(['Tips']);
    expect(result.summary.totalHours['PTO Hours']).toBe(8);
    expect(result.summary.totalGross).toBe(0);
  });

  it('a fix to a column another header maps to moves the column to the fixed header', async () => {
    const result = await run('fix-takes', [{ name: 'Crew', rows: [['Employee ID', 'Name', 'Hours', 'Hours Worked'], ['1', 'Ann Lee', 99, 40]] }], {
      weekStart: WEEK, sheets: [], fixes: [{ sheet: 'Crew', header: 'Hours Worked', column: 'Regular Hours' }], facts: null,
    });
    expect(result.summary.sheets[0].mapping.map((m) => m.column)).toEqual(['Employee ID', 'Employee Name', 'Hours', 'Regular Hours']);
    expect(result.summary.totalHours['Regular Hours']).toBe(40);
  });
});
