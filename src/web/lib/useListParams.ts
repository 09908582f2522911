import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

type ParamValue = string | number;

/** A list screen's state: its page plus its filters, tabs and search, each with its default. */
export type ListParams<Filters extends Record<string, ParamValue>> = Filters & { page: number };

export interface ListParamsControls<Filters extends Record<string, ParamValue>> {
  params: ListParams<Filters>;
  /**
   * Changes filters (and the page, if given). Changing any filter starts again from page 1.
   * `replace` rewrites the current history entry instead of adding one (for text typed into a search).
   */
  setParams: (changes: Partial<ListParams<Filters>>, options?: { replace?: boolean }) => void;
  setPage: (page: number, options?: { replace?: boolean }) => void;
}

function readValue(raw: string | null, fallback: ParamValue): ParamValue {
  if (raw === null) return fallback;
  if (typeof fallback === 'number') {
    const number = Number(raw);
    return Number.isSafeInteger(number) && number >= 1 ? number : fallback;
  }
  return raw;
}

/**
 * Keeps a list screen's page, filters, tabs and search in the query string, so Back, a reload and a
 * shared link all restore the same view. Values equal to their default stay out of the address;
 * parameters that other code owns (weekStart, for instance) are left as they are.
 */
export function useListParams<Filters extends Record<string, ParamValue>>(defaults: Filters): ListParamsControls<Filters> {
  const [searchParams, setSearchParams] = useSearchParams();
  const allDefaults = useMemo(() => ({ page: 1, ...defaults }) as ListParams<Filters>, [JSON.stringify(defaults)]); // eslint-disable-line react-hooks/exhaustive-deps

  const params = useMemo(() => {
    const values: Record<string, ParamValue> = {};
    for (const [key, fallback] of Object.entries(allDefaults)) values[key] = readValue(searchParams.get(key), fallback);
    return values as ListParams<Filters>;
  }, [searchParams, allDefaults]);

  const setParams = useCallback(
    (changes: Partial<ListParams<Filters>>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          // A filter set to undefined goes back to its default.
          const asText = (key: string, value: unknown) => String(value === undefined ? allDefaults[key] : value);
          const filterChanged = Object.keys(changes).some((key) => key !== 'page' && asText(key, changes[key]) !== (current.get(key) ?? String(allDefaults[key])));
          const merged: Record<string, unknown> = { ...changes };
          if (filterChanged && changes.page === undefined) merged.page = 1;
          for (const [key, value] of Object.entries(merged)) {
            if (value === undefined || String(value) === String(allDefaults[key])) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: options.replace },
      );
    },
    [setSearchParams, allDefaults],
  );

  const setPage = useCallback(
    (page: number, options?: { replace?: boolean }) => setParams({ page } as Partial<ListParams<Filters>>, options),
    [setParams],
  );

  return { params, setParams, setPage };
}

/**
 * Steps back to the last page that exists when the page shown has none (its last row was deleted,
 * or a shared link names a page past the end), instead of leaving an empty page with no pager.
 * `totalPages` is what the server answered for the current request; `settled` says that answer is
 * current (not a refetch in flight). Returns true while the page shown lies past the end, so the
 * screen shows its loading state rather than a misleading empty state for that moment (and while
 * the page it steps back to loads, a screen shows its loading state when it has no rows yet).
 */
export function useStepBackToLastPage(page: number, totalPages: number | undefined, settled: boolean, setPage: (page: number, options?: { replace?: boolean }) => void): boolean {
  const pastTheEnd = settled && totalPages !== undefined && page > Math.max(totalPages, 1);
  useEffect(() => {
    if (!settled || totalPages === undefined) return;
    const last = Math.max(totalPages, 1);
    if (page > last) setPage(last, { replace: true });
  }, [page, totalPages, settled, setPage]);
  return pastTheEnd;
}
