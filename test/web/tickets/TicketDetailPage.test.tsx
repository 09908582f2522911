import { screen, waitFor, within } from '@testing-library/react';
import { api, openAs, ticket, ticketPage, setupUser } from './ticketScreens';

const one = ticket(1, { created_by_name: 'Stella Staff', created_by_role: 'STAFF' });
const detailPath = `/api/ticket/${one.id}`;

function comment(index: number, role: string) {
  return { id: `comment-${index}`, comment: `Comment ${index}`, added_by_name: `Author ${index}`, added_by_role: role, company_name: 'Acme', added_at: '2026-03-05T09:30:00.000Z' };
}

function detailAnswer(fields: Record<string, unknown> = {}, comments: unknown[] = []) {
  return { success: true, data: { ticket: { ...one, ...fields }, comments } };
}

describe('ticket detail', () => {
  test('shows the ticket, the creator with role and company, and hides Updated when unchanged', async () => {
    api().get(detailPath).reply(200, detailAnswer());
    openAs('STAFF', `/staff/tickets/${one.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Tickets' })).toHaveAttribute('href', '/staff/tickets');
    expect(screen.getByText('Stella Staff')).toBeInTheDocument();
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByText('Description of ticket 1')).toBeInTheDocument();
    expect(screen.getByText(one.id)).toBeInTheDocument();
    expect(screen.getByText('Created')).toBeInTheDocument();
    expect(screen.queryByText('Updated')).not.toBeInTheDocument();
    expect(screen.getByText('No comments yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  test('shows Updated when the ticket changed, and comments with role colours', async () => {
    api()
      .get(detailPath)
      .reply(200, detailAnswer({ updated_at: '2026-03-06T10:00:00.000Z' }, [comment(1, 'SYSTEM'), comment(2, 'ADMIN'), comment(3, 'STAFF'), comment(4, 'AUDITOR')]));
    openAs('ADMIN', `/admin/tickets/${one.id}`);
    expect(await screen.findByText('Updated')).toBeInTheDocument();
    const comments = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(comments.map((item) => item.querySelector('[data-role-colour]')?.getAttribute('data-role-colour'))).toEqual(['purple', 'blue', 'green', 'default']);
    expect(comments[0]).toHaveTextContent('Author 1');
    expect(comments[0]).toHaveTextContent('Comment 1');
    expect(screen.queryByRole('button', { name: 'Update Status' })).not.toBeInTheDocument();
  });

  test.each([
    ['SYSTEM', '/system/tickets/xyz'],
    ['ADMIN', '/admin/tickets/xyz'],
    ['STAFF', '/staff/tickets/xyz'],
  ] as const)('a %s address whose id is not a ticket id (%s) says Invalid ticket ID without asking', async (role, path) => {
    openAs(role, path);
    expect(await screen.findByText('Invalid ticket ID')).toBeInTheDocument();
    expect(screen.queryByText(/must be an id such as/)).not.toBeInTheDocument();
  });

  test.each([
    [400, { success: false, message: 'id must be an id such as 3f2b8c1e-5d4a-4b6e-9c7d-0a1b2c3d4e5f.', error: 'VALIDATION_ERROR', errors: [{ field: 'id', message: 'id must be an id such as 3f2b8c1e-5d4a-4b6e-9c7d-0a1b2c3d4e5f.' }] }],
    [404, { success: false, message: 'Ticket not found', error: 'NOT_FOUND' }],
  ])('a server answering %i for the id says Invalid ticket ID, not its own message', async (status, body) => {
    api().get(detailPath).reply(status, body);
    openAs('STAFF', `/staff/tickets/${one.id}`);
    expect(await screen.findByText('Invalid ticket ID')).toBeInTheDocument();
    expect(screen.queryByText(body.message)).not.toBeInTheDocument();
  });

  test('a load failure asks to try again later', async () => {
    api().get(detailPath).reply(403, { success: false, message: 'Not your ticket' });
    openAs('STAFF', `/staff/tickets/${one.id}`);
    expect(await screen.findByText('Failed to load ticket details. Please try again later.')).toBeInTheDocument();
  });

  test('a comment is required; the form keeps the text on failure and clears after success', async () => {
    api().get(detailPath).reply(200, detailAnswer());
    const user = setupUser();
    openAs('STAFF', `/staff/tickets/${one.id}`);
    const field = await screen.findByLabelText('Add a comment');
    const send = screen.getByRole('button', { name: 'Add Comment' });
    // The empty form is validated as it mounts; the button is disabled once that settles.
    await waitFor(() => expect(send).toBeDisabled());
    await user.type(field, ' ');
    await user.clear(field);
    expect(await screen.findByText('Comment is required')).toBeInTheDocument();
    expect(send).toBeDisabled();

    await user.type(field, 'Any news?');
    await waitFor(() => expect(send).toBeEnabled());
    api().post(`${detailPath}/comment`, { comment: 'Any news?' }).reply(403, { success: false, message: 'Ticket is closed' });
    await user.click(send);
    expect(await screen.findByText('Ticket is closed')).toBeInTheDocument();
    expect(field).toHaveValue('Any news?');

    api().post(`${detailPath}/comment`, { comment: 'Any news?' }).reply(201, { success: true, data: { comment: comment(7, 'STAFF') } });
    api().get(detailPath).reply(200, detailAnswer({}, [{ ...comment(7, 'STAFF'), comment: 'Any news?' }]));
    await user.click(send);
    expect(await screen.findByRole('list', { name: 'Comments' })).toHaveTextContent('Any news?');
    expect(field).toHaveValue('');
    expect(send).toBeDisabled();
  });
});

describe('ticket detail for operators', () => {
  const path = `/system/tickets/${one.id}`;

  test('the operators always see the updated time, even when it equals the created time (spec 2.8)', async () => {
    api().get(detailPath).reply(200, detailAnswer());
    openAs('SYSTEM', path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket 1' })).toBeInTheDocument();
    expect(screen.getByText('Created')).toBeInTheDocument();
    expect(screen.getByText('Updated')).toBeInTheDocument();
  });

  test('Update Status offers the four statuses, sends the choice at once and closes the editor', async () => {
    api().get(detailPath).reply(200, detailAnswer());
    const user = setupUser();
    openAs('SYSTEM', path);
    await user.click(await screen.findByRole('button', { name: 'Update Status' }, { timeout: 15_000 }));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(4));
    expect(Array.from(document.querySelectorAll('.ant-select-item-option')).map((option) => option.textContent)).toEqual([
      'Open',
      'In Progress',
      'Completed',
      'Closed',
    ]);

    const update = api().put(`${detailPath}/status`, { status: 'COMPLETED' }).reply(200, { success: true, data: { ticket: { ...one, status: 'COMPLETED' } } });
    api().get(detailPath).reply(200, detailAnswer({ status: 'COMPLETED', updated_at: '2026-03-06T10:00:00.000Z' }));
    const completed = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((option) => option.textContent === 'Completed');
    await user.click(completed as HTMLElement);
    await waitFor(() => expect(update.isDone()).toBe(true));
    // The editor has closed: the button is back (named with its spinner while the call settles).
    expect(await screen.findByRole('button', { name: /Update Status/ }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByText('Updated')).toBeInTheDocument();
  });

  test('Delete asks first, then removes the ticket and returns to the list', async () => {
    api().get(detailPath).reply(200, detailAnswer());
    const user = setupUser();
    const { router } = openAs('SYSTEM', path);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ticket' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this ticket? This action cannot be undone.');

    api().delete(detailPath).reply(200, { success: true, message: 'Deleted' });
    api().get('/api/ticket/statistics').reply(200, { success: true, data: { statistics: { total_tickets: 0, open_tickets: 0, in_progress_tickets: 0, completed_tickets: 0, closed_tickets: 0 } } });
    api().get('/api/ticket/all').query(true).reply(200, ticketPage([]));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/tickets'));
    expect(await screen.findByText('No tickets found')).toBeInTheDocument();
  });

  test('a failed delete is only logged and the ticket stays on screen', async () => {
    api().get(detailPath).reply(200, detailAnswer());
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = setupUser();
    const { router } = openAs('SYSTEM', path);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ticket' });
    api().delete(detailPath).reply(404, { success: false, message: 'Ticket not found' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(logged).toHaveBeenCalledWith('Ticket delete failed', expect.anything()));
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Ticket 1' })).toBeInTheDocument();
    expect(screen.queryByText('Ticket not found')).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
