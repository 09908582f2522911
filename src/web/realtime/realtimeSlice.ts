import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { RefusalCode } from './realtimeEvents';

/**
 * The socket as the badge names it: connecting until its first connection (a page that just opened
 * is not disconnected, only not yet connected), then connected, or disconnected once a connection
 * was lost or an attempt failed (spec section 4's two states, after the first connect).
 */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

/** A toast the middleware asks for: middleware cannot call hooks, so the UI layer shows it. */
export interface RealtimeNotice {
  id: string;
  kind: 'success' | 'error';
  text: string;
  /** A second line under the text (which client an upload was for), when there is one. */
  description?: string;
}

export interface RealtimeState {
  /** The connection badge (spec section 4: connected or disconnected, after 'connecting' at first). */
  connection: ConnectionState;
  /** A screen showing live progress asked for the socket; it stays open until the session ends. */
  wanted: boolean;
  /** Toasts waiting to be shown, oldest first. */
  notices: RealtimeNotice[];
}

const initialState: RealtimeState = { connection: 'connecting', wanted: false, notices: [] };

/**
 * The socket's side of the store: whether it is connected, whether anything needs it, and the toasts
 * it raised. Every step the middleware takes is one of these actions, so Redux DevTools shows it.
 */
export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState,
  reducers: {
    connectionWanted(state) {
      state.wanted = true;
    },
    connected(state) {
      state.connection = 'connected';
    },
    disconnected(state, _action: PayloadAction<{ reason: string }>) {
      state.connection = 'disconnected';
    },
    /** The server refused the connection; logged, and acted on by the middleware (refresh, or stop). */
    connectFailed(state, _action: PayloadAction<{ code: RefusalCode | null; message: string }>) {
      state.connection = 'disconnected';
    },
    /** The session ended (sign-out, another user): the socket is closed and nothing is wanted any more. */
    sessionClosed() {
      return initialState;
    },
    notice: {
      reducer(state, action: PayloadAction<RealtimeNotice>) {
        state.notices.push(action.payload);
      },
      prepare(kind: RealtimeNotice['kind'], text: string, description?: string) {
        return { payload: { id: nanoid(), kind, text, ...(description ? { description } : {}) } };
      },
    },
    noticeShown(state, action: PayloadAction<string>) {
      state.notices = state.notices.filter((notice) => notice.id !== action.payload);
    },
  },
  selectors: {
    selectConnection: (state) => state.connection,
    selectNotices: (state) => state.notices,
  },
});

export const { connectionWanted, connected, disconnected, connectFailed, sessionClosed, notice, noticeShown } = realtimeSlice.actions;
export const { selectConnection, selectNotices } = realtimeSlice.selectors;
