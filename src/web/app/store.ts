import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { api } from '@/web/api/endpoints';
import { authSlice, type AuthState } from '@/web/features/auth/authSlice';
import { AUTH_PERSIST_KEY } from '@/web/features/auth/authStorage';
import { downloadsSlice } from '@/web/lib/downloadGuard';
import { processingSlice } from '@/web/realtime/processingSlice';
import type { OpenSocket } from '@/web/realtime/realtimeEvents';
import { realtimeSlice } from '@/web/realtime/realtimeSlice';
import { openRealtimeSocket } from '@/web/realtime/realtimeSocket';
import { createSocketMiddleware } from '@/web/realtime/socketMiddleware';
import { createRecoveryMiddleware } from './recovery';

/** Only the signed-in user survives a reload; the API cache is always fetched afresh. */
const persistedAuthReducer = persistReducer<AuthState>({ key: AUTH_PERSIST_KEY, storage, whitelist: ['user'] }, authSlice.reducer);

const rootReducer = combineReducers({
  [authSlice.reducerPath]: persistedAuthReducer,
  [api.reducerPath]: api.reducer,
  [realtimeSlice.reducerPath]: realtimeSlice.reducer,
  [processingSlice.reducerPath]: processingSlice.reducer,
  [downloadsSlice.reducerPath]: downloadsSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** What a test or a server render may start from: a signed-in user, for instance. */
export interface PreloadedState {
  auth?: AuthState;
}

export interface StoreOptions {
  /** Makes the live-updates socket; tests pass a fake one, so no suite touches the network. */
  openSocket?: OpenSocket;
}

/** A fresh store; the browser entry persists it, tests build one per test. */
export function setupStore(preloadedState?: PreloadedState, { openSocket = openRealtimeSocket }: StoreOptions = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as Partial<RootState> | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware, createSocketMiddleware(openSocket), createRecoveryMiddleware()),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
