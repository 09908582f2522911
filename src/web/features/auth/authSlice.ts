import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';
import { api } from '@/web/api/endpoints';
import type { CurrentUser } from '@/web/api/generated';
import { sessionExpired } from '@/web/api/session';

export interface AuthState {
  /** The signed-in user; kept across reloads so a refresh does not show the login screen. */
  user: CurrentUser | null;
}

const initialState: AuthState = { user: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<CurrentUser>) {
      state.user = action.payload;
    },
    signedOut(state) {
      state.user = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionExpired, (state) => {
        state.user = null;
      })
      .addMatcher(api.endpoints.getMe.matchFulfilled, (state, action) => {
        // Only a session that is still ours is refreshed; a sign-out in the meantime wins.
        if (state.user) state.user = action.payload.data;
      })
      .addMatcher(api.endpoints.getMe.matchRejected, (state, action) => {
        // 401 without a renewable session: the remembered user no longer has one.
        if (action.payload?.status === 401) state.user = null;
      });
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
  },
});

export const { signedIn, signedOut } = authSlice.actions;
export const { selectCurrentUser } = authSlice.selectors;

/** The signed-in user, or null. */
export function useCurrentUser(): CurrentUser | null {
  return useSelector(selectCurrentUser);
}
