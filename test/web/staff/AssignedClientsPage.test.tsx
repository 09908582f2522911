import { screen, waitFor, within } from '@testing-library/react';
import { api, client, clientId, clients, clientsAnswer, openStaffScreen, setupUser, UNREADABLE_BODY } from './staffScreens';

/** The rows of the table as the user reads them: number, client name and status. */
function rowTexts() {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
}

function selectedTab() {
  return screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;
}

describe('Assigned Clients screen', () => {
  test('lists the clients of every status 10 a page, numbering rows across pages and keeping the page in the address', async () => {
    api().get('/api/staff/clients').query({ page: 1, limit: 10 }).reply(200, clientsAnswer(clients(1, 10), { total: 12 }));
    api().get('/api/staff/clients').query({ page: 2, limit: 10 }).reply(200, clientsAnswer(clients(11, 2, { status: 'INACTIVE' }), { page: 2, total: 12 }));
    const user = setupUser();
    const { router } = openStaffScreen('/staff/clients');

    expect(await screen.findByRole('heading', { level: 1, name: 'Assigned Clients' })).toBeInTheDocument();
    expect(await screen.findByText('Client 1')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Active', 'Inactive']);
    expect(selectedTab()).toBe('All');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['#', 'Client Name', 'Status']);
    expect(rowTexts()[0]).toEqual(['1', 'Client 1', 'Active']);
    expect(screen.getByRole('link', { name: 'Client 1' })).toHaveAttribute('href', `/staff/clients/${clientId(1)}`);
    expect(screen.getByText('Showing 1 to 10 of 12 clients')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Client 11')).toBeInTheDocument();
    expect(rowTexts()).toEqual([
      ['11', 'Client 11', 'Inactive'],
      ['12', 'Client 12', 'Inactive'],
    ]);
    expect(screen.getByText('Showing 11 to 12 of 12 clients')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(router.state.location.search).toBe('?page=2');
  });

  test('a tab asks for its status in upper case from the first page and writes itself into the address', async () => {
    api().get('/api/staff/clients').query({ page: 2, limit: 10 }).reply(200, clientsAnswer(clients(11, 1), { page: 2, total: 11 }));
    const active = api().get('/api/staff/clients').query({ page: 1, limit: 10, status: 'ACTIVE' }).reply(200, clientsAnswer([client(3)]));
    const inactive = api()
      .get('/api/staff/clients')
      .query({ page: 1, limit: 10, status: 'INACTIVE' })
      .reply(200, clientsAnswer([client(4, { status: 'INACTIVE' })]));
    api().get('/api/staff/clients').query({ page: 1, limit: 10 }).reply(200, clientsAnswer(clients(1, 10), { total: 11 }));
    const user = setupUser();
    const { router } = openStaffScreen('/staff/clients?page=2');
    await screen.findByText('Client 11');

    await user.click(screen.getByRole('tab', { name: 'Active' }));
    expect(await screen.findByText('Client 3')).toBeInTheDocument();
    expect(active.isDone()).toBe(true);
    expect(router.state.location.search).toBe('?status=active');
    expect(selectedTab()).toBe('Active');
    expect(screen.getByText('Showing 1 to 1 of 1 client')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Inactive' }));
    expect(await screen.findByText('Client 4')).toBeInTheDocument();
    expect(inactive.isDone()).toBe(true);
    expect(router.state.location.search).toBe('?status=inactive');

    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(await screen.findByText('Client 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  test('an address with a tab and a page opens on them', async () => {
    const asked = api()
      .get('/api/staff/clients')
      .query({ page: 2, limit: 10, status: 'INACTIVE' })
      .reply(200, clientsAnswer(clients(11, 3, { status: 'INACTIVE' }), { page: 2, total: 13 }));
    openStaffScreen('/staff/clients?status=inactive&page=2');

    expect(await screen.findByText('Client 11')).toBeInTheDocument();
    expect(asked.isDone()).toBe(true);
    expect(selectedTab()).toBe('Inactive');
    expect(rowTexts().map(([number]) => number)).toEqual(['11', '12', '13']);
    expect(screen.getByText('Showing 11 to 13 of 13 clients')).toBeInTheDocument();
  });

  test('the status pill shows ... while the change is on its way, then the list shows the new status', async () => {
    api().get('/api/staff/clients').query({ page: 1, limit: 10 }).reply(200, clientsAnswer([client(1), client(2)]));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const change = api()
      .put(`/api/client/${clientId(1)}`, { status: 'INACTIVE' })
      .reply(async () => {
        await answered;
        return [200, { success: true, data: { client: client(1, { status: 'INACTIVE' }) } }];
      });
    const user = setupUser();
    openStaffScreen('/staff/clients');
    await screen.findByText('Client 1');

    await user.click(screen.getByRole('button', { name: 'Status of Client 1: Active. Change to Inactive' }));
    await waitFor(() => expect(change.isDone()).toBe(true));
    expect(rowTexts()[0]).toEqual(['1', 'Client 1', '...']);
    expect(rowTexts()[1]).toEqual(['2', 'Client 2', 'Active']);

    api().get('/api/staff/clients').query({ page: 1, limit: 10 }).reply(200, clientsAnswer([client(1, { status: 'INACTIVE' }), client(2)]));
    answer();
    expect(await screen.findByRole('button', { name: 'Status of Client 1: Inactive. Change to Active' })).toHaveTextContent('Inactive');
  });

  test('when the last client of a page leaves the tab, the screen steps back to the page before', async () => {
    api()
      .get('/api/staff/clients')
      .query({ page: 2, limit: 10, status: 'ACTIVE' })
      .reply(200, clientsAnswer([client(11)], { page: 2, total: 11 }));
    api().put(`/api/client/${clientId(11)}`, { status: 'INACTIVE' }).reply(200, { success: true, data: { client: client(11, { status: 'INACTIVE' }) } });
    const user = setupUser();
    const { router } = openStaffScreen('/staff/clients?status=active&page=2');
    await screen.findByText('Client 11');

    api().get('/api/staff/clients').query({ page: 2, limit: 10, status: 'ACTIVE' }).reply(200, clientsAnswer([], { page: 2, total: 10 }));
    const firstPage = api().get('/api/staff/clients').query({ page: 1, limit: 10, status: 'ACTIVE' }).reply(200, clientsAnswer(clients(1, 10)));
    await user.click(screen.getByRole('button', { name: 'Status of Client 11: Active. Change to Inactive' }));

    expect(await screen.findByText('Client 1')).toBeInTheDocument();
    expect(firstPage.isDone()).toBe(true);
    expect(router.state.location.search).toBe('?status=active');
    expect(screen.getByText('Showing 1 to 10 of 10 clients')).toBeInTheDocument();
  });

  test('without clients it says that an admin assigns them', async () => {
    api().get('/api/staff/clients').query({ page: 1, limit: 10 }).reply(200, clientsAnswer([]));
    openStaffScreen('/staff/clients');
    expect(await screen.findByText('No clients found')).toBeInTheDocument();
    expect(screen.getByText('Clients appear here once an admin assigns them to you.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test('a load failure shows the server message', async () => {
    api().get('/api/staff/clients').query(true).reply(403, { success: false, message: 'Your account is not a staff account' });
    openStaffScreen('/staff/clients');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is not a staff account');
  });

  test('a failure without a message says the assigned clients could not be loaded', async () => {
    api().get('/api/staff/clients').query(true).reply(200, UNREADABLE_BODY);
    openStaffScreen('/staff/clients');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your assigned clients');
  });
});
