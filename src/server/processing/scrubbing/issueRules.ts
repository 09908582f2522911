/** The scrub's checks by stable id; imports nothing, so the engine's shared types can name them. */

export type IssueSeverity = 'error' | 'warning' | 'info';

/**
 * A rule's severity and name; `group: 'week-over-week'` marks the comparisons with the client's last
 * approved week (mapping profile and facts), counted apart so a reviewer sees what changed.
 */
interface IssueRuleDefinition {
  severity: IssueSeverity;
  label: string;
  group?: 'week-over-week';
}

/**
 * Every check the scrub makes, under a stable id, with its severity and what a person calls it: the
 * summary counts issues by rule, and a rule's severity is fixed, so a check names only its rule.
 */
export const ISSUE_RULES = {
  'missing-id-and-name': { severity: 'error', label: 'No Employee ID or name' },
  'id-name-conflict': { severity: 'error', label: 'Employee ID used for two people' },
  'negative-hours': { severity: 'error', label: 'Negative hours' },
  'missing-id': { severity: 'warning', label: 'No Employee ID' },
  'rate-below-minimum': { severity: 'warning', label: 'Pay rate below the minimum' },
  'rate-above-maximum': { severity: 'warning', label: 'Pay rate above the maximum' },
  'gross-mismatch': { severity: 'warning', label: 'Gross pay does not add up' },
  'invalid-ssn': { severity: 'warning', label: 'Invalid SSN' },
  'sensitive-value-masked': { severity: 'warning', label: 'SSN or bank number masked' },
  'unreadable-character': { severity: 'warning', label: 'Unreadable character in text' },
  'not-a-number': { severity: 'warning', label: 'Text in a number column' },
  'impossible-date': { severity: 'warning', label: 'Impossible date' },
  'unreadable-date': { severity: 'warning', label: 'Date not readable for sure' },
  'date-outside-week': { severity: 'warning', label: 'Date outside the payroll week' },
  'regular-hours-over-limit': { severity: 'warning', label: 'Too many regular hours in the week' },
  'total-hours-over-limit': { severity: 'warning', label: 'Too many hours in the week' },
  'duplicate-removed': { severity: 'info', label: 'Duplicate row removed' },
  'control-character-removed': { severity: 'info', label: 'Control character removed' },
  'column-left-out': { severity: 'warning', label: 'Column left out' },
  'periods-side-by-side': { severity: 'warning', label: 'Several periods side by side' },
  'table-not-payroll': { severity: 'warning', label: 'Table without hours or pay' },
  'sheet-new': { severity: 'warning', label: 'New sheet since the last approved week', group: 'week-over-week' },
  'sheet-missing': { severity: 'warning', label: 'Sheet missing since the last approved week', group: 'week-over-week' },
  'header-new': { severity: 'warning', label: 'New or renamed column header', group: 'week-over-week' },
  'header-missing': { severity: 'warning', label: 'Column header missing since the last approved week', group: 'week-over-week' },
  'header-remapped': { severity: 'warning', label: 'Column header now read as another column', group: 'week-over-week' },
  'employee-new': { severity: 'warning', label: 'New employee this week', group: 'week-over-week' },
  'employee-missing': { severity: 'warning', label: 'Employee missing since the last approved week', group: 'week-over-week' },
  'employee-gross-change': { severity: 'warning', label: "Large change in an employee's gross pay", group: 'week-over-week' },
  'total-gross-change': { severity: 'warning', label: 'Large change in total gross pay', group: 'week-over-week' },
  'total-hours-change': { severity: 'warning', label: 'Large change in total hours', group: 'week-over-week' },
  'rate-change': { severity: 'warning', label: 'Pay rate changed', group: 'week-over-week' },
} as const satisfies Record<string, IssueRuleDefinition>;

export type IssueRule = keyof typeof ISSUE_RULES;

/** The rules comparing a week with the client's last approved one. */
export const WEEK_OVER_WEEK_RULES: readonly IssueRule[] = (Object.keys(ISSUE_RULES) as IssueRule[]).filter(
  (rule) => (ISSUE_RULES[rule] as IssueRuleDefinition).group === 'week-over-week',
);

/** How many issues one rule raised, and the source row of its first (null for a whole week's finding). */
export interface IssueRuleCount {
  severity: IssueSeverity;
  count: number;
  first: { sheet: string; row: number } | null;
}

/** How many warnings the comparison with the client's last approved week raised. */
export function weekOverWeekWarnings(issuesByRule: Partial<Record<IssueRule, IssueRuleCount>>): number {
  let warnings = 0;
  for (const rule of WEEK_OVER_WEEK_RULES) warnings += issuesByRule[rule]?.count ?? 0;
  return warnings;
}
