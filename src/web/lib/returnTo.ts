import { type Location, useLocation } from 'react-router-dom';

/** What a list hands to a screen it opens: its own address, page and filters included. */
export interface ReturnState {
  returnTo: string;
}

/** The state to open a detail screen with, so its Back link returns to this very list view. */
export function returnState(location: Pick<Location, 'pathname' | 'search'>): ReturnState {
  return { returnTo: `${location.pathname}${location.search}` };
}

/**
 * Where a detail screen's Back link (and a delete) leads: the list view it was opened from, with
 * that view's page and filters, else the list itself. Only an address under `list` is followed.
 */
export function useReturnTo(list: string): string {
  const { state } = useLocation();
  const returnTo: unknown = typeof state === 'object' && state !== null ? (state as Partial<ReturnState>).returnTo : undefined;
  return typeof returnTo === 'string' && (returnTo === list || returnTo.startsWith(`${list}?`)) ? returnTo : list;
}
