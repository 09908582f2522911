import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { clampWeek, weekContaining, weekFromIsoDate, weekToIsoDates } from '@/common/week';
import type { SelectedWeek } from '@/web/components/WeekNavigator';

/** The staff filters of spec section 4, as the address and the API name them. */
export const UPLOAD_FILTERS = ['all', 'pending', 'approved', 'rejected', 'uploaded'] as const;
export type UploadFilter = (typeof UPLOAD_FILTERS)[number];

export interface WeeklyUploadsParams extends SelectedWeek {
  filter: UploadFilter;
  page: number;
  /** A client the address narrows the list to (a link from the client's page), else undefined. */
  clientId: string | undefined;
}

function readPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * The screen's state in the address (spec 2.17): filter, weekStart, weekEnd and page, so a reload,
 * Back or a shared link shows the same week. Changing the week or the filter writes both into the
 * address and starts again from page 1; 'all' leaves the filter out. A week the address names that
 * is not selectable (before the earliest, in the future, not a date) is read as the nearest one that
 * is, so the server is never asked for a week it refuses.
 */
export function useWeeklyUploadsParams(now: Date = new Date()) {
  const [searchParams, setSearchParams] = useSearchParams();
  const today = weekContaining(now).start.getTime();

  const params = useMemo<WeeklyUploadsParams>(() => {
    const named = weekFromIsoDate(searchParams.get('weekStart') ?? '');
    const week = weekToIsoDates(clampWeek(named ?? weekContaining(new Date(today)), new Date(today)));
    const rawFilter = searchParams.get('filter');
    const filter = UPLOAD_FILTERS.find((candidate) => candidate === rawFilter) ?? 'all';
    return { ...week, filter, page: readPage(searchParams.get('page')), clientId: searchParams.get('clientId') ?? undefined };
  }, [searchParams, today]);

  /** Narrows the list to one assigned client, or shows them all again (undefined), from page 1. */
  const setClient = useCallback(
    (clientId: string | undefined) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (clientId) next.set('clientId', clientId);
        else next.delete('clientId');
        next.delete('page');
        return next;
      });
    },
    [setSearchParams],
  );

  const setView = useCallback(
    (changes: { week?: SelectedWeek; filter?: UploadFilter }) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        const filter = changes.filter ?? params.filter;
        const week = changes.week ?? params;
        if (filter === 'all') next.delete('filter');
        else next.set('filter', filter);
        next.set('weekStart', week.weekStart);
        next.set('weekEnd', week.weekEnd);
        next.delete('page');
        return next;
      });
    },
    [setSearchParams, params],
  );

  const setPage = useCallback(
    (page: number) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (page <= 1) next.delete('page');
        else next.set('page', String(page));
        return next;
      });
    },
    [setSearchParams],
  );

  return {
    params,
    setWeek: useCallback((week: SelectedWeek) => setView({ week }), [setView]),
    setFilter: useCallback((filter: UploadFilter) => setView({ filter }), [setView]),
    setPage,
    setClient,
  };
}
