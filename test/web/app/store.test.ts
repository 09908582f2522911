import { persistStore } from 'redux-persist';
import { sessionExpired } from '@/web/api/session';
import { setupStore } from '@/web/app/store';
import { signedIn, signedOut } from '@/web/features/auth/authSlice';
import { users } from '../../helpers/renderWithProviders';

async function persisted(store: ReturnType<typeof setupStore>) {
  const persistor = persistStore(store);
  await new Promise<void>((resolve) => {
    if (persistor.getState().bootstrapped) resolve();
    else persistor.subscribe(() => persistor.getState().bootstrapped && resolve());
  });
  return persistor;
}

test('the signed-in user survives a reload; the API cache does not', async () => {
  const first = setupStore();
  const persistor = await persisted(first);
  first.dispatch(signedIn(users.ADMIN));
  await persistor.flush();
  expect(window.localStorage.getItem('persist:auth')).toContain('alice@acme.test');
  expect(window.localStorage.getItem('persist:api')).toBeNull();

  const reloaded = setupStore();
  await persisted(reloaded);
  expect(reloaded.getState().auth.user).toEqual(users.ADMIN);
});

test('signing out and an ended session both forget the user', () => {
  const store = setupStore({ auth: { user: users.STAFF } });
  store.dispatch(signedOut());
  expect(store.getState().auth.user).toBeNull();

  store.dispatch(signedIn(users.SYSTEM));
  store.dispatch(sessionExpired());
  expect(store.getState().auth.user).toBeNull();
});

test('an ended session is remembered for the sign-in screen until the next sign-in, and never persisted', async () => {
  const store = setupStore({ auth: { user: users.STAFF } });
  const persistor = await persisted(store);
  store.dispatch(sessionExpired());
  expect(store.getState().auth.sessionEnded).toBe(true);
  await persistor.flush();
  expect(window.localStorage.getItem('persist:auth')).not.toContain('sessionEnded');

  store.dispatch(signedIn(users.STAFF));
  expect(store.getState().auth.sessionEnded).toBe(false);
});

test('signing out is not an ended session', () => {
  const store = setupStore({ auth: { user: users.ADMIN } });
  store.dispatch(signedOut());
  expect(store.getState().auth.sessionEnded).toBe(false);
});
