import { screen, waitFor, within } from '@testing-library/react';
import { api, chooseOption, client, clientId, clientPage, clients, findDialog, openAdminScreen, setupUser, staffId, staffMembers, staffPage } from './adminScreens';

const LIST = '/api/client';

/** Opens the clients screen with two clients listed and the staff picker's first members loaded. */
async function openWithClients(listed = clients(1, 2)) {
  api().get('/api/company/staff').query({ page: 1, limit: 20 }).reply(200, staffPage(staffMembers(1, 3), { limit: 20 }));
  api().get(LIST).query({ page: 1, limit: 10 }).reply(200, clientPage(listed));
  const user = setupUser();
  openAdminScreen('/admin/client-management');
  await screen.findByRole('cell', { name: 'Client 1' });
  return user;
}

async function openAddClient(user: ReturnType<typeof setupUser>) {
  await user.click(screen.getByRole('button', { name: 'Add Client' }));
  return findDialog('Add Client');
}

async function closeDialog(user: ReturnType<typeof setupUser>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** What the assigned-staff select of the dialog shows as chosen. */
const chosenStaff = (dialog: HTMLElement) => within(dialog).getByLabelText('Assigned Staff').closest('.ant-select')?.textContent;

describe('Client dialogs', () => {
  test('Add Client checks the name and the staff assignment with the messages of the spec; status starts Active', async () => {
    const user = await openWithClients();
    const dialog = await openAddClient(user);
    expect(within(dialog).getByRole('radio', { name: 'Active' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Create Client' }));
    expect(await within(dialog).findByText('Client name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Staff assignment is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Client Name'), '   ');
    expect(within(dialog).getByText('Client name is required')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Client Name'));
    await user.paste('c'.repeat(256));
    expect(await within(dialog).findByText('Client name too long')).toBeInTheDocument();
  });

  test('Add Client stays open with the server message and refused fields, then closes on success with a toast', async () => {
    const user = await openWithClients();
    const dialog = await openAddClient(user);
    await user.type(within(dialog).getByLabelText('Client Name'), '  Wayne Enterprises ');
    await chooseOption(user, within(dialog).getByLabelText('Assigned Staff'), 'Staff 2');
    await user.click(within(dialog).getByRole('radio', { name: 'Inactive' }));
    const sent = { name: 'Wayne Enterprises', assigned_staff_id: staffId(2), status: 'INACTIVE' };

    api()
      .post(LIST, sent)
      .reply(400, { success: false, message: 'Validation failed', error: 'VALIDATION_ERROR', errors: [{ field: 'name', message: 'A client with this name already exists' }] });
    await user.click(within(dialog).getByRole('button', { name: 'Create Client' }));
    expect(await within(dialog).findByText('Validation failed')).toBeInTheDocument();
    expect(within(dialog).getByText('A client with this name already exists')).toBeInTheDocument();

    api().post(LIST, sent).reply(201, { success: true, data: { client: client(3, { name: 'Wayne Enterprises', status: 'INACTIVE' }) } });
    const refreshed = api().get(LIST).query({ page: 1, limit: 10 }).reply(200, clientPage([...clients(1, 2), client(3, { name: 'Wayne Enterprises' })]));
    await user.click(within(dialog).getByRole('button', { name: 'Create Client' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Client created')).toBeInTheDocument();
    expect(screen.getByText('Wayne Enterprises has been added')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Wayne Enterprises' })).toBeInTheDocument();
    expect(refreshed.isDone()).toBe(true);
  });

  test('closing Add Client clears its form and its error', async () => {
    const user = await openWithClients();
    let dialog = await openAddClient(user);
    await user.type(within(dialog).getByLabelText('Client Name'), 'Wayne Enterprises');
    await chooseOption(user, within(dialog).getByLabelText('Assigned Staff'), 'Staff 2');
    await user.click(within(dialog).getByRole('radio', { name: 'Inactive' }));
    api().post(LIST).reply(500, { success: false, message: 'Database unavailable' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Client' }));
    expect(await within(dialog).findByText('Database unavailable')).toBeInTheDocument();

    await closeDialog(user, dialog);
    dialog = await openAddClient(user);
    expect(within(dialog).getByLabelText('Client Name')).toHaveValue('');
    expect(chosenStaff(dialog)).not.toContain('Staff 2');
    expect(within(dialog).getByRole('radio', { name: 'Active' })).toBeChecked();
    expect(within(dialog).queryByText('Database unavailable')).not.toBeInTheDocument();
  });

  test('Edit Client starts from the client, sends only what changed, stays open on failure and clears on close', async () => {
    // Staff 9 is not among the picker's first members: the dialog names them from the client.
    const user = await openWithClients([client(1), client(2, { assigned_staff_id: staffId(9), assigned_staff_name: 'Staff 9' })]);
    await user.click(screen.getByRole('button', { name: 'Edit Client 2' }));
    let dialog = await findDialog('Edit Client');
    expect(within(dialog).getByLabelText('Client Name')).toHaveValue('Client 2');
    expect(chosenStaff(dialog)).toBe('Staff 9');
    expect(within(dialog).getByRole('radio', { name: 'Active' })).toBeChecked();

    await user.clear(within(dialog).getByLabelText('Client Name'));
    await user.type(within(dialog).getByLabelText('Client Name'), 'Client Two ');
    api().put(`/api/client/${clientId(2)}`, { name: 'Client Two' }).reply(409, { success: false, message: 'A client with this name already exists' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('A client with this name already exists')).toBeInTheDocument();

    await closeDialog(user, dialog);
    await user.click(screen.getByRole('button', { name: 'Edit Client 2' }));
    dialog = await findDialog('Edit Client');
    expect(within(dialog).getByLabelText('Client Name')).toHaveValue('Client 2');
    expect(within(dialog).queryByText('A client with this name already exists')).not.toBeInTheDocument();

    await chooseOption(user, within(dialog).getByLabelText('Assigned Staff'), 'Staff 3');
    api()
      .put(`/api/client/${clientId(2)}`, { assigned_staff_id: staffId(3) })
      .reply(200, { success: true, data: { client: client(2, { assigned_staff_id: staffId(3), assigned_staff_name: 'Staff 3' }) } });
    const refreshed = api()
      .get(LIST)
      .query({ page: 1, limit: 10 })
      .reply(200, clientPage([client(1), client(2, { assigned_staff_id: staffId(3), assigned_staff_name: 'Staff 3' })]));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Client 2 has been updated')).toBeInTheDocument();
    expect(screen.getByText('Client updated')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Staff 3' })).toBeInTheDocument();
    expect(refreshed.isDone()).toBe(true);
  });

  test('saving an edit that changed nothing closes without a call', async () => {
    const user = await openWithClients();
    await user.click(screen.getByRole('button', { name: 'Edit Client 1' }));
    const dialog = await findDialog('Edit Client');
    await user.type(within(dialog).getByLabelText('Client Name'), ' ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('Delete asks with the exact warning, stays open with the reason, clears on close, then deletes with a toast', async () => {
    const user = await openWithClients();
    await user.click(screen.getByRole('button', { name: 'Delete Client 1' }));
    let dialog = await findDialog('Delete Client');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this client? This action cannot be undone and will permanently remove this client and all associated data.',
    );

    api().delete(`/api/client/${clientId(1)}`).reply(404, { success: false, message: 'Client not found' });
    api().get(LIST).query({ page: 1, limit: 10 }).reply(200, clientPage(clients(1, 2)));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Client not found')).toBeInTheDocument();

    await closeDialog(user, dialog);
    await user.click(screen.getByRole('button', { name: 'Delete Client 1' }));
    dialog = await findDialog('Delete Client');
    expect(within(dialog).queryByText('Client not found')).not.toBeInTheDocument();

    api().delete(`/api/client/${clientId(1)}`).reply(200, { success: true, message: 'Client deleted successfully' });
    api().get(LIST).query({ page: 1, limit: 10 }).reply(200, clientPage([client(2)]));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Client deleted')).toBeInTheDocument();
    expect(screen.getByText('Client 1 has been deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Client 1' })).not.toBeInTheDocument());
  });
});
