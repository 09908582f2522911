import { join } from 'node:path';
import { type ClientHistory, WEEK_OVER_WEEK_RULES, type WeekEmployee, type WeekFacts } from '@/server/processing';
import { type Cell, type EngineRun, type HistoryOptions, removeDir, runEngine, tempDir, writeXlsx } from './engineHarness';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

const HEADER: Cell[] = ['Employee ID', 'Employee Name', 'Pay Rate', 'Regular Hours', 'Gross Pay'];
const LAST_WEEK = '2026-11-09';

async function run(name: string, rows: Cell[][], history: HistoryOptions = {}): Promise<EngineRun> {
  const path = await writeXlsx(join(dir, `${name}.xlsx`), [{ name: 'Week', rows: [HEADER, ...rows] }]);
  return runEngine(dir, path, `${name}.xlsx`, undefined, history);
}

function employee(id: string | null, name: string, gross: number, rates: number[] = []): WeekEmployee {
  return { key: id ?? name.toLowerCase(), id, name, gross, rates };
}

function history(facts: WeekFacts): ClientHistory {
  return { weekStart: LAST_WEEK, sheets: [], fixes: [], facts };
}

/** The Issues sheet's week-over-week lines: [severity, sheet, row, message]. */
function changes(result: EngineRun): unknown[][] {
  return result
    .records('scrubbed', 'Issues')
    .filter((r) => /went from|is new;|is missing since/.test(String(r.Message)))
    .map((r) => [r.Severity, r.Sheet, r.Row, r.Message]);
}

function messages(result: EngineRun): string[] {
  return changes(result).map((line) => line[3] as string);
}

describe('employees against the last approved week', () => {
  let result: EngineRun;
  beforeAll(async () => {
    result = await run(
      'employees',
      [
        ['1', 'Ann Lee', null, 40, 500],
        ['2', 'Bob Stone', null, 40, 500.01],
        ['3', 'Cy Young', null, 40, 399.99],
        ['4', 'Di Prince', null, 40, 400],
        ['5', 'Ed Norton', null, 40, 750],
        ['6', 'Flo Rida', null, 40, 749.99],
        ['7', 'Gus Grant', null, 40, 100],
        ['8', 'Hal Jordan', 20, 40, 800],
        ['9', 'Ivy Chen', 20.5, 40, 820],
        ['10', 'Jo March', 25, 20, 500],
        ['10', 'Jo March', 20, 20, 400],
        ['11', 'Kim Park', 20, 40, 800],
        ['12', 'Lou Reed', null, 40, 300],
        [null, 'Zoe Park', null, 40, 200],
      ],
      {
        history: history({
          employees: [
            employee('1', 'Ann Lee', 400),
            employee('2', 'Bob Stone', 400),
            employee('3', 'Cy Young', 300),
            employee('4', 'Di Prince', 300),
            employee('5', 'Ed Norton', 1000),
            employee('6', 'Flo Rida', 1000),
            employee('7', 'Gus Grant', 10),
            employee('8', 'Hal Jordan', 800, [20]),
            employee('9', 'Ivy Chen', 800, [20]),
            employee('10', 'Jo March', 900, [20]),
            employee('11', 'Kim Park', 800),
            employee('13', 'Max Payne', 600),
            employee(null, 'Zoe Park', 200),
          ],
          totalGross: 7219.99,
          totalHours: 520,
        }),
      },
    );
  });

  it("warns when an employee's gross changed by more than 25 % and at least 100.00, not at either threshold", () => {
    const gross = messages(result).filter((m) => m.startsWith('Gross pay'));
    expect(gross).toEqual([
      // Ann Lee: +25 % exactly, 100.00: no warning
      'Gross pay of 2 (Bob Stone) went from 400.00 to 500.01 (+25 %).',
      // Cy Young: +33 % but 99.99: no warning
      'Gross pay of 4 (Di Prince) went from 300.00 to 400.00 (+33 %).',
      // Ed Norton: -25 % exactly: no warning
      'Gross pay of 6 (Flo Rida) went from 1,000.00 to 749.99 (-25 %).',
      // Gus Grant: +900 % but 90.00: no warning
    ]);
  });

  it('warns when a pay rate changed, not when it stayed or was not known last week', () => {
    const rates = messages(result).filter((m) => m.startsWith('Pay rate'));
    expect(rates).toEqual(['Pay rate of 9 (Ivy Chen) went from 20.00 to 20.50.', 'Pay rate of 10 (Jo March) went from 20.00 to 20.00, 25.00.']);
  });

  it('names employees new this week and those missing since last week; one without an ID is matched by name', () => {
    expect(messages(result).filter((m) => m.startsWith('Employee '))).toEqual([
      `Employee 12 (Lou Reed) is new; not in the week of ${LAST_WEEK}.`,
      `Employee 13 (Max Payne) is missing since the week of ${LAST_WEEK}.`,
    ]);
  });

  it('lists each finding as a warning about the whole week and counts it apart and among the warnings', () => {
    const lines = changes(result);
    expect(lines).toHaveLength(7);
    for (const line of lines) expect(line.slice(0, 3)).toEqual(['Warning', null, null]);
    const { issuesByRule, weekOverWeek, issues } = result.summary;
    expect(issuesByRule['employee-gross-change']).toEqual({ severity: 'warning', count: 3, first: null });
    expect(issuesByRule['rate-change']).toEqual({ severity: 'warning', count: 2, first: null });
    expect(issuesByRule['employee-new']).toEqual({ severity: 'warning', count: 1, first: null });
    expect(issuesByRule['employee-missing']).toEqual({ severity: 'warning', count: 1, first: null });
    expect(weekOverWeek).toEqual({ warnings: 7 });
    // the only other warnings: Zoe Park's row has no Employee ID
    expect(issues.warning).toBe(8);
    expect(Object.keys(issuesByRule).sort()).toEqual(['employee-gross-change', 'employee-missing', 'employee-new', 'missing-id', 'rate-change']);
  });

  it("gives this week's facts, each employee keyed as the ledger files them, rates distinct and ascending", () => {
    const { weekFacts } = result.summary;
    expect(weekFacts.totalGross).toBe(7219.99);
    expect(weekFacts.totalHours).toBe(520);
    expect(weekFacts.employees).toHaveLength(13);
    expect(weekFacts.employees[9]).toEqual(employee('10', 'Jo March', 900, [20, 25]));
    expect(weekFacts.employees[12]).toEqual(employee(null, 'Zoe Park', 200));
  });
});

describe("the client's totals", () => {
  const rows: Cell[][] = [
    ['1', 'Ann Lee', null, 40, 400],
    ['2', 'Bob Stone', null, 40, 600],
  ];
  const employees = [employee('1', 'Ann Lee', 400), employee('2', 'Bob Stone', 600)];

  it('give no warning when they changed by exactly 20 %', async () => {
    const result = await run('totals-at', rows, { history: history({ employees, totalGross: 1250, totalHours: 100 }) });
    expect(changes(result)).toEqual([]);
    expect(result.summary.weekOverWeek).toEqual({ warnings: 0 });
  });

  it('warn, with both values, when they changed by more than 20 %', async () => {
    const result = await run('totals-past', rows, { history: history({ employees, totalGross: 1250.01, totalHours: 100.01 }) });
    expect(changes(result)).toEqual([
      ['Warning', null, null, 'Total gross went from 1,250.01 to 1,000.00 (-20 %).'],
      ['Warning', null, null, 'Total hours went from 100.01 to 80.00 (-20 %).'],
    ]);
    expect(result.summary.weekOverWeek).toEqual({ warnings: 2 });
  });

  it('warn upwards too, and follow thresholds given as settings', async () => {
    const facts = { employees, totalGross: 833.33, totalHours: 70 };
    const past = await run('totals-up', rows, { history: history(facts) });
    expect(messages(past)).toEqual(['Total gross went from 833.33 to 1,000.00 (+20 %).']);
    const relaxed = await run('totals-relaxed', rows, { history: history(facts), weekOverWeek: { totalGrossPercent: 25, totalHoursPercent: 10 } });
    expect(messages(relaxed)).toEqual(['Total hours went from 70.00 to 80.00 (+14 %).']);
  });

  it('take an employee gross threshold given as a setting', async () => {
    const before = [employee('1', 'Ann Lee', 400), employee('2', 'Bob Stone', 500)];
    const result = await run('gross-setting', rows, {
      history: history({ employees: before, totalGross: 1000, totalHours: 80 }),
      weekOverWeek: { employeeGrossPercent: 10, employeeGrossAmount: 50 },
    });
    expect(messages(result)).toEqual(['Gross pay of 2 (Bob Stone) went from 500.00 to 600.00 (+20 %).']);
  });
});

describe("a client's first week", () => {
  it('raises no week-over-week warning without history, and still gives the facts to keep', async () => {
    const result = await run('first-week', [['1', 'Ann Lee', 20, 40, 800]]);
    expect(changes(result)).toEqual([]);
    expect(result.summary.weekOverWeek).toEqual({ warnings: 0 });
    for (const rule of WEEK_OVER_WEEK_RULES) expect(result.summary.issuesByRule[rule]).toBeUndefined();
    expect(result.summary.weekFacts).toEqual({ employees: [employee('1', 'Ann Lee', 800, [20])], totalGross: 800, totalHours: 40 });
  });

  it('raises none either when the history has no approved week yet (only mapping fixes)', async () => {
    const result = await run('fixes-only', [['1', 'Ann Lee', 20, 40, 800]], {
      history: { weekStart: LAST_WEEK, sheets: [], fixes: [{ sheet: null, header: 'Notes', column: null }], facts: null },
    });
    expect(result.summary.weekOverWeek).toEqual({ warnings: 0 });
    expect(result.summary.issues).toEqual({ error: 0, warning: 0 });
  });
});
