/**
 * This week against the client's last approved week: employees new and missing, an employee's gross
 * pay or the client's totals changed by more than a share of last week's, a pay rate that changed.
 * Every comparison is made on whole hundredths, so a change of exactly the threshold never warns.
 * Runs once after the rows, on the ledger's per-employee figures (one map of last week's employees).
 */
import { formatAmount, type Issue, ruleIssue } from '../scrubbing/issue';
import { formatNumber, hundredths } from '../scrubbing/numbers';
import { type WeekEmployee, type WeekFacts, type WeekOverWeekThresholds } from '../types';

/** An employee's gross up or down by more than 25 % and at least 100.00; totals by more than 20 %. */
export const WEEK_OVER_WEEK_DEFAULTS: Readonly<WeekOverWeekThresholds> = {
  employeeGrossPercent: 25,
  employeeGrossAmount: 100,
  totalGrossPercent: 20,
  totalHoursPercent: 20,
};

export function compareWeeks(now: WeekFacts, before: WeekFacts, weekStart: string, thresholds: Partial<WeekOverWeekThresholds> = {}): Issue[] {
  const limits = { ...WEEK_OVER_WEEK_DEFAULTS, ...thresholds };
  const issues: Issue[] = [];
  const earlier = new Map<string, WeekEmployee>(before.employees.map((e) => [matchKey(e), e]));
  for (const employee of now.employees) {
    const key = matchKey(employee);
    const last = earlier.get(key);
    if (!last) {
      issues.push(ruleIssue('employee-new', '', null, 'Employee ID', employee.id ?? employee.name, `Employee ${who(employee)} is new; not in the week of ${weekStart}.`));
      continue;
    }
    earlier.delete(key);
    compareEmployee(employee, last, limits, issues);
  }
  for (const last of earlier.values()) {
    issues.push(ruleIssue('employee-missing', '', null, 'Employee ID', last.id ?? last.name, `Employee ${who(last)} is missing since the week of ${weekStart}.`));
  }
  if (changedBeyond(before.totalGross, now.totalGross, limits.totalGrossPercent)) {
    issues.push(ruleIssue('total-gross-change', '', null, 'Gross Pay', now.totalGross, `Total gross went from ${change(before.totalGross, now.totalGross)}.`));
  }
  if (changedBeyond(before.totalHours, now.totalHours, limits.totalHoursPercent)) {
    issues.push(ruleIssue('total-hours-change', '', null, 'Total Hours', now.totalHours, `Total hours went from ${change(before.totalHours, now.totalHours)}.`));
  }
  return issues;
}

function compareEmployee(employee: WeekEmployee, last: WeekEmployee, limits: WeekOverWeekThresholds, issues: Issue[]): void {
  const difference = Math.abs(hundredths(employee.gross) - hundredths(last.gross));
  if (difference >= hundredths(limits.employeeGrossAmount) && changedBeyond(last.gross, employee.gross, limits.employeeGrossPercent)) {
    issues.push(ruleIssue('employee-gross-change', '', null, 'Gross Pay', employee.gross, `Gross pay of ${who(employee)} went from ${change(last.gross, employee.gross)}.`));
  }
  if (employee.rates.length > 0 && last.rates.length > 0 && !sameRates(employee.rates, last.rates)) {
    const message = `Pay rate of ${who(employee)} went from ${rateList(last.rates)} to ${rateList(employee.rates)}.`;
    issues.push(ruleIssue('rate-change', '', null, 'Pay Rate', rateList(employee.rates), message));
  }
}

/** An employee with an ID is the same employee under that ID; one without, under the same name (the ledger's keys). */
function matchKey(employee: WeekEmployee): string {
  return employee.id === null ? `name ${employee.key}` : `id ${employee.key}`;
}

/** "1042 (Dana Reyes)", or the name alone when the employee has no ID. */
function who(employee: WeekEmployee): string {
  if (employee.id === null) return employee.name;
  return employee.name ? `${employee.id} (${employee.name})` : employee.id;
}

/** More than `percent` of last week's figure up or down (any change from nothing counts). */
function changedBeyond(before: number, now: number, percent: number): boolean {
  const from = hundredths(before);
  const difference = Math.abs(hundredths(now) - from);
  return difference > 0 && difference * 100 > percent * Math.abs(from);
}

/** "1,200.00 to 2,450.00 (+104 %)"; without a percentage from nothing. */
function change(before: number, now: number): string {
  const values = `${formatAmount(before)} to ${formatAmount(now)}`;
  if (before === 0) return values;
  const percent = Math.round(((now - before) / Math.abs(before)) * 100) || 0;
  return `${values} (${percent > 0 ? '+' : ''}${formatNumber(percent, 0)} %)`;
}

function sameRates(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((rate, i) => hundredths(rate) === hundredths(b[i]));
}

function rateList(rates: readonly number[]): string {
  return rates.map(formatAmount).join(', ');
}
