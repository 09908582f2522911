import { screen, waitFor, within } from '@testing-library/react';
import { chooseOption } from '../system/systemScreens';
import { api, openAs, ticket, ticketPage, setupUser } from './ticketScreens';

const statistics = { total_tickets: 40, open_tickets: 11, in_progress_tickets: 12, completed_tickets: 13, closed_tickets: 4 };

function cardTitles() {
  return screen.getAllByRole('article').map((card) => within(card).getByRole('link').textContent);
}

describe('All Tickets (operators)', () => {
  function expectStatistics() {
    api().get('/api/ticket/statistics').reply(200, { success: true, data: { statistics } });
  }

  test('shows the platform statistics and a card per ticket with the short id', async () => {
    expectStatistics();
    api().get('/api/ticket/all').query({ page: 1, limit: 12 }).reply(200, ticketPage([ticket(1), ticket(2, { status: 'IN_PROGRESS' })], { total: 14 }));
    openAs('SYSTEM', '/system/tickets');

    expect(await screen.findByRole('heading', { level: 1, name: 'All Tickets' })).toBeInTheDocument();
    await screen.findByText('Ticket 1');
    for (const [title, value] of [
      ['Total Tickets', '40'],
      ['Open', '11'],
      ['In Progress', '12'],
      ['Completed', '13'],
      ['Closed', '4'],
    ]) {
      await waitFor(() => expect(screen.getByRole('group', { name: title })).toHaveTextContent(value));
    }
    const card = screen.getAllByRole('article')[1];
    expect(card).toHaveTextContent('In Progress');
    expect(card).toHaveTextContent('#00000002');
    expect(card).not.toHaveTextContent('00000002-aaaa');
    expect(screen.getByText('Showing 1 to 12 of 14 tickets')).toBeInTheDocument();
  });

  test('search matches title, description and creator on the current page, ignoring case', async () => {
    expectStatistics();
    api()
      .get('/api/ticket/all')
      .query(true)
      .reply(200, ticketPage([ticket(1, { title: 'Printer jam' }), ticket(2, { description: 'The PRINTER is on fire' }), ticket(3, { created_by_name: 'Pat Printer' }), ticket(4)]));
    const user = setupUser();
    openAs('SYSTEM', '/system/tickets');
    await screen.findByText('Printer jam');

    await user.type(screen.getByPlaceholderText('Search tickets...'), 'printer');
    expect(cardTitles()).toEqual(['Printer jam', 'Ticket 2', 'Ticket 3']);
    await user.clear(screen.getByPlaceholderText('Search tickets...'));
    await user.type(screen.getByPlaceholderText('Search tickets...'), 'nothing like it');
    expect(screen.getByText('No tickets found')).toBeInTheDocument();
    expect(screen.getByText('No ticket on this page matches "nothing like it". Try another page or a different search.')).toBeInTheDocument();
  });

  test('the status filter asks the server for that status from the first page', async () => {
    expectStatistics();
    api().get('/api/ticket/all').query({ page: 1, limit: 12 }).reply(200, ticketPage([ticket(1)], { total: 13 }));
    api().get('/api/ticket/all').query({ page: 2, limit: 12 }).reply(200, ticketPage([ticket(13)], { page: 2, total: 13 }));
    const closed = api().get('/api/ticket/all').query({ page: 1, limit: 12, status: 'CLOSED' }).reply(200, ticketPage([ticket(5, { status: 'CLOSED' })]));
    const user = setupUser();
    const { router } = openAs('SYSTEM', '/system/tickets');
    await screen.findByText('Ticket 1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Ticket 13');
    expect(router.state.location.search).toBe('?page=2');

    await chooseOption(user, screen.getByRole('combobox', { name: 'Filter by status' }), 'CLOSED');
    expect(await screen.findByText('Ticket 5')).toBeInTheDocument();
    expect(closed.isDone()).toBe(true);
    expect(router.state.location.search).toBe('?status=CLOSED');
  });

  test('a card opens the ticket', async () => {
    expectStatistics();
    api().get('/api/ticket/all').query(true).reply(200, ticketPage([ticket(1)]));
    api().get(`/api/ticket/${ticket(1).id}`).reply(200, { success: true, data: { ticket: ticket(1), comments: [] } });
    const user = setupUser();
    const { router } = openAs('SYSTEM', '/system/tickets');
    await user.click(await screen.findByText('Description of ticket 1'));
    expect(router.state.location.pathname).toBe(`/system/tickets/${ticket(1).id}`);
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
  });
});

describe.each([
  ['ADMIN', '/admin/tickets'],
  ['STAFF', '/staff/tickets'],
] as const)('My Tickets (%s)', (role, path) => {
  test('counts the statuses of the current page and searches only title and description', async () => {
    api()
      .get('/api/ticket')
      .query({ page: 1, limit: 12 })
      .reply(200, ticketPage([ticket(1), ticket(2, { status: 'IN_PROGRESS', created_by_name: 'Needle Person' }), ticket(3, { status: 'COMPLETED', description: 'a needle here' }), ticket(4, { status: 'CLOSED' })], { total: 30 }));
    const user = setupUser();
    openAs(role, path);

    expect(await screen.findByRole('heading', { level: 1, name: 'My Tickets' })).toBeInTheDocument();
    expect(screen.getByText('View and manage your support tickets')).toBeInTheDocument();
    await screen.findByText('Ticket 1');
    expect(screen.getByRole('group', { name: 'Total' })).toHaveTextContent('4');
    expect(screen.getByRole('group', { name: 'Open' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'In Progress' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Completed' })).toHaveTextContent('1');

    await user.type(screen.getByPlaceholderText('Search your tickets...'), 'NEEDLE');
    expect(cardTitles()).toEqual(['Ticket 3']);
  });

  test('without tickets it invites to create the first one; with a filter it does not', async () => {
    api().get('/api/ticket').query({ page: 1, limit: 12 }).reply(200, ticketPage([]));
    api().get('/api/ticket').query({ page: 1, limit: 12, status: 'OPEN' }).reply(200, ticketPage([]));
    const user = setupUser();
    openAs(role, path);
    expect(await screen.findByText('No tickets found')).toBeInTheDocument();
    expect(screen.getByText("You haven't created any tickets yet")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Your First Ticket' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Ticket' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog', { name: 'Create New Ticket' })).getByRole('button', { name: 'Cancel' }));

    await chooseOption(user, screen.getByRole('combobox', { name: 'Filter by status' }), 'OPEN');
    expect(await screen.findByText('Try adjusting your search or status filter')).toBeInTheDocument();
    expect(screen.getByText('No tickets found')).toBeInTheDocument();
    expect(screen.queryByText("You haven't created any tickets yet")).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Your First Ticket' })).not.toBeInTheDocument();
  });

  test('a load failure asks to try again later', async () => {
    api().get('/api/ticket').query(true).reply(403, { success: false, message: 'Forbidden' });
    openAs(role, path);
    expect(await screen.findByText('Failed to load tickets. Please try again later.')).toBeInTheDocument();
  });

  test('New Ticket stays disabled until valid, keeps the dialog open on failure and closes on success', async () => {
    api().get('/api/ticket').query(true).reply(200, ticketPage([]));
    const user = setupUser();
    openAs(role, path);
    await screen.findByText('No tickets found');
    await user.click(screen.getByRole('button', { name: 'New Ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Ticket' });
    const create = within(dialog).getByRole('button', { name: 'Create Ticket' });
    expect(create).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Title'), 'x');
    await user.clear(within(dialog).getByLabelText('Title'));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Title'));
    await user.paste('t'.repeat(256));
    expect(await within(dialog).findByText('Title too long')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Description'), 'x');
    await user.clear(within(dialog).getByLabelText('Description'));
    expect(await within(dialog).findByText('Description is required')).toBeInTheDocument();
    expect(create).toBeDisabled();

    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Cannot upload');
    await user.type(within(dialog).getByLabelText('Description'), 'The upload button does nothing');
    await waitFor(() => expect(create).toBeEnabled());
    const input = { title: 'Cannot upload', description: 'The upload button does nothing' };
    api().post('/api/ticket', input).reply(429, { success: false, message: 'Too many tickets, slow down' });
    await user.click(create);
    expect(await within(dialog).findByText('Too many tickets, slow down')).toBeInTheDocument();

    api().post('/api/ticket', input).reply(201, { success: true, data: { ticket: ticket(9, input) } });
    api().get('/api/ticket').query(true).reply(200, ticketPage([ticket(9, input)]));
    await user.click(create);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Ticket' })).not.toBeInTheDocument());
    expect(await screen.findByText('Cannot upload')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New Ticket' }));
    const reopened = await screen.findByRole('dialog', { name: 'Create New Ticket' });
    expect(within(reopened).getByLabelText('Title')).toHaveValue('');
    expect(within(reopened).queryByText('Too many tickets, slow down')).not.toBeInTheDocument();
  });
});
