import { useCallback, useMemo } from 'react';
import { clampWeek, weekContaining, weekFromIsoDate, weekToIsoDates } from '@/common/week';
import type { ListCompanyWeeklyDocumentsApiArg } from '@/web/api/generated';
import type { SelectedWeek } from '@/web/components/WeekNavigator';
import { useListParams } from '@/web/lib/useListParams';

/** The admin filters of spec section 4, as the address and the API name them; 'all' is none. */
export type ReviewFilter = NonNullable<ListCompanyWeeklyDocumentsApiArg['filter']>;
export const REVIEW_FILTERS: readonly ReviewFilter[] = ['all', 'pending', 'approved', 'rejected', 'completed', 'remaining'];

export interface ReviewListParams extends SelectedWeek {
  filter: ReviewFilter;
  page: number;
  /** A client the address narrows the list to, else undefined. */
  clientId: string | undefined;
}

/** Absent from the address: the filter is 'all', the week the current one, no client. */
const DEFAULTS = { filter: 'all', weekStart: '', weekEnd: '', clientId: '' };

/**
 * The screen's state in the address (spec 2.12): filter, weekStart, weekEnd, page and an optional
 * clientId, so the dashboard's cards can link to a filtered week and a reload shows the same view.
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
    return { ...week, filter, page: raw.page, clientId: raw.clientId || undefined };
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
    setPage,
  };
}
