/**
 * Checks on one scrubbed row. Errors: the row cannot be paid as is (nobody named, negative hours).
 * Warnings: a person should look (no ID, a pay rate out of range, gross pay that does not add up).
 */
import { HOURS_COLUMNS } from '../table/canonicalColumns';
import { formatAmount, type Issue } from './issue';
import { type ScrubbedRow } from './scrubbedRow';

const MIN_RATE = 7.25;
const MAX_RATE = 500;

export function checkRow(row: ScrubbedRow): void {
  const issue = (severity: Issue['severity'], column: string, value: Issue['value'], message: string) =>
    row.issues.push({ severity, sheet: row.sheet, row: row.sourceRow, column, value, message });

  if (!row.employeeId && !row.employeeName) issue('error', 'Employee ID', null, 'The row has neither an Employee ID nor an Employee Name.');
  else if (!row.employeeId) issue('warning', 'Employee ID', null, `No Employee ID for ${row.employeeName}; totals are kept by name.`);

  for (const column of HOURS_COLUMNS) {
    const value = row.hours[column];
    if (value !== undefined && value < 0) issue('error', column, value, `Negative ${column.toLowerCase()}.`);
  }

  const rate = row.money['Pay Rate'];
  if (rate !== undefined && rate < MIN_RATE) issue('warning', 'Pay Rate', rate, `Pay rate below ${formatAmount(MIN_RATE)}.`);
  if (rate !== undefined && rate > MAX_RATE) issue('warning', 'Pay Rate', rate, `Pay rate above ${formatAmount(MAX_RATE)}.`);

  const regular = row.hours['Regular Hours'];
  const gross = row.money['Gross Pay'];
  if (rate !== undefined && regular !== undefined && gross !== undefined) {
    const h = row.hours;
    const m = row.money;
    const paidHours = regular + 1.5 * (h['Overtime Hours'] ?? 0) + 2 * (h['Double Time Hours'] ?? 0) + (h['PTO Hours'] ?? 0) + (h['Holiday Hours'] ?? 0) + (h['Sick Hours'] ?? 0);
    const expected = rate * paidHours + (m.Tips ?? 0) + (m.Bonus ?? 0) + (m.Commission ?? 0);
    if (Math.abs(gross - expected) > Math.max(1, Math.abs(expected) * 0.01) + 1e-9) {
      issue('warning', 'Gross Pay', gross, `Gross pay ${formatAmount(gross)} differs from the expected ${formatAmount(expected)} (rate x hours plus tips, bonus and commission).`);
    }
  }
}
