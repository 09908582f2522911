import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';
import { api } from '@/web/api/endpoints';
import type { CurrentUser } from '@/web/api/generated';
import { sessionExpired } from '@/web/api/session';

export interface AuthState {
  /** The signed-in user; kept across reloads so a refresh does not show the login screen. */
  user: CurrentUser | null;
  /**
   * The session ended without the user signing out (the server refused to renew it), so the sign-in
   * screen says why it is showing. Not kept across reloads.
   */
  sessionEnded?: boolean;
}

const initialState: AuthState = { user: null, sessionEnded: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<CurrentUser>) {
      state.user = action.payload;
      state.sessionEnded = false;
    },
    signedOut(state) {
      state.user = null;
      state.sessionEnded = false;
    },
    /** Another tab of this browser signed in or out: the session cookie is shared, so this tab follows. */
    sessionChangedElsewhere(state, action: PayloadAction<CurrentUser | null>) {
      state.user = action.payload;
      state.sessionEnded = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionExpired, (state) => {
        if (state.user) state.sessionEnded = true;
        state.user = null;
      })
      .addMatcher(api.endpoints.getMe.matchFulfilled, (state, action) => {
        // Only a session that is still ours is refreshed; a sign-out in the meantime wins.
        if (state.user) state.user = action.payload.data;
      })
      .addMatcher(api.endpoints.getMe.matchRejected, (state, action) => {
        // 401 without a renewable session: the remembered user no longer has one.
        if (action.payload?.status === 401 && state.user) {
          state.user = null;
          state.sessionEnded = true;
        }
      });
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectSessionEnded: (state) => state.sessionEnded === true,
  },
});

export const { signedIn, signedOut, sessionChangedElsewhere } = authSlice.actions;
export const { selectCurrentUser, selectSessionEnded } = authSlice.selectors;

/** The signed-in user, or null. */
export function useCurrentUser(): CurrentUser | null {
  return useSelector(selectCurrentUser);
}

/** Whether the sign-in screen shows because the session ended on its own. */
export function useSessionEnded(): boolean {
  return useSelector(selectSessionEnded);
}
