import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { api } from '@/web/api/endpoints';
import { authSlice, type AuthState } from '@/web/features/auth/authSlice';

/** Only the signed-in user survives a reload; the API cache is always fetched afresh. */
const persistedAuthReducer = persistReducer<AuthState>({ key: 'auth', storage, whitelist: ['user'] }, authSlice.reducer);

const rootReducer = combineReducers({
  [authSlice.reducerPath]: persistedAuthReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** What a test or a server render may start from: a signed-in user, for instance. */
export interface PreloadedState {
  auth?: AuthState;
}

/** A fresh store; the browser entry persists it, tests build one per test. */
export function setupStore(preloadedState?: PreloadedState) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as Partial<RootState> | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
