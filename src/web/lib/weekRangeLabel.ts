import { parseIsoDate } from '@/common/week';

const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH_DAY_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * A week as people read it, 'Mar 2 – Mar 8, 2026'; the year appears twice only when the week spans
 * New Year. Weeks are UTC calendar weeks, so they are shown in UTC: a reader west of Greenwich must
 * not see the Monday as a Sunday.
 */
export function weekRangeLabel(weekStart: string, weekEnd: string): string {
  const start = parseIsoDate(weekStart);
  const end = parseIsoDate(weekEnd);
  if (!start || !end) return `${weekStart} – ${weekEnd}`;
  const startFormat = start.getUTCFullYear() === end.getUTCFullYear() ? MONTH_DAY : MONTH_DAY_YEAR;
  return `${startFormat.format(start)} – ${MONTH_DAY_YEAR.format(end)}`;
}
