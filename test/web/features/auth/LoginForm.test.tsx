import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { API_ORIGIN, expectSessionCheck, renderApp, users } from '../../../helpers/renderWithProviders';

const screens = [
  {
    role: 'ADMIN' as const,
    path: '/auth/admin',
    subtitle: 'Login with your admin credentials',
    home: '/admin',
    footer: 'Not an admin user? Use System Login or Staff Login',
    links: [
      ['System Login', '/auth/system'],
      ['Staff Login', '/auth/staff'],
    ],
  },
  {
    role: 'STAFF' as const,
    path: '/auth/staff',
    subtitle: 'Login with your staff credentials',
    home: '/staff',
    footer: 'Not a staff user? Use System Login or Admin Login',
    links: [
      ['System Login', '/auth/system'],
      ['Admin Login', '/auth/admin'],
    ],
  },
  {
    role: 'SYSTEM' as const,
    path: '/auth/system',
    subtitle: 'Login with your system credentials',
    home: '/system/companies',
    footer: 'Not a system user? Use Admin Login or Staff Login',
    links: [
      ['Admin Login', '/auth/admin'],
      ['Staff Login', '/auth/staff'],
    ],
  },
];

async function fillIn(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
}

describe.each(screens)('login screen $path', ({ role, path, subtitle, home, footer, links }) => {
  const loginPath = `/api${path}`;

  test('shows the welcome card with its subtitle, fields, button and footer links', async () => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByText(subtitle)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();

    const footerParagraph = screen.getByText((_content, element) => element?.tagName === 'DIV' && element.textContent === footer);
    for (const [label, to] of links) {
      expect(within(footerParagraph).getByRole('link', { name: label })).toHaveAttribute('href', to);
    }
  });

  test('asks for a valid email and a password before calling the server', async () => {
    renderApp(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  test('shows "Logging in..." on a disabled button while the request is pending, then goes home', async () => {
    const user = users[role];
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const login = nock(API_ORIGIN)
      .post(loginPath, { email: user.email, password: 'secret' })
      .reply(async () => {
        await answered;
        return [200, { success: true, message: 'Login successful', data: { user } }];
      });
    expectSessionCheck(user);
    const { router, store } = renderApp(path);
    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillIn(user.email, 'secret');

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    const pending = await screen.findByRole('button', { name: 'Logging in...' });
    expect(pending).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
    expect(login.isDone()).toBe(true);
    expect(store.getState().auth.user).toEqual(user);
  });

  test("shows the server's message in the red box when the credentials are refused", async () => {
    nock(API_ORIGIN)
      .post(loginPath)
      .reply(401, { success: false, message: 'Invalid email or password', error: 'INVALID_CREDENTIALS' });
    const { router } = renderApp(path);
    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillIn('someone@acme.test', 'wrong');

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(alert).toHaveClass('ant-alert-error');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(router.state.location.pathname).toBe(path);
  });
});

describe('login errors (spec section 8)', () => {
  test('a 400 answer puts its field errors under the fields and its message in the red box', async () => {
    nock(API_ORIGIN)
      .post('/api/auth/admin')
      .reply(400, {
        success: false,
        message: 'Validation failed',
        error: 'VALIDATION_ERROR',
        errors: [{ field: 'password', message: 'Password is too long' }],
      });
    renderApp('/auth/admin');
    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillIn('alice@acme.test', 'x');

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Validation failed');
    expect(screen.getByText('Password is too long')).toBeInTheDocument();
  });

  test('a 429 answer shows the rate-limit message', async () => {
    nock(API_ORIGIN).post('/api/auth/staff').reply(429, { success: false, message: 'Too many login attempts, please try again later' });
    renderApp('/auth/staff');
    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillIn('steve@acme.test', 'secret');

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many login attempts, please try again later');
  });

  test('an error answer without a message shows the HTTP status text', async () => {
    nock(API_ORIGIN).post('/api/auth/system').reply(401, { success: false, message: '' });
    renderApp('/auth/system');
    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillIn('sam@platform.test', 'secret');

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Unauthorized');
  });

  test('a network failure shows the generic sentence', async () => {
    nock(API_ORIGIN).post('/api/auth/admin').replyWithError('socket hang up');
    renderApp('/auth/admin');
    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillIn('alice@acme.test', 'secret');

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');
  });
});
