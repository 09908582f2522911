/**
 * Checks on one scrubbed row. Errors: the row cannot be paid as is (nobody named, negative hours).
 * Warnings: a person should look (no ID, a pay rate out of range, gross pay that does not add up).
 */
import { HOURS_COLUMNS } from '../table/canonicalColumns';
import { type IssueRule, formatAmount, ruleIssue } from './issue';
import { type CellValue } from '../types';
import { HOUR, MONEY, type ScrubbedRow } from './scrubbedRow';

const MIN_RATE = 7.25;
const MAX_RATE = 500;
const RATE_BELOW = `Pay rate below ${formatAmount(MIN_RATE)}.`;
const RATE_ABOVE = `Pay rate above ${formatAmount(MAX_RATE)}.`;

function addIssue(row: ScrubbedRow, rule: IssueRule, column: string, value: CellValue, message: string): void {
  row.issues.push(ruleIssue(rule, row.sheet, row.sourceRow, column, value, message));
}

export function checkRow(row: ScrubbedRow): void {

  if (!row.employeeId && !row.employeeName) addIssue(row, 'missing-id-and-name', 'Employee ID', null, 'The row has neither an Employee ID nor an Employee Name.');
  else if (!row.employeeId) addIssue(row, 'missing-id', 'Employee ID', null, `No Employee ID for ${row.employeeName}; totals are kept by name.`);

  for (let i = 0; i < HOURS_COLUMNS.length; i++) {
    const value = row.hours[i];
    if (value !== undefined && value < 0) addIssue(row, 'negative-hours', HOURS_COLUMNS[i], value, `Negative ${HOURS_COLUMNS[i].toLowerCase()}.`);
  }

  const rate = row.money[MONEY['Pay Rate']];
  if (rate !== undefined && rate < MIN_RATE) addIssue(row, 'rate-below-minimum', 'Pay Rate', rate, RATE_BELOW);
  if (rate !== undefined && rate > MAX_RATE) addIssue(row, 'rate-above-maximum', 'Pay Rate', rate, RATE_ABOVE);

  const regular = row.hours[HOUR['Regular Hours']];
  const gross = row.money[MONEY['Gross Pay']];
  if (rate !== undefined && regular !== undefined && gross !== undefined) {
    const h = row.hours;
    const m = row.money;
    const paidHours =
      regular + 1.5 * (h[HOUR['Overtime Hours']] ?? 0) + 2 * (h[HOUR['Double Time Hours']] ?? 0) + (h[HOUR['PTO Hours']] ?? 0) + (h[HOUR['Holiday Hours']] ?? 0) + (h[HOUR['Sick Hours']] ?? 0);
    const expected = rate * paidHours + (m[MONEY.Tips] ?? 0) + (m[MONEY.Bonus] ?? 0) + (m[MONEY.Commission] ?? 0);
    if (Math.abs(gross - expected) > Math.max(1, Math.abs(expected) * 0.01) + 1e-9) {
      addIssue(row, 'gross-mismatch', 'Gross Pay', gross, `Gross pay ${formatAmount(gross)} differs from the expected ${formatAmount(expected)} (rate x hours plus tips, bonus and commission).`);
    }
  }
}
