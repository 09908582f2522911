/**
 * Everything known per employee across all sheets: the name each Employee ID was first seen with (to
 * catch an ID used for two people), and the week's totals, summed in exact hundredths.
 * Stored by column (one typed array of sums for everyone) so a payroll of a hundred thousand people
 * costs a few megabytes, not a few hundred.
 */
import { HOURS_COLUMNS, MONEY_COLUMNS } from '../table/canonicalColumns';
import { formatAmount, type Issue } from './issue';
import { hundredths } from './numbers';
import { HOUR, type MoneyColumn, type ScrubbedRow } from './scrubbedRow';

const MAX_REGULAR_HOURS = 80;
const MAX_TOTAL_HOURS = 100;
const HOURS = HOURS_COLUMNS.length;
/** Position of a money figure among an employee's figures (hours first). */
export const MONEY_FIGURE = (position: number): number => HOURS + position;
const FIGURES = HOURS + MONEY_COLUMNS.length;

export const TOTAL_MONEY_COLUMNS = MONEY_COLUMNS.filter((c) => c !== 'Pay Rate') as Exclude<MoneyColumn, 'Pay Rate'>[];

export interface EmployeeTotal {
  employeeId: string;
  employeeName: string;
  /** Departments in order of appearance. */
  departments: string[];
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
  private rows = new Int32Array(1024);
  private sums = new Float64Array(1024 * FIGURES);

  /** Number of employees. */
  get size(): number {
    return this.ids.length;
  }

  /** Error on the row when its Employee ID was first seen with another name (compared after scrubbing). */
  checkIdentity(row: ScrubbedRow): void {
    if (!row.employeeId || !row.employeeName) return;
    const index = this.byId.get(row.employeeId);
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
    let index = map.get(key);
    if (index === undefined) {
      index = this.ids.length;
      map.set(key, index);
      this.ids.push(row.employeeId);
      this.names.push(row.employeeName);
      this.departments.push(row.department);
      this.grow(index + 1);
    } else {
      if (!this.names[index]) this.names[index] = row.employeeName;
      this.addDepartment(index, row.department);
    }
    this.rows[index]++;
    const base = index * FIGURES;
    for (let i = 0; i < row.hours.length; i++) {
      const value = row.hours[i];
      if (value !== undefined) this.sums[base + i] += hundredths(value);
    }
    for (let i = 0; i < row.money.length; i++) {
      const value = row.money[i];
      if (value !== undefined) this.sums[base + HOURS + i] += hundredths(value);
    }
  }

  /** Sum of one figure over every employee, in hundredths. */
  total(figure: number): number {
    let sum = 0;
    for (let at = figure; at < this.ids.length * FIGURES; at += FIGURES) sum += this.sums[at];
    return sum;
  }

  /** Every employee in order of first appearance. */
  *entries(): Generator<EmployeeTotal> {
    for (let index = 0; index < this.ids.length; index++) {
      const base = index * FIGURES;
      const department = this.departments[index];
      yield {
        employeeId: this.ids[index],
        employeeName: this.names[index],
        departments: typeof department === 'string' ? (department ? [department] : []) : department,
        rows: this.rows[index],
        hours: this.figures(base, HOURS),
        money: this.figures(base + HOURS, FIGURES - HOURS),
      };
    }
  }

  /** Weekly limits, judged on the sums over every row of every sheet. */
  weeklyIssues(): Issue[] {
    const issues: Issue[] = [];
    for (let index = 0; index < this.ids.length; index++) {
      const base = index * FIGURES;
      const regular = this.sums[base + HOUR['Regular Hours']] / 100;
      const worked = regular + (this.sums[base + HOUR['Overtime Hours']] + this.sums[base + HOUR['Double Time Hours']]) / 100;
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

  private figures(from: number, count: number): number[] {
    const figures = new Array<number>(count);
    for (let i = 0; i < count; i++) figures[i] = this.sums[from + i];
    return figures;
  }

  private addDepartment(index: number, department: string): void {
    const known = this.departments[index];
    if (!department || known === department) return;
    if (typeof known === 'string') this.departments[index] = known ? [known, department] : department;
    else if (!known.includes(department)) known.push(department);
  }

  private grow(size: number): void {
    if (size <= this.rows.length) return;
    const rows = new Int32Array(this.rows.length * 2);
    rows.set(this.rows);
    this.rows = rows;
    const sums = new Float64Array(rows.length * FIGURES);
    sums.set(this.sums);
    this.sums = sums;
  }
}
