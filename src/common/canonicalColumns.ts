/**
 * The canonical payroll columns, in output order. The engine maps headers to them (its synonym table
 * is keyed by these names), the server accepts a mapping fix only to one of them, and the review
 * viewer offers them when an admin fixes a mapping: one list, so the three never disagree.
 */
export const CANONICAL_COLUMNS = [
  'Employee ID',
  'Employee Name',
  'First Name',
  'Last Name',
  'Department',
  'Pay Rate',
  'Regular Hours',
  'Overtime Hours',
  'Double Time Hours',
  'PTO Hours',
  'Holiday Hours',
  'Sick Hours',
  'Tips',
  'Bonus',
  'Commission',
  'Reimbursement',
  'Gross Pay',
  'Deductions',
  'Net Pay',
  'Pay Date',
  'Period Start',
  'Period End',
  'SSN',
] as const;

export type CanonicalColumn = (typeof CANONICAL_COLUMNS)[number];

/** Whether a column name is one of the canonical columns (else a header kept as an extra column). */
export function isCanonicalColumn(name: string): name is CanonicalColumn {
  return (CANONICAL_COLUMNS as readonly string[]).includes(name);
}
