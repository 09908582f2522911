import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import {
  API_ORIGIN,
  expectSessionCheck,
  renderApp,
  setViewportWidth,
  signedInAs,
  users,
  stubScreenReads,
} from '../../helpers/renderWithProviders';

// These tests are about the frame; the screens behind it find empty lists.
beforeEach(() => {
  stubScreenReads();
});

const navigation = {
  SYSTEM: {
    home: '/system/companies',
    items: [
      ['Companies', '/system/companies'],
      ['Consolidated Files', '/system/consolidated-files'],
      ['Tickets', '/system/tickets'],
      ['Audit Log', '/system/audit'],
    ],
  },
  ADMIN: {
    home: '/admin',
    items: [
      ['Dashboard', '/admin'],
      ['Staff Management', '/admin/staff-management'],
      ['Client Management', '/admin/client-management'],
      ['Weekly Uploads', '/admin/weekly-uploads'],
      ['File Uploads', '/admin/file-uploads'],
      ['Tickets', '/admin/tickets'],
      ['Audit Log', '/admin/audit'],
    ],
  },
  STAFF: {
    home: '/staff',
    items: [
      ['Dashboard', '/staff'],
      ['Clients', '/staff/clients'],
      ['Weekly Uploads', '/staff/weekly-uploads'],
      ['File Uploads', '/staff/file-uploads'],
      ['Tickets', '/staff/tickets'],
    ],
  },
} as const;

const initialsOf = { SYSTEM: 'SA', ADMIN: 'AL', STAFF: 'ST' } as const;

describe.each(['SYSTEM', 'ADMIN', 'STAFF'] as const)('the %s shell', (role) => {
  const { home, items } = navigation[role];
  const user = users[role];

  test('shows the sidebar title, the navigation in order, and the user with initials in the footer', async () => {
    expectSessionCheck(user);
    renderApp(home, { preloadedState: signedInAs(role) });
    const sidebar = await screen.findByTestId('app-sidebar');

    expect(within(sidebar).getByText('Payroll')).toBeInTheDocument();
    expect(within(sidebar).getByText('Consolidation')).toBeInTheDocument();
    const links = within(within(sidebar).getByRole('navigation')).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(items);
    expect(within(sidebar).getByText(user.name)).toBeInTheDocument();
    expect(within(sidebar).getByText(user.email)).toBeInTheDocument();
    expect(within(sidebar).getByText(initialsOf[role])).toBeInTheDocument();
    expect(within(sidebar).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  test('marks the current screen in the navigation and moves between screens', async () => {
    expectSessionCheck(user);
    const { router } = renderApp(home, { preloadedState: signedInAs(role) });
    const sidebar = await screen.findByTestId('app-sidebar');
    const [firstLabel] = items[0];
    const [lastLabel, lastPath] = items[items.length - 1];
    expect(within(sidebar).getByRole('link', { name: firstLabel })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(sidebar).getByRole('link', { name: lastLabel }));

    expect(router.state.location.pathname).toBe(lastPath);
    await waitFor(() => expect(within(sidebar).getByRole('link', { name: lastLabel })).toHaveAttribute('aria-current', 'page'));
    expect(within(sidebar).getByRole('link', { name: firstLabel })).not.toHaveAttribute('aria-current');
  });

  test('Logout tells the server, forgets the user and shows the sign-in screen of the role', async () => {
    expectSessionCheck(user);
    const logout = nock(API_ORIGIN).post('/api/auth/logout').reply(200, { success: true, message: 'Logged out' });
    const { router, store } = renderApp(home, { preloadedState: signedInAs(role) });
    const sidebar = await screen.findByTestId('app-sidebar');

    await userEvent.click(within(sidebar).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/auth/${role.toLowerCase()}`));
    expect(logout.isDone()).toBe(true);
    expect(store.getState().auth.user).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });
});

describe('sidebar behaviour', () => {
  test('Ctrl+B collapses and expands the sidebar and keeps the state in a cookie for 7 days', async () => {
    expectSessionCheck(users.ADMIN);
    const cookieWrites: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie') as PropertyDescriptor;
    jest.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value);
      cookie.set?.call(document, value);
    });
    renderApp('/admin', { preloadedState: signedInAs('ADMIN') });
    const sidebar = await screen.findByTestId('app-sidebar');
    expect(sidebar).toHaveAttribute('data-collapsed', 'false');

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    expect(document.cookie).toContain('sidebar_state=false');
    expect(cookieWrites.at(-1)).toMatch(/^sidebar_state=false; path=\/; max-age=604800/);

    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  test('B without Ctrl or Cmd leaves the sidebar alone', async () => {
    expectSessionCheck(users.STAFF);
    renderApp('/staff', { preloadedState: signedInAs('STAFF') });
    const sidebar = await screen.findByTestId('app-sidebar');

    fireEvent.keyDown(window, { key: 'b' });

    expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  });

  test('a collapsed sidebar remembered in the cookie starts icon-only and keeps accessible names', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    expectSessionCheck(users.SYSTEM);
    renderApp('/system/companies', { preloadedState: signedInAs('SYSTEM') });
    const sidebar = await screen.findByTestId('app-sidebar');

    expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    expect(sidebar).toHaveStyle({ width: '3rem' });
    expect(within(sidebar).getByRole('link', { name: 'Consolidated Files' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  test('the expanded sidebar is 16rem wide and the header button toggles it', async () => {
    expectSessionCheck(users.SYSTEM);
    renderApp('/system/companies', { preloadedState: signedInAs('SYSTEM') });
    const sidebar = await screen.findByTestId('app-sidebar');
    expect(sidebar).toHaveStyle({ width: '16rem' });

    await userEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));

    expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  });

  test('under 768 px the sidebar is a drawer that the toggle and Ctrl+B open and navigation closes', async () => {
    setViewportWidth(767);
    expectSessionCheck(users.ADMIN);
    renderApp('/admin', { preloadedState: signedInAs('ADMIN') });
    await screen.findByRole('heading', { level: 1, name: 'Acme' });
    expect(screen.queryByTestId('app-sidebar')).not.toBeInTheDocument();
    const drawerIsOpen = () => screen.getByTestId('app-sidebar').closest('.ant-drawer')?.classList.contains('ant-drawer-open');

    await userEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    const drawer = await screen.findByTestId('app-sidebar');
    expect(drawer).toHaveAttribute('data-mobile', 'true');
    expect(drawerIsOpen()).toBe(true);

    await userEvent.click(within(drawer).getByRole('link', { name: 'Weekly Uploads' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly Uploads Review' })).toBeInTheDocument();
    await waitFor(() => expect(drawerIsOpen()).toBe(false));

    fireEvent.keyDown(window, { key: 'B', ctrlKey: true });
    await waitFor(() => expect(drawerIsOpen()).toBe(true));
    expect(document.cookie).not.toContain('sidebar_state');
  });
});

describe('session end', () => {
  test('when the session cannot be renewed the user is sent to the sign-in screen of the role', async () => {
    nock(API_ORIGIN).get('/api/auth/me').reply(401, { success: false, message: 'Access token expired', error: 'TOKEN_EXPIRED' });
    const refresh = nock(API_ORIGIN).post('/api/auth/refresh').reply(401, { success: false, message: 'Session expired' });
    const { router, store } = renderApp('/staff/tickets', { preloadedState: signedInAs('STAFF') });

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/staff'));
    expect(refresh.isDone()).toBe(true);
    expect(store.getState().auth.user).toBeNull();
    expect(await screen.findByText('Login with your staff credentials')).toBeInTheDocument();
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
  });

  test('signing out is not a session that ended: the sign-in screen shows no such message', async () => {
    expectSessionCheck(users.SYSTEM);
    nock(API_ORIGIN).post('/api/auth/logout').reply(200, { success: true, message: 'Logged out' });
    const { router } = renderApp('/system/companies', { preloadedState: signedInAs('SYSTEM') });
    const sidebar = await screen.findByTestId('app-sidebar');
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/system'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByText('Your session has ended. Please sign in again.')).not.toBeInTheDocument();
  });

  test('the session check keeps the name and email current', async () => {
    expectSessionCheck({ ...users.ADMIN, name: 'Alice Renamed' });
    renderApp('/admin', { preloadedState: signedInAs('ADMIN') });
    const sidebar = await screen.findByTestId('app-sidebar');

    expect(await within(sidebar).findByText('Alice Renamed')).toBeInTheDocument();
  });
});
