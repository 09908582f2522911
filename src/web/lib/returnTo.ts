import { type Location, useLocation } from 'react-router-dom';

/** What a list hands to a screen it opens: its own address, page and filters included. */
export interface ReturnState {
  returnTo: string;
}

/** The state to open a detail screen with, so its Back link returns to this very list view. */
export function returnState(location: Pick<Location, 'pathname' | 'search'>): ReturnState {
  return { returnTo: `${location.pathname}${location.search}` };
}

function returnToOf(state: unknown): unknown {
  return typeof state === 'object' && state !== null ? (state as Partial<ReturnState>).returnTo : undefined;
}

/**
 * Where a sign-in leads when the area's guard sent the person to it (the session ended, or an address
 * was opened signed out): the page they were on, search included, if it lies in the role's `area`
 * ('/admin', say); else null. An address elsewhere, or from anywhere but this app, is not followed.
 */
export function returnToWithin(state: unknown, area: string): string | null {
  const returnTo = returnToOf(state);
  if (typeof returnTo !== 'string' || returnTo.startsWith('//')) return null;
  return returnTo === area || returnTo.startsWith(`${area}/`) || returnTo.startsWith(`${area}?`) ? returnTo : null;
}

/**
 * Where a detail screen's Back link (and a delete) leads: the list view it was opened from, with
 * that view's page and filters, else the list itself. Only an address under `list` is followed.
 */
export function useReturnTo(list: string): string {
  const { state } = useLocation();
  const returnTo = returnToOf(state);
  return typeof returnTo === 'string' && (returnTo === list || returnTo.startsWith(`${list}?`)) ? returnTo : list;
}
