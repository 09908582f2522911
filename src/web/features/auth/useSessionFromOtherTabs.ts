import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useDispatch } from 'react-redux';
import { api } from '@/web/api/endpoints';
import type { CurrentUser } from '@/web/api/generated';
import { AUTH_STORAGE_KEY, sameSession, userInStoredAuth } from './authStorage';
import { sessionChangedElsewhere, useCurrentUser } from './authSlice';

/**
 * Follows sign-ins and sign-outs made in another tab. Tabs share the session cookie, and
 * redux-persist writes the signed-in user to localStorage, whose `storage` event reaches every other
 * tab: this tab takes the stored user as its own (so its own writes never undo the other tab's) and
 * drops the data it cached for the previous user.
 *
 * `beforeChange` runs first, in the same render as the change, so the caller can decide where the
 * tab goes (its area's sign-in screen) before the new user is seen anywhere.
 */
export function useSessionFromOtherTabs(beforeChange: (next: CurrentUser | null) => void): void {
  const dispatch = useDispatch();
  const user = useCurrentUser();
  const latest = useRef({ user, beforeChange });
  useEffect(() => {
    latest.current = { user, beforeChange };
  });

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // `key` is null when the whole storage was cleared.
      if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
      if (event.storageArea && event.storageArea !== window.localStorage) return;
      const next = userInStoredAuth(event.key === null ? null : event.newValue);
      if (sameSession(next, latest.current.user)) return;
      // One synchronous render sees the new user and where the tab goes, never one without the other.
      flushSync(() => {
        latest.current.beforeChange(next);
        dispatch(sessionChangedElsewhere(next));
        dispatch(api.util.resetApiState());
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch]);
}
