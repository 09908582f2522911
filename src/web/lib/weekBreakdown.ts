/** How a week's rows stand, each state counted apart (the contract's WeeklyDocumentsSummary). */
export interface WeekFigures {
  pending: number;
  rejected: number;
  failed: number;
  processing: number;
  remaining: number;
}

/**
 * The rows of a week not done yet, each state apart, in one line: '2 awaiting review · 1 rejected ·
 * 1 failed · 2 not uploaded' (approved rows are the done ones, which the caller names). Rows still
 * processing are named only while there are some, as they settle on their own.
 */
export function weekBreakdown({ pending, rejected, failed, processing, remaining }: WeekFigures): string {
  const parts = [`${pending} awaiting review`, `${rejected} rejected`, `${failed} failed`];
  if (processing > 0) parts.push(`${processing} processing`);
  parts.push(`${remaining} not uploaded`);
  return parts.join(' · ');
}
