import { DuplicateFilter } from '@/server/processing/scrubbing/duplicateFilter';
import { EmployeeLedger, MONEY_FIGURE } from '@/server/processing/scrubbing/employeeLedger';
import { HOUR, MONEY, type ScrubbedRow } from '@/server/processing/scrubbing/scrubbedRow';
import { HOURS_COLUMNS, MONEY_COLUMNS } from '@/server/processing/table/canonicalColumns';
import { type CellValue } from '@/server/processing/types';

/** A scrubbed row of employee `n` (IDs E1, E2...; a second department for every third row of one). */
function rowOf(n: number, regular: number, gross: number, department = 'Store 1'): ScrubbedRow {
  const hours = new Array<number | undefined>(HOURS_COLUMNS.length).fill(undefined);
  const money = new Array<number | undefined>(MONEY_COLUMNS.length).fill(undefined);
  hours[HOUR['Regular Hours']] = regular;
  money[MONEY['Gross Pay']] = gross;
  money[MONEY['Pay Rate']] = 20 + (n % 3);
  const id = `E${n}`;
  return { cells: [], sheet: 'Week', sourceRow: n + 1, employeeId: id, employeeKey: id, employeeName: `Person ${n}`, department, departmentDefaulted: false, hours, money, issues: [] };
}

describe('the ledger as it grows past many blocks of employees', () => {
  it('keeps every employee apart and in order of first appearance, whatever block holds them', () => {
    const ledger = new EmployeeLedger();
    const people = 5000;
    // each person twice, the second time in another department and with other figures
    for (let n = 0; n < people; n++) {
      const row = rowOf(n, 30, 600.25);
      ledger.checkIdentity(row);
      ledger.add(row);
    }
    for (let n = people - 1; n >= 0; n--) {
      const row = rowOf(n, n % 100 === 0 ? 60 : 10, 200.5, 'Store 2');
      ledger.checkIdentity(row);
      ledger.add(row);
    }
    expect(ledger.size).toBe(people);
    // the object yielded is reused: read it as it comes
    const totals: unknown[] = [];
    for (const t of ledger.entries()) totals.push([t.employeeId, t.departments, t.rows, t.hours[HOUR['Regular Hours']], t.money[MONEY['Gross Pay']]]);
    expect(totals).toHaveLength(people);
    totals.forEach((total, n) => expect(total).toEqual([`E${n}`, 'Store 1; Store 2', 2, n % 100 === 0 ? 9000 : 4000, 80075]));
    expect(ledger.total(MONEY_FIGURE(MONEY['Gross Pay']))).toBe(people * 80075);
    // over 80 regular hours: every hundredth person, and no one else
    expect(ledger.weeklyIssues().map((i) => i.message.match(/\(E(\d+)\)/)?.[1])).toEqual(Array.from({ length: people / 100 }, (_, i) => String(i * 100)));
    const facts = ledger.weekEmployees();
    expect(facts[4321]).toEqual({ key: 'E4321', id: 'E4321', name: 'Person 4321', gross: 800.75, rates: [21] });
  });
});

describe('duplicates as the table of rows seen grows', () => {
  it('finds every repeat and nothing else among tens of thousands of rows', () => {
    const filter = new DuplicateFilter(new Set([3]));
    const rowsOf = (n: number): CellValue[] => [`E${n}`, `Person ${n}`, n * 1.25, n];
    const distinct = 20_000;
    for (let n = 0; n < distinct; n++) expect(filter.isDuplicate(rowsOf(n))).toBe(false);
    // the same rows again, the ignored column (a source row) changed: each is a duplicate
    for (let n = 0; n < distinct; n++) expect(filter.isDuplicate([...rowsOf(n).slice(0, 3), n + distinct])).toBe(true);
    // rows that differ in one value are not
    for (let n = 0; n < distinct; n += 7) expect(filter.isDuplicate([`E${n}`, `Person ${n}`, n * 1.25 + 0.01, n])).toBe(false);
  });
});
