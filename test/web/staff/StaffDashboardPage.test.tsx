import { screen, within } from '@testing-library/react';
import { users } from '../../helpers/renderWithProviders';
import { api, clientsAnswer, clients, openStaffScreen, UNREADABLE_BODY } from './staffScreens';

describe('Staff dashboard', () => {
  test('greets the staff member and counts their clients from a one-row request', async () => {
    const count = api().get('/api/staff/clients').query({ limit: 1 }).reply(200, clientsAnswer(clients(1, 1), { limit: 1, total: 7 }));
    openStaffScreen('/staff');

    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(breadcrumb).toHaveTextContent('Staff/Dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Steve Staff' })).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Signed-in user' });
    expect(profile).toHaveTextContent(/^STWelcome back, Steve StaffSteve Staff/);
    expect(profile).toHaveTextContent('steve@acme.test');
    expect(profile).toHaveTextContent('Acme');

    const card = await screen.findByRole('link', { name: /Assigned Clients/ });
    expect(card).toHaveAttribute('href', '/staff/clients');
    expect(card).toHaveTextContent('Active client assignments');
    expect(await within(card).findByText('7')).toBeInTheDocument();
    expect(count.isDone()).toBe(true);
  });

  test('a user without a name is greeted as Staff User with the initials ST', async () => {
    const nameless = { ...users.STAFF, name: '' };
    api().get('/api/staff/clients').query({ limit: 1 }).reply(200, clientsAnswer([], { limit: 1 }));
    openStaffScreen('/staff', nameless);

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Staff User' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Signed-in user' })).toHaveTextContent(/^STWelcome back, Staff UserStaff User/);
    expect(await within(screen.getByRole('link', { name: /Assigned Clients/ })).findByText('0')).toBeInTheDocument();
  });

  test('a failure to count the clients shows the server message', async () => {
    api().get('/api/staff/clients').query({ limit: 1 }).reply(403, { success: false, message: 'Your account is not a staff account' });
    openStaffScreen('/staff');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is not a staff account');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Steve Staff' })).toBeInTheDocument();
  });

  test('a failure without a message says the dashboard could not be loaded', async () => {
    api().get('/api/staff/clients').query({ limit: 1 }).reply(200, UNREADABLE_BODY);
    openStaffScreen('/staff');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load staff dashboard');
  });
});
