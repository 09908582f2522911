/** One finding of the scrub, as listed in the "Issues" sheet. */
import { type CellValue } from '../types';
import { ISSUE_RULES, type IssueRule, type IssueSeverity } from './issueRules';
import { formatNumber } from './numbers';

export type { IssueRule, IssueSeverity };

export interface Issue {
  rule: IssueRule;
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

/** An issue of a rule, its severity the rule's. */
export function ruleIssue(rule: IssueRule, sheet: string, row: number | null, column: string, value: CellValue, message: string): Issue {
  return { rule, severity: ISSUE_RULES[rule].severity, sheet, row, column, value, message };
}
