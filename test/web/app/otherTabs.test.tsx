import { act, screen, waitFor } from '@testing-library/react';
import type { CurrentUser } from '@/web/api/generated';
import { AUTH_STORAGE_KEY } from '@/web/features/auth/authStorage';
import { expectSessionCheck, renderApp, signedInAs, stubScreenReads, users } from '../../helpers/renderWithProviders';

// These tests are about the frame; the screens behind it find empty lists.
beforeEach(() => {
  stubScreenReads();
});

/** What redux-persist writes when a tab's signed-in user changes: each field as JSON inside JSON. */
function storedAuth(user: CurrentUser | null): string {
  return JSON.stringify({ user: JSON.stringify(user), _persist: JSON.stringify({ version: -1, rehydrated: true }) });
}

/** Another tab of the browser writes the auth entry; only other tabs receive the storage event. */
function otherTabWrites(user: CurrentUser | null, key: string | null = AUTH_STORAGE_KEY) {
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: key === null ? null : storedAuth(user), storageArea: window.localStorage }));
  });
}

async function openCompaniesAsOperator() {
  expectSessionCheck(users.SYSTEM);
  const rendered = renderApp('/system/companies', { preloadedState: signedInAs('SYSTEM') });
  await screen.findByText('No companies found');
  return rendered;
}

describe('a sign-in or sign-out in another tab', () => {
  test('signing in as another role there sends this tab to its own area sign-in screen, following the new user', async () => {
    const { router, store } = await openCompaniesAsOperator();

    otherTabWrites(users.ADMIN);

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/system'));
    expect(await screen.findByText('Login with your system credentials')).toBeInTheDocument();
    expect(store.getState().auth.user).toEqual(users.ADMIN);
    expect(Object.keys(store.getState().api.queries)).toHaveLength(0);
  });

  test('signing out there sends this tab to its area sign-in screen', async () => {
    const { router, store } = await openCompaniesAsOperator();

    otherTabWrites(null);

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/system'));
    expect(store.getState().auth.user).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  test('clearing the whole storage there counts as signing out', async () => {
    const { router, store } = await openCompaniesAsOperator();

    otherTabWrites(null, null);

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/system'));
    expect(store.getState().auth.user).toBeNull();
  });

  test('the same session written again, or another key, changes nothing', async () => {
    const { router, store } = await openCompaniesAsOperator();

    otherTabWrites(users.SYSTEM);
    otherTabWrites(users.ADMIN, 'persist:something-else');

    expect(router.state.location.pathname).toBe('/system/companies');
    expect(store.getState().auth.user).toEqual(users.SYSTEM);
    expect(screen.getByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
  });

  test('another user of the same role there: this tab stays and shows that user', async () => {
    const { router, store } = await openCompaniesAsOperator();
    const colleague: CurrentUser = { ...users.SYSTEM, id: 'u-system-2', name: 'Sue Operator', email: 'sue@platform.test' };
    expectSessionCheck(colleague);

    otherTabWrites(colleague);

    expect(await screen.findByText('Sue Operator')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/companies');
    expect(store.getState().auth.user).toEqual(colleague);
  });
});
