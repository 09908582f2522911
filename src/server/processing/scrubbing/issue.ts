/** One finding of the scrub, as listed in the "Issues" sheet. */
import { type CellValue } from '../types';
import { formatNumber } from './numbers';

export type IssueSeverity = 'error' | 'warning' | 'info';

export interface Issue {
  severity: IssueSeverity;
  sheet: string;
  /** Source row, or null for findings about an employee's week as a whole. */
  row: number | null;
  column: string;
  value: CellValue;
  message: string;
}

export const ISSUE_COLUMNS = ['Severity', 'Sheet', 'Row', 'Column', 'Value', 'Message'];

export function issueCells(issue: Issue): CellValue[] {
  const severity = issue.severity === 'error' ? 'Error' : issue.severity === 'warning' ? 'Warning' : 'Info';
  return [severity, issue.sheet, issue.row, issue.column, issue.value, issue.message];
}

/** An amount (money, hours) in a message: "1,234.50". */
export function formatAmount(value: number): string {
  return formatNumber(value, 2);
}
