/**
 * Everything known per employee across all sheets: the name each Employee ID was first seen with (to
 * catch an ID used for two people), and the week's totals, summed in exact hundredths.
 */
import { HOURS_COLUMNS, MONEY_COLUMNS } from '../table/canonicalColumns';
import { formatAmount, type Issue } from './issue';
import { hundredths } from './numbers';
import { HOUR, type MoneyColumn, type ScrubbedRow } from './scrubbedRow';

const MAX_REGULAR_HOURS = 80;
const MAX_TOTAL_HOURS = 100;

export const TOTAL_MONEY_COLUMNS = MONEY_COLUMNS.filter((c) => c !== 'Pay Rate') as Exclude<MoneyColumn, 'Pay Rate'>[];

export interface EmployeeTotal {
  employeeId: string;
  employeeName: string;
  /** Departments in order of appearance (an array: almost always one or two). */
  departments: string[];
  rows: number;
  /** Sums in hundredths (cents, 0.01 hours), by position in HOURS_COLUMNS / MONEY_COLUMNS. */
  hours: number[];
  money: number[];
}


export class EmployeeLedger {
  /** Every employee in order of first appearance. */
  readonly totals: EmployeeTotal[] = [];
  private readonly byId = new Map<string, EmployeeTotal>();
  private readonly byName = new Map<string, EmployeeTotal>();

  /** Error on the row when its Employee ID was first seen with another name (compared after scrubbing). */
  checkIdentity(row: ScrubbedRow): void {
    if (!row.employeeId || !row.employeeName) return;
    // the name an ID was first seen with is the one its totals carry (add() runs after this check)
    const first = this.byId.get(row.employeeId)?.employeeName;
    if (!first) return;
    if (first !== row.employeeName && first.toLowerCase() !== row.employeeName.toLowerCase()) {
      row.issues.push({
        severity: 'error',
        sheet: row.sheet,
        row: row.sourceRow,
        column: 'Employee Name',
        value: row.employeeName,
        message: `Employee ID ${row.employeeId} also belongs to ${first}.`,
      });
    }
  }

  add(row: ScrubbedRow): void {
    if (!row.employeeId && !row.employeeName) return;
    const map = row.employeeId ? this.byId : this.byName;
    const key = row.employeeId || row.employeeName.toLowerCase();
    let total = map.get(key);
    if (!total) {
      total = { employeeId: row.employeeId, employeeName: row.employeeName, departments: [], rows: 0, hours: new Array<number>(HOURS_COLUMNS.length).fill(0), money: new Array<number>(MONEY_COLUMNS.length).fill(0) };
      map.set(key, total);
      this.totals.push(total);
    }
    if (!total.employeeName) total.employeeName = row.employeeName;
    total.rows++;
    if (row.department && !total.departments.includes(row.department)) total.departments.push(row.department);
    for (let i = 0; i < row.hours.length; i++) {
      const value = row.hours[i];
      if (value !== undefined) total.hours[i] += hundredths(value);
    }
    for (let i = 0; i < row.money.length; i++) {
      const value = row.money[i];
      if (value !== undefined) total.money[i] += hundredths(value);
    }
  }

  /** Weekly limits, judged on the sums over every row of every sheet. */
  weeklyIssues(): Issue[] {
    const issues: Issue[] = [];
    for (const total of this.totals) {
      const who = total.employeeId ? `${total.employeeName || 'Employee'} (${total.employeeId})` : total.employeeName;
      const regular = total.hours[HOUR['Regular Hours']] / 100;
      const worked = (total.hours[HOUR['Regular Hours']] + total.hours[HOUR['Overtime Hours']] + total.hours[HOUR['Double Time Hours']]) / 100;
      if (regular > MAX_REGULAR_HOURS) {
        issues.push({ severity: 'warning', sheet: '', row: null, column: 'Regular Hours', value: regular, message: `${who} has ${formatAmount(regular)} regular hours this week, above ${MAX_REGULAR_HOURS}.` });
      }
      if (worked > MAX_TOTAL_HOURS) {
        issues.push({ severity: 'warning', sheet: '', row: null, column: 'Total Hours', value: worked, message: `${who} has ${formatAmount(worked)} hours in total this week, above ${MAX_TOTAL_HOURS}.` });
      }
    }
    return issues;
  }
}
