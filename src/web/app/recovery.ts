import type { Middleware, ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError, setupListeners } from '@reduxjs/toolkit/query';
import { api, uploadViews } from '@/web/api/endpoints';
import { connected, connectFailed, disconnected, sessionClosed } from '@/web/realtime/realtimeSlice';

/**
 * Screens recover by themselves once the server can answer again: a read that failed for want of a
 * server (unreachable, restarting, a proxy's page in its place) is asked again when the live-updates socket
 * reconnects and when the window regains focus, so no "Failed to load" stays up after its cause has
 * gone, and nobody has to reload. Reads that succeeded are left to their cache lifetimes (spec
 * section 9): only the live lists are refetched on a reconnect, as their updates may have been
 * missed while the socket was down.
 */

type ApiState = ReturnType<typeof api.reducer>;
type AnyDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
type Refetchable = {
  initiate: (arg: unknown, options: { subscribe: false; forceRefetch: true }) => ThunkAction<unknown, unknown, unknown, UnknownAction>;
};

/**
 * Whether asking again may succeed: anything but a refusal of the request itself (a 4xx answer, save
 * a timeout or "too many requests"). The server unreachable, failing, or a proxy's page in its place
 * (an unreadable answer) all pass once the server is back.
 */
function worthAskingAgain(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const { status } = error as FetchBaseQueryError;
  if (typeof status !== 'number') return true;
  return status >= 500 || status === 408 || status === 429 || status < 400;
}

/** What RTK Query's middleware answers about subscriptions (its hooks ask the same way); the store's copy lags by up to half a second. */
interface SubscriptionSelectors {
  getSubscriptionCount: (queryCacheKey: string) => number;
}

/** Asks again every failed read a screen still shows (one with subscribers) whose failure may have passed. */
export function refetchFailedQueries(): ThunkAction<void, { [api.reducerPath]: ApiState }, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const { queries, subscriptions } = getState()[api.reducerPath];
    const live = dispatch(api.internalActions.internal_getRTKQSubscriptions()) as unknown as Partial<SubscriptionSelectors> | undefined;
    const watched = (cacheKey: string) =>
      typeof live?.getSubscriptionCount === 'function' ? live.getSubscriptionCount(cacheKey) > 0 : Object.keys(subscriptions[cacheKey] ?? {}).length > 0;
    const endpoints = api.endpoints as unknown as Record<string, Refetchable | undefined>;
    for (const [cacheKey, query] of Object.entries(queries)) {
      if (query?.status !== 'rejected' || !worthAskingAgain(query.error) || !watched(cacheKey)) continue;
      const endpoint = endpoints[query.endpointName];
      if (endpoint) void dispatch(endpoint.initiate(query.originalArgs, { subscribe: false, forceRefetch: true }));
    }
  };
}

type ListenerActions = Parameters<NonNullable<Parameters<typeof setupListeners>[1]>>[1];

/**
 * The window listeners of RTK Query's `setupListeners` (focus, visibility, online), with one addition:
 * regaining focus also asks again the reads that failed. Pass it as `setupListeners`'s handler.
 */
export function recoveryListeners(dispatch: AnyDispatch, { onFocus, onFocusLost, onOnline, onOffline }: ListenerActions): () => void {
  const focused = () => {
    dispatch(onFocus());
    dispatch(refetchFailedQueries() as unknown as UnknownAction);
  };
  const handlers: Record<string, () => void> = {
    focus: focused,
    visibilitychange: () => (document.visibilityState === 'visible' ? focused() : dispatch(onFocusLost())),
    online: () => dispatch(onOnline()),
    offline: () => dispatch(onOffline()),
  };
  for (const [event, handler] of Object.entries(handlers)) window.addEventListener(event, handler, false);
  return () => {
    for (const [event, handler] of Object.entries(handlers)) window.removeEventListener(event, handler);
  };
}

/**
 * When the live-updates socket connects after losing its connection (or failing to make one), the
 * failed reads are asked again and the live lists refetched (their updates may have been missed meanwhile).
 */
export function createRecoveryMiddleware(): Middleware {
  return (store) => {
    let lost = false;
    return (next) => (action) => {
      const result = next(action);
      if (disconnected.match(action) || connectFailed.match(action)) lost = true;
      else if (sessionClosed.match(action)) lost = false;
      else if (connected.match(action) && lost) {
        lost = false;
        const dispatch = store.dispatch as AnyDispatch;
        dispatch(api.util.invalidateTags([...uploadViews]));
        dispatch(refetchFailedQueries() as unknown as UnknownAction);
      }
      return result;
    };
  };
}
