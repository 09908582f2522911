import { useCallback, useEffect, useRef, useState } from 'react';
import type { ViewerRow, ViewerRows } from '@/web/api/generated';
import { errorMessage } from '@/web/lib/errorMessage';

/** Rows asked for at a time: a few screenfuls, well under the server's limit of 500. */
export const WINDOW_ROWS = 200;
/**
 * Windows kept at most (a few thousand rows); the farthest from the newest is forgotten first and
 * fetched again if the reader scrolls back to it, so a sheet of any length costs bounded memory.
 */
const KEPT_WINDOWS = 30;

export interface RowWindows {
  /** Rows in the sheet after the filter; null until the first window has answered. */
  total: number | null;
  /** The row at a position of the (filtered) sheet, once its window has arrived. */
  rowAt: (position: number) => ViewerRow | undefined;
  /**
   * Asks for the window holding `position` and the one after it, unless they are here or on their
   * way. `drawn` says whether the row at `position` was drawn with its cells: a row drawn without
   * them is waiting for its window.
   */
  need: (position: number, drawn: boolean) => void;
  /**
   * Changes whenever a window arrives that a row drawn without its cells waits for, so the grid can
   * be drawn again; a window fetched ahead of the reader is only kept, as is one nobody waits for any
   * more, and the rows are drawn from it when they come into view.
   */
  arrivals: number;
  /** The most cells any row fetched so far has: a raw sheet names no columns, so its rows say how many. */
  widest: number;
  /** Why the last window failed, in the server's words. */
  error: string | null;
  /** Asks again for the windows that failed. */
  retry: () => void;
}

/**
 * The rows of one sheet (under one filter) fetched a window at a time as they come into view, and
 * kept in a bounded cache. `read` fetches the window starting at `offset`. The first window is asked
 * for at once; it also tells how many rows there are when the filter makes that unknown.
 */
export function useRowWindows(read: (offset: number, limit: number) => Promise<ViewerRows>, knownTotal: number | null): RowWindows {
  const windows = useRef(new Map<number, ViewerRow[]>());
  const pending = useRef(new Set<number>());
  /** Windows that rows drawn without their cells wait for. */
  const waiting = useRef(new Set<number>());
  /** Windows whose last fetch failed, asked for again by `retry`. */
  const failed = useRef(new Set<number>());
  const [total, setTotal] = useState(knownTotal);
  const [arrivals, setArrivals] = useState(0);
  const [widest, setWidest] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    (windowNo: number) => {
      if (windows.current.has(windowNo) || pending.current.has(windowNo)) return;
      if (windowNo > 0 && total !== null && windowNo * WINDOW_ROWS >= total) return;
      pending.current.add(windowNo);
      read(windowNo * WINDOW_ROWS, WINDOW_ROWS)
        .then((answer) => {
          keepWindow(windows.current, windowNo, answer.rows);
          // Each of these draws again only when it changes what is drawn.
          setTotal(answer.total);
          setWidest((width) => Math.max(width, ...answer.rows.map((row) => row.cells.length)));
          setError(null);
          failed.current.delete(windowNo);
          if (waiting.current.delete(windowNo)) setArrivals((count) => count + 1);
        })
        .catch((failure: unknown) => {
          failed.current.add(windowNo);
          setError(errorMessage(failure, 'Failed to load rows'));
        })
        .finally(() => pending.current.delete(windowNo));
    },
    [read, total],
  );

  useEffect(() => load(0), [load]);

  const need = useCallback(
    (position: number, drawn: boolean) => {
      const windowNo = Math.floor(position / WINDOW_ROWS);
      if (!drawn) {
        // Drawn before its window arrived: drawn again when it does (or now, if it came meanwhile).
        if (windows.current.has(windowNo)) setArrivals((count) => count + 1);
        else waiting.current.add(windowNo);
      }
      load(windowNo);
      load(windowNo + 1);
    },
    [load],
  );

  const retry = useCallback(() => {
    const again = [...failed.current];
    failed.current.clear();
    setError(null);
    for (const windowNo of again) load(windowNo);
  }, [load]);

  const rowAt = useCallback((position: number) => windows.current.get(Math.floor(position / WINDOW_ROWS))?.[position % WINDOW_ROWS], []);

  return { total, rowAt, need, arrivals, widest, error, retry };
}

/** Stores a window, forgetting the one farthest from it when more than KEPT_WINDOWS are held. */
function keepWindow(windows: Map<number, ViewerRow[]>, windowNo: number, rows: ViewerRow[]): void {
  windows.set(windowNo, rows);
  if (windows.size <= KEPT_WINDOWS) return;
  let farthest = windowNo;
  for (const held of windows.keys()) {
    if (Math.abs(held - windowNo) > Math.abs(farthest - windowNo)) farthest = held;
  }
  windows.delete(farthest);
}
