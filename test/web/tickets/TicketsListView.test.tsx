import { screen, waitFor, within } from '@testing-library/react';
import { chooseOption, watchForText } from '../system/systemScreens';
import { api, openAs, setupUser, ticket, ticketPage } from './ticketScreens';

const statistics = { total_tickets: 40, open_tickets: 11, in_progress_tickets: 12, completed_tickets: 13, closed_tickets: 4 };

function cardTitles() {
  return screen.getAllByRole('article').map((card) => within(card).getByRole('link').textContent);
}

describe('All Tickets: the list view lives in the address', () => {
  function expectStatistics() {
    api().get('/api/ticket/statistics').reply(200, { success: true, data: { statistics } });
  }

  test('the search says it looks at this page only and keeps the page and the pager', async () => {
    expectStatistics();
    api().get('/api/ticket/all').query({ page: 2, limit: 12 }).reply(200, ticketPage([ticket(13), ticket(14)], { page: 2, total: 14 }));
    const user = setupUser();
    const { router } = openAs('SYSTEM', '/system/tickets?page=2');
    await screen.findByText('Ticket 13');
    const search = screen.getByPlaceholderText('Search tickets...');
    expect(search).toHaveAccessibleDescription('Searches this page');

    await user.type(search, 'no such words');
    expect(screen.getByText('No tickets found')).toBeInTheDocument();
    expect(screen.getByText('Showing 13 to 14 of 14 tickets')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&search=no+such+words'));
  });

  test('an address with a page, a status and a search restores all three', async () => {
    expectStatistics();
    const restored = api()
      .get('/api/ticket/all')
      .query({ page: 2, limit: 12, status: 'OPEN' })
      .reply(200, ticketPage([ticket(13, { title: 'Printer jam' }), ticket(14)], { page: 2, total: 14 }));
    openAs('SYSTEM', '/system/tickets?page=2&status=OPEN&search=printer');
    expect(await screen.findByText('Printer jam')).toBeInTheDocument();
    expect(restored.isDone()).toBe(true);
    expect(cardTitles()).toEqual(['Printer jam']);
    expect(screen.getByPlaceholderText('Search tickets...')).toHaveValue('printer');
    const filter = screen.getByRole('combobox', { name: 'Filter by status' }).closest('.ant-select') as HTMLElement;
    expect(within(filter).getByText('OPEN')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  test('deleting the only ticket of page 2 returns to page 1 with its tickets and pager, never to an empty list', async () => {
    expectStatistics();
    const only = ticket(13);
    api().get('/api/ticket/all').query({ page: 2, limit: 12 }).reply(200, ticketPage([only], { page: 2, total: 13 }));
    api().get(`/api/ticket/${only.id}`).reply(200, { success: true, data: { ticket: only, comments: [] } });
    const user = setupUser();
    const { router } = openAs('SYSTEM', '/system/tickets?page=2');
    await user.click(await screen.findByText('Description of ticket 13'));
    expect(await screen.findByRole('link', { name: 'Back to Tickets' })).toHaveAttribute('href', '/system/tickets?page=2');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ticket' });

    api().delete(`/api/ticket/${only.id}`).reply(200, { success: true, message: 'Deleted' });
    api().get('/api/ticket/statistics').reply(200, { success: true, data: { statistics } });
    api().get('/api/ticket/all').query({ page: 2, limit: 12 }).reply(200, ticketPage([], { page: 2, total: 12 }));
    api().get('/api/ticket/all').query({ page: 1, limit: 12 }).reply(200, ticketPage(Array.from({ length: 12 }, (_, index) => ticket(index + 1)), { total: 12 }));
    const emptyList = watchForText('No tickets found');
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Ticket 1')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/system/tickets');
      expect(router.state.location.search).toBe('');
      expect(screen.getByText('Showing 1 to 12 of 12 tickets')).toBeInTheDocument();
      expect(emptyList.wasSeen()).toBe(false);
    } finally {
      emptyList.stop();
    }
  });
});

describe.each([
  ['ADMIN', '/admin/tickets'],
  ['STAFF', '/staff/tickets'],
] as const)('My Tickets (%s): the list view lives in the address', (role, path) => {
  test('an address past the last page steps back to the last page; one ticket is counted in the singular', async () => {
    api().get('/api/ticket').query({ page: 3, limit: 12 }).reply(200, ticketPage([], { page: 3, total: 13 }));
    api().get('/api/ticket').query({ page: 2, limit: 12 }).reply(200, ticketPage([ticket(13)], { page: 2, total: 13 }));
    api().get('/api/ticket').query({ page: 1, limit: 12, status: 'OPEN' }).reply(200, ticketPage([ticket(1)]));
    const user = setupUser();
    const { router } = openAs(role, `${path}?page=3`);
    expect(await screen.findByText('Ticket 13')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');

    await chooseOption(user, screen.getByRole('combobox', { name: 'Filter by status' }), 'OPEN');
    expect(await screen.findByText('Showing 1 to 1 of 1 ticket')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=OPEN');
  });
});
