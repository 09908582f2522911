import { useCallback, useMemo } from 'react';
import { clampWeek, weekContaining, weekFromIsoDate, weekToIsoDates } from '@/common/week';
import type { ListCompanyWeeklyDocumentsApiArg } from '@/web/api/generated';
import type { SelectedWeek } from '@/web/components/WeekNavigator';
import { useListParams } from '@/web/lib/useListParams';

/** The admin filters of spec section 4, as the address and the API name them; 'all' is none. */
export type ReviewFilter = NonNullable<ListCompanyWeeklyDocumentsApiArg['filter']>;
export const REVIEW_FILTERS: readonly ReviewFilter[] = ['all', 'pending', 'approved', 'rejected', 'completed', 'remaining'];

/** The order of the rows, as the address and the API name it; 'client' (by name) is none. */
export type ReviewSort = NonNullable<ListCompanyWeeklyDocumentsApiArg['sort']>;
const REVIEW_SORTS: readonly ReviewSort[] = ['client', 'week_over_week_warnings'];

export interface ReviewListParams extends SelectedWeek {
  filter: ReviewFilter;
  sort: ReviewSort;
  page: number;
  /** A client the address narrows the list to, else undefined. */
  clientId: string | undefined;
}

/** Absent from the address: the filter is 'all', the order by client, the week the current one, no client. */
const DEFAULTS = { filter: 'all', sort: 'client', weekStart: '', weekEnd: '', clientId: '' };

/**
 * The screen's state in the address (spec 2.12): filter, sort, weekStart, weekEnd, page and an optional
 * clientId, so the dashboard's cards can link to a filtered week and a reload shows the same view.
 * Changing the order starts again from page 1 and keeps the week and the filter.
 * Changing the week or the filter writes both into the address and starts again from page 1; 'all'
 * leaves the filter out. A week that cannot be chosen (before the earliest, in the future, not a
 * date) is read as the nearest one that can.
 */
export function useReviewListParams(now: Date = new Date()) {
  const { params: raw, setParams, setPage } = useListParams(DEFAULTS);
  const today = weekContaining(now).start.getTime();

  const params = useMemo<ReviewListParams>(() => {
    const named = weekFromIsoDate(raw.weekStart);
    const week = weekToIsoDates(clampWeek(named ?? weekContaining(new Date(today)), new Date(today)));
    const filter = REVIEW_FILTERS.find((candidate) => candidate === raw.filter) ?? 'all';
    const sort = REVIEW_SORTS.find((candidate) => candidate === raw.sort) ?? 'client';
    return { ...week, filter, sort, page: raw.page, clientId: raw.clientId || undefined };
  }, [raw, today]);

  const setView = useCallback(
    (changes: { week?: SelectedWeek; filter?: ReviewFilter }) => {
      const week = changes.week ?? params;
      setParams({ filter: changes.filter ?? params.filter, weekStart: week.weekStart, weekEnd: week.weekEnd, page: 1 });
    },
    [setParams, params],
  );

  return {
    params,
    setWeek: useCallback((week: SelectedWeek) => setView({ week }), [setView]),
    setFilter: useCallback((filter: ReviewFilter) => setView({ filter }), [setView]),
    setSort: useCallback((sort: ReviewSort) => setParams({ sort, page: 1 }), [setParams]),
    /** Narrows the list to one client of the company, or shows them all again (undefined), from page 1. */
    setClient: useCallback((clientId: string | undefined) => setParams({ clientId: clientId ?? '', page: 1 }), [setParams]),
    setPage,
  };
}
