/**
 * Everything known per employee across all sheets: the name each Employee ID was first seen with (to
 * catch an ID used for two people), and the week's totals, summed in exact hundredths.
 * Stored by column, in fixed-size chunks of typed arrays, and only for the figures the workbook has:
 * a payroll of a hundred thousand people costs a few megabytes, and growing never copies.
 */
import { HOURS_COLUMNS, MONEY_COLUMNS } from '../table/canonicalColumns';
import { formatAmount, type Issue } from './issue';
import { hundredths } from './numbers';
import { HOUR, MONEY, type MoneyColumn, type ScrubbedRow } from './scrubbedRow';

const MAX_REGULAR_HOURS = 80;
const MAX_TOTAL_HOURS = 100;
const HOURS = HOURS_COLUMNS.length;
/** Position of a money figure among an employee's figures (hours first). */
export const MONEY_FIGURE = (position: number): number => HOURS + position;
const FIGURES = HOURS + MONEY_COLUMNS.length;
/** The pay rate is a rate, not an amount: it is not summed. */
const PAY_RATE = MONEY['Pay Rate'];

/** Employees per chunk of a column. */
const CHUNK_BITS = 12;
const CHUNK = 1 << CHUNK_BITS;
const IN_CHUNK = CHUNK - 1;

/** One number per employee, in chunks allocated as employees arrive. */
class Column<A extends Float64Array | Int32Array> {
  private readonly chunks: A[] = [];

  constructor(private readonly make: (length: number) => A) {}

  add(index: number, value: number): void {
    const c = index >>> CHUNK_BITS;
    let chunk = this.chunks[c];
    if (chunk === undefined) {
      while (this.chunks.length <= c) this.chunks.push(this.make(CHUNK));
      chunk = this.chunks[c];
    }
    chunk[index & IN_CHUNK] += value;
  }

  get(index: number): number {
    const chunk = this.chunks[index >>> CHUNK_BITS];
    return chunk === undefined ? 0 : chunk[index & IN_CHUNK];
  }
}

const sumColumn = () => new Column((n) => new Float64Array(n));

export const TOTAL_MONEY_COLUMNS = MONEY_COLUMNS.filter((c) => c !== 'Pay Rate') as Exclude<MoneyColumn, 'Pay Rate'>[];

export interface EmployeeTotal {
  employeeId: string;
  employeeName: string;
  /** Departments in order of appearance, joined by "; ". */
  departments: string;
  rows: number;
  /** Sums in hundredths (cents, 0.01 hours), by position in HOURS_COLUMNS / MONEY_COLUMNS. */
  hours: number[];
  money: number[];
}

export class EmployeeLedger {
  private readonly byId = new Map<string, number>();
  private readonly byName = new Map<string, number>();
  private readonly ids: string[] = [];
  private readonly names: string[] = [];
  private readonly departments: Array<string | string[]> = [];
  private readonly rows = new Column((n) => new Int32Array(n));
  /** Sums by figure (hours, then money); a figure no row has yet has no column. */
  private readonly sums: Array<Column<Float64Array> | undefined> = new Array<undefined>(FIGURES);

  /** The Employee ID checkIdentity() looked up last, and its index: add() follows it for the same row. */
  private lastId = '';
  private lastIndex: number | undefined;

  /** Number of employees. */
  get size(): number {
    return this.ids.length;
  }

  /** Error on the row when its Employee ID was first seen with another name (compared after scrubbing). */
  checkIdentity(row: ScrubbedRow): void {
    if (!row.employeeId || !row.employeeName) return;
    const index = this.byId.get(row.employeeId);
    this.lastId = row.employeeId;
    this.lastIndex = index;
    // the name an ID was first seen with is the one its totals carry (add() runs after this check)
    const first = index === undefined ? '' : this.names[index];
    if (!first || first === row.employeeName || first.toLowerCase() === row.employeeName.toLowerCase()) return;
    row.issues.push({
      severity: 'error',
      sheet: row.sheet,
      row: row.sourceRow,
      column: 'Employee Name',
      value: row.employeeName,
      message: `Employee ID ${row.employeeId} also belongs to ${first}.`,
    });
  }

  add(row: ScrubbedRow): void {
    if (!row.employeeId && !row.employeeName) return;
    const map = row.employeeId ? this.byId : this.byName;
    const key = row.employeeId || row.employeeName.toLowerCase();
    let index = row.employeeId && row.employeeId === this.lastId ? this.lastIndex : map.get(key);
    this.lastId = '';
    if (index === undefined) {
      index = this.ids.length;
      map.set(key, index);
      this.ids.push(row.employeeId);
      this.names.push(row.employeeName);
      this.departments.push(row.department);
    } else {
      if (!this.names[index]) this.names[index] = row.employeeName;
      this.addDepartment(index, row.department);
    }
    this.rows.add(index, 1);
    for (let i = 0; i < row.hours.length; i++) {
      const value = row.hours[i];
      if (value !== undefined) (this.sums[i] ??= sumColumn()).add(index, hundredths(value));
    }
    for (let i = 0; i < row.money.length; i++) {
      const value = row.money[i];
      if (value !== undefined && i !== PAY_RATE) (this.sums[HOURS + i] ??= sumColumn()).add(index, hundredths(value));
    }
  }

  private sum(figure: number, index: number): number {
    return this.sums[figure]?.get(index) ?? 0;
  }

  /** Sum of one figure over every employee, in hundredths. */
  total(figure: number): number {
    const column = this.sums[figure];
    let sum = 0;
    if (column) for (let index = 0; index < this.ids.length; index++) sum += column.get(index);
    return sum;
  }

  /** Every employee in order of first appearance. The object yielded is reused for the next employee. */
  *entries(): Generator<EmployeeTotal> {
    const total: EmployeeTotal = { employeeId: '', employeeName: '', departments: '', rows: 0, hours: new Array<number>(HOURS), money: new Array<number>(FIGURES - HOURS) };
    const { hours, money } = total;
    for (let index = 0; index < this.ids.length; index++) {
      const department = this.departments[index];
      total.employeeId = this.ids[index];
      total.employeeName = this.names[index];
      total.departments = typeof department === 'string' ? department : department.join('; ');
      total.rows = this.rows.get(index);
      for (let i = 0; i < hours.length; i++) hours[i] = this.sum(i, index);
      for (let i = 0; i < money.length; i++) money[i] = this.sum(HOURS + i, index);
      yield total;
    }
  }

  /** Weekly limits, judged on the sums over every row of every sheet. */
  weeklyIssues(): Issue[] {
    const issues: Issue[] = [];
    for (let index = 0; index < this.ids.length; index++) {
      const regular = this.sum(HOUR['Regular Hours'], index) / 100;
      const worked = regular + (this.sum(HOUR['Overtime Hours'], index) + this.sum(HOUR['Double Time Hours'], index)) / 100;
      if (regular <= MAX_REGULAR_HOURS && worked <= MAX_TOTAL_HOURS) continue;
      const id = this.ids[index];
      const who = id ? `${this.names[index] || 'Employee'} (${id})` : this.names[index];
      if (regular > MAX_REGULAR_HOURS) {
        issues.push({ severity: 'warning', sheet: '', row: null, column: 'Regular Hours', value: regular, message: `${who} has ${formatAmount(regular)} regular hours this week, above ${MAX_REGULAR_HOURS}.` });
      }
      if (worked > MAX_TOTAL_HOURS) {
        issues.push({ severity: 'warning', sheet: '', row: null, column: 'Total Hours', value: worked, message: `${who} has ${formatAmount(worked)} hours in total this week, above ${MAX_TOTAL_HOURS}.` });
      }
    }
    return issues;
  }

  private addDepartment(index: number, department: string): void {
    const known = this.departments[index];
    if (!department || known === department) return;
    if (typeof known === 'string') this.departments[index] = known ? [known, department] : department;
    else if (!known.includes(department)) known.push(department);
  }
}
