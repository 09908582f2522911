/**
 * Week arithmetic shared by the SPA and the server. A week runs from Monday 00:00:00.000 UTC to
 * Sunday 23:59:59.999 UTC and travels between them as ISO dates (YYYY-MM-DD) of its Monday and Sunday.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** The Monday of the earliest week a user may select. */
export const EARLIEST_WEEK_START = '2025-09-08';

export interface WeekRange {
  /** Monday 00:00:00.000 UTC. */
  start: Date;
  /** Sunday 23:59:59.999 UTC. */
  end: Date;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date (UTC) of an instant, as YYYY-MM-DD. */
export function toIsoDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** Midnight UTC of a YYYY-MM-DD date; null when the text is not a real calendar date. */
export function parseIsoDate(text: string): Date | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

/** The week that contains an instant. */
export function weekContaining(instant: Date): WeekRange {
  const midnight = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  const start = new Date(midnight - daysSinceMonday * DAY_MS);
  return { start, end: new Date(start.getTime() + WEEK_MS - 1) };
}

/** The week `offset` weeks after (negative: before) the given one. */
export function shiftWeek(week: WeekRange, offset: number): WeekRange {
  const start = new Date(week.start.getTime() + offset * WEEK_MS);
  return { start, end: new Date(start.getTime() + WEEK_MS - 1) };
}

/** The week as the pair of ISO dates the API and the URL carry. */
export function weekToIsoDates(week: WeekRange): { weekStart: string; weekEnd: string } {
  return { weekStart: toIsoDate(week.start), weekEnd: toIsoDate(week.end) };
}

/** The week that starts on (or contains) an ISO date; null when the text is not a date. */
export function weekFromIsoDate(text: string): WeekRange | null {
  const date = parseIsoDate(text);
  return date ? weekContaining(date) : null;
}

/** The earliest selectable week. */
export function earliestWeek(): WeekRange {
  return weekContaining(parseIsoDate(EARLIEST_WEEK_START) as Date);
}

/** Whether the week before `week` may still be selected. */
export function canGoToPreviousWeek(week: WeekRange): boolean {
  return week.start.getTime() > earliestWeek().start.getTime();
}

/** Whether the week after `week` may be selected, i.e. `week` is before the current week. */
export function canGoToNextWeek(week: WeekRange, now: Date = new Date()): boolean {
  return week.start.getTime() < weekContaining(now).start.getTime();
}

/** A week forced into the selectable span: from the earliest week up to the current one. */
export function clampWeek(week: WeekRange, now: Date = new Date()): WeekRange {
  const earliest = earliestWeek();
  const current = weekContaining(now);
  if (week.start.getTime() < earliest.start.getTime()) return earliest;
  if (week.start.getTime() > current.start.getTime()) return current;
  return week;
}
