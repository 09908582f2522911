import { screen, waitFor, within } from '@testing-library/react';
import { api, chooseOption, client, clientId, clientPage, clients, findDialog, openAdminScreen, setupUser, staffId, staffMembers, staffPage } from './adminScreens';

const LIST = '/api/client';
const TAKEN = { success: false, message: 'Another client is already called Client 1.', error: 'DUPLICATE_CLIENT_NAME' };

async function openWithClients() {
  api().get('/api/company/staff').query({ page: 1, limit: 20 }).reply(200, staffPage(staffMembers(1, 3), { limit: 20 }));
  api().get(LIST).query({ page: 1, limit: 10 }).reply(200, clientPage(clients(1, 2)));
  const user = setupUser();
  openAdminScreen('/admin/client-management');
  await screen.findByRole('cell', { name: 'Client 1' });
  return user;
}

describe('a client name another client already has', () => {
  test('Add Client warns, and saves anyway only when the admin says so', async () => {
    const user = await openWithClients();
    await user.click(screen.getByRole('button', { name: 'Add Client' }));
    const dialog = await findDialog('Add Client');
    await user.type(within(dialog).getByLabelText('Client Name'), 'client 1');
    await chooseOption(user, within(dialog).getByLabelText('Assigned Staff'), 'Staff 2');
    const sent = { name: 'client 1', assigned_staff_id: staffId(2), status: 'ACTIVE' };

    api().post(LIST, sent).reply(409, TAKEN);
    await user.click(within(dialog).getByRole('button', { name: 'Create Client' }));
    const warning = await within(dialog).findByRole('alert');
    expect(warning).toHaveTextContent('Another client is already called Client 1.');
    expect(screen.getByRole('dialog', { name: 'Add Client' })).toBeInTheDocument();

    const anyway = api()
      .post(LIST, { ...sent, allow_duplicate_name: true })
      .reply(201, { success: true, data: { client: client(3, { name: 'client 1' }) } });
    api().get(LIST).query({ page: 1, limit: 10 }).reply(200, clientPage([...clients(1, 2), client(3, { name: 'client 1' })]));
    await user.click(within(warning).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(anyway.isDone()).toBe(true);
    expect(await screen.findByText('Client created')).toBeInTheDocument();
  });

  test('changing the name takes the warning away, and the new name is checked again', async () => {
    const user = await openWithClients();
    await user.click(screen.getByRole('button', { name: 'Edit Client 2' }));
    const dialog = await findDialog('Edit Client');
    const name = within(dialog).getByLabelText('Client Name');
    await user.clear(name);
    await user.type(name, 'Client 1');

    api().put(`/api/client/${clientId(2)}`, { name: 'Client 1' }).reply(409, TAKEN);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Another client is already called Client 1.')).toBeInTheDocument();

    await user.type(name, ' West');
    expect(within(dialog).queryByText('Another client is already called Client 1.')).not.toBeInTheDocument();
    const renamed = api()
      .put(`/api/client/${clientId(2)}`, { name: 'Client 1 West' })
      .reply(200, { success: true, data: { client: client(2, { name: 'Client 1 West' }) } });
    api().get(LIST).query({ page: 1, limit: 10 }).reply(200, clientPage([client(1), client(2, { name: 'Client 1 West' })]));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(renamed.isDone()).toBe(true);
  });
});
