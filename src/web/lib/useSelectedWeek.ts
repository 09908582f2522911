import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { clampWeek, weekContaining, weekFromIsoDate, weekToIsoDates } from '@/common/week';

/** A week as the address and the API carry it: the ISO dates of its Monday and its Sunday (UTC). */
export interface WeekDates {
  weekStart: string;
  weekEnd: string;
}

/**
 * The week a screen shows, kept in the address as weekStart and weekEnd so a reload, Back or a
 * shared link shows the same week. Without one it is the current week; a week that cannot be
 * selected (before the earliest, in the future, not a date) is read as the nearest one that can,
 * so the server is never asked for a week it refuses. Other parameters are left as they are.
 */
export function useSelectedWeek(now: Date = new Date()): { week: WeekDates; setWeek: (week: WeekDates) => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  // The current week's Monday, so a new `now` on every render does not make a new week object.
  const today = weekContaining(now).start.getTime();
  const named = searchParams.get('weekStart') ?? '';

  const week = useMemo(() => {
    const current = new Date(today);
    return weekToIsoDates(clampWeek(weekFromIsoDate(named) ?? weekContaining(current), current));
  }, [named, today]);

  const setWeek = useCallback(
    ({ weekStart, weekEnd }: WeekDates) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set('weekStart', weekStart);
        next.set('weekEnd', weekEnd);
        return next;
      }),
    [setSearchParams],
  );

  return { week, setWeek };
}

/** An address with the week in its query, after any other parameters (filter=pending&weekStart=...). */
export function withWeek(path: string, week: WeekDates, params: Record<string, string> = {}): string {
  const query = new URLSearchParams({ ...params, weekStart: week.weekStart, weekEnd: week.weekEnd });
  return `${path}?${query.toString()}`;
}
