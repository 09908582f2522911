import { screen, waitFor, within } from '@testing-library/react';
import { expectSessionCheck, renderApp, signedInAs, users, stubScreenReads } from '../../helpers/renderWithProviders';

// These tests are about the frame; the screens behind it find empty lists.
beforeEach(() => {
  stubScreenReads();
});

describe('area guards (spec section 2.2)', () => {
  test.each([
    ['/system/companies', '/auth/system'],
    ['/system/tickets/t-1', '/auth/system'],
    ['/admin', '/auth/admin'],
    ['/admin/weekly-uploads', '/auth/admin'],
    ['/staff', '/auth/staff'],
    ['/staff/clients/c-9/documents', '/auth/staff'],
  ])('nobody signed in: %s sends to %s', async (path, login) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe(login));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  test.each([
    ['STAFF', '/admin', '/auth/staff'],
    ['SYSTEM', '/admin/tickets', '/auth/staff'],
    ['ADMIN', '/staff', '/auth/admin'],
    ['SYSTEM', '/staff/weekly-uploads', '/auth/admin'],
    ['ADMIN', '/system/companies', '/auth/admin'],
    ['STAFF', '/system/consolidated-files', '/auth/admin'],
  ] as const)('a %s user on %s is sent to %s', async (role, path, target) => {
    const { router } = renderApp(path, { preloadedState: signedInAs(role) });
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });

  test.each([
    ['SYSTEM', '/system/companies', 'Companies'],
    ['ADMIN', '/admin/weekly-uploads', 'Weekly Uploads Review'],
    ['STAFF', '/staff/clients', 'Assigned Clients'],
  ] as const)('a %s user reaches %s', async (role, path, title) => {
    expectSessionCheck(users[role]);
    const { router } = renderApp(path, { preloadedState: signedInAs(role) });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  test('/system itself opens the companies screen', async () => {
    expectSessionCheck(users.SYSTEM);
    const { router } = renderApp('/system', { preloadedState: signedInAs('SYSTEM') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/companies'));
  });

  test('an unknown path goes to the chooser', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('a mistyped address inside an area', () => {
  test.each([
    ['SYSTEM', '/system/foo', '/system/companies', 'Go to Companies'],
    ['SYSTEM', '/system/companies/x/y', '/system/companies', 'Go to Companies'],
    ['ADMIN', '/admin/foo', '/admin', 'Go to Dashboard'],
    ['STAFF', '/staff/foo', '/staff', 'Go to Dashboard'],
  ] as const)('a %s user on %s sees Page not found inside the shell, with a link home', async (role, path, home, label) => {
    expectSessionCheck(users[role]);
    const { router } = renderApp(path, { preloadedState: signedInAs(role) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByTestId('app-sidebar')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: label })).toHaveAttribute('href', home);
  });

  test('nobody signed in is still sent to the area sign-in screen', async () => {
    const { router } = renderApp('/admin/foo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/admin'));
  });
});
