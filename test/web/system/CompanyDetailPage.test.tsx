import { screen, waitFor, within } from '@testing-library/react';
import { api, company, companyId, findDialog, openSystemScreen, pageOf, setupUser, watchForText } from './systemScreens';

const admin = (index: number) => ({ id: `admin-${index}`, name: `Admin ${index}`, email: `admin${index}@acme.test`, role: 'ADMIN' });
const admins = (from: number, count: number) => Array.from({ length: count }, (_, index) => admin(from + index));

function companyAnswer(fields: Record<string, unknown> = company(1)) {
  return { success: true, data: { company: fields } };
}

const ID = companyId(1);
const companyPath = `/api/system/companies/${ID}`;
const adminsPath = `${companyPath}/admins`;

function openDetail(query = '') {
  return openSystemScreen(`/system/companies/${ID}${query}`);
}

describe('Company detail screen', () => {
  test('shows the name, id and the numbers, 0 when the server leaves them out', async () => {
    api().get(companyPath).reply(200, companyAnswer({ id: ID, name: 'Acme' }));
    api().get(adminsPath).query({ page: 1, limit: 10 }).reply(200, pageOf('admins', [admin(1)]));
    openDetail();

    expect(await screen.findByRole('heading', { level: 1, name: 'Acme' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Companies' })).toHaveAttribute('href', '/system/companies');
    expect(screen.getByText(ID)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Staff Users' })).toHaveTextContent('0');
    expect(screen.getByRole('group', { name: 'Active Clients' })).toHaveTextContent('0');
    expect(await screen.findByText('Admin 1')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Email', 'Role', 'Actions']);
    expect(screen.getByLabelText('Admin count')).toHaveTextContent(/^1 admin$/);
    expect(screen.queryByRole('navigation', { name: 'Admin pages' })).not.toBeInTheDocument();
  });

  test('shows the company numbers it receives', async () => {
    api().get(companyPath).reply(200, companyAnswer(company(1, { staff_count: 7, active_clients: 12 })));
    api().get(adminsPath).query(true).reply(200, pageOf('admins', []));
    openDetail();
    expect(await screen.findByRole('group', { name: 'Staff Users' })).toHaveTextContent('7');
    expect(screen.getByRole('group', { name: 'Active Clients' })).toHaveTextContent('12');
  });

  test('pages admins by 10 with numbered links, Previous and Next', async () => {
    api().get(companyPath).reply(200, companyAnswer());
    api().get(adminsPath).query({ page: 1, limit: 10 }).reply(200, pageOf('admins', admins(1, 10), { total: 25 }));
    api().get(adminsPath).query({ page: 3, limit: 10 }).reply(200, pageOf('admins', admins(21, 5), { page: 3, total: 25 }));
    const user = setupUser();
    openDetail();
    const pager = await screen.findByRole('navigation', { name: 'Admin pages' });
    expect(within(pager).getAllByRole('button').map((button) => button.textContent)).toEqual(['Previous', '1', '2', '3', 'Next']);
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByLabelText('Admin count')).toHaveTextContent(/^25 admins$/);

    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Admin 21')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin pages' })).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  test('without admins it invites to add the first one', async () => {
    api().get(companyPath).reply(200, companyAnswer());
    api().get(adminsPath).query(true).reply(200, pageOf('admins', []));
    openDetail();
    expect(await screen.findByText('No admins found')).toBeInTheDocument();
    expect(screen.getByText('Get started by adding the first admin')).toBeInTheDocument();
  });

  test('an unknown company says it was not found', async () => {
    api().get(companyPath).reply(404, { success: false, message: 'Not here' });
    openDetail();
    expect(await screen.findByText('Company not found')).toBeInTheDocument();
  });

  test('an address whose id is not a company id says the company was not found, without asking', async () => {
    openSystemScreen('/system/companies/not-a-uuid');
    expect(await screen.findByText('Company not found')).toBeInTheDocument();
    expect(screen.queryByText(/must be an id such as/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Companies' })).toBeInTheDocument();
  });

  test('a server that refuses the id itself is read as a company that does not exist', async () => {
    api()
      .get(companyPath)
      .reply(400, { success: false, message: 'id must be an id such as 3f2b8c1e-5d4a-4b6e-9c7d-0a1b2c3d4e5f.', error: 'VALIDATION_ERROR', errors: [{ field: 'id', message: 'id must be an id such as 3f2b8c1e-5d4a-4b6e-9c7d-0a1b2c3d4e5f.' }] });
    openDetail();
    expect(await screen.findByText('Company not found')).toBeInTheDocument();
    expect(screen.queryByText('id must be an id such as 3f2b8c1e-5d4a-4b6e-9c7d-0a1b2c3d4e5f.')).not.toBeInTheDocument();
  });

  test('load failures of the company and of its admins show their messages', async () => {
    api().get(companyPath).reply(403, { success: false, message: 'Failed to load company' });
    openDetail();
    expect(await screen.findByText('Failed to load company')).toBeInTheDocument();
  });

  test('a failure to list the admins shows its message', async () => {
    api().get(companyPath).reply(200, companyAnswer());
    api().get(adminsPath).query(true).reply(403, { success: false, message: 'Failed to load admins' });
    openDetail();
    expect(await screen.findByText('Failed to load admins')).toBeInTheDocument();
  });

  test('Add Admin checks the fields, stays open with the reason on failure and toasts on success', async () => {
    api().get(companyPath).reply(200, companyAnswer());
    api().get(adminsPath).query(true).reply(200, pageOf('admins', []));
    const user = setupUser();
    openDetail();
    await screen.findByText('No admins found');

    await user.click(screen.getByRole('button', { name: 'Add Admin' }));
    const dialog = await findDialog('Add Admin');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Password'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid email format')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 4 characters')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Dana Admin');
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'dana@acme.test');
    await user.type(within(dialog).getByLabelText('Password'), 'd');
    const input = { name: 'Dana Admin', email: 'dana@acme.test', password: 'abcd' };
    api().post(adminsPath, input).reply(409, { success: false, message: 'Email already in use' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    expect(await within(dialog).findByText('Email already in use')).toBeInTheDocument();
    expect(await screen.findByText('Failed to create admin')).toBeInTheDocument();

    api().post(adminsPath, input).reply(201, { success: true, data: { admin: { id: 'admin-9', ...input, role: 'ADMIN' } } });
    api().get(adminsPath).query(true).reply(200, pageOf('admins', [{ id: 'admin-9', ...input, role: 'ADMIN' }]));
    const companyRead = api().get(companyPath).reply(200, companyAnswer());
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByText('Admin created successfully')).toBeInTheDocument();
    expect(screen.getByText('Dana Admin has been added as an admin')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Admin' })).not.toBeInTheDocument());
    expect(await screen.findByText('dana@acme.test')).toBeInTheDocument();
    // The company is read again too: its numbers may count the new admin.
    await waitFor(() => expect(companyRead.isDone()).toBe(true));
  });

  test('closing Add Admin clears the form and the error', async () => {
    api().get(companyPath).reply(200, companyAnswer());
    api().get(adminsPath).query(true).reply(200, pageOf('admins', []));
    const user = setupUser();
    openDetail();
    await screen.findByText('No admins found');
    await user.click(screen.getByRole('button', { name: 'Add Admin' }));
    let dialog = await findDialog('Add Admin');
    await user.type(within(dialog).getByLabelText('Name'), 'Dana');
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    expect(await within(dialog).findByText('Invalid email format')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Admin' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Add Admin' }));
    dialog = await findDialog('Add Admin');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
    expect(within(dialog).queryByText('Invalid email format')).not.toBeInTheDocument();
  });

  test('Remove asks in a Remove Admin dialog, keeps it open on failure and toasts the outcome', async () => {
    api().get(companyPath).reply(200, companyAnswer());
    api().get(adminsPath).query(true).reply(200, pageOf('admins', admins(1, 2)));
    const user = setupUser();
    openDetail();
    await user.click(await screen.findByRole('button', { name: 'Remove Admin 1' }));
    const dialog = await findDialog('Remove Admin');
    expect(dialog).toHaveTextContent('Are you sure you want to remove Admin 1 as an admin? This action cannot be undone.');

    api().delete(`${adminsPath}/admin-1`).reply(409, { success: false, message: 'Cannot remove the last admin' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Cannot remove the last admin')).toBeInTheDocument();
    expect(await screen.findByText('Failed to remove admin')).toBeInTheDocument();

    api().delete(`${adminsPath}/admin-1`).reply(200, { success: true, message: 'Removed' });
    api().get(adminsPath).query(true).reply(200, pageOf('admins', [admin(2)]));
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Admin removed successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove Admin' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('Admin 1')).not.toBeInTheDocument());
  });

  test('the admins page lives in the address and a reload restores it', async () => {
    api().get(companyPath).reply(200, companyAnswer());
    const restored = api().get(adminsPath).query({ page: 2, limit: 10 }).reply(200, pageOf('admins', admins(11, 2), { page: 2, total: 12 }));
    api().get(adminsPath).query({ page: 1, limit: 10 }).reply(200, pageOf('admins', admins(1, 10), { total: 12 }));
    const user = setupUser();
    const { router } = openDetail('?page=2');
    expect(await screen.findByText('Admin 11')).toBeInTheDocument();
    expect(restored.isDone()).toBe(true);
    const pager = screen.getByRole('navigation', { name: 'Admin pages' });
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pager).getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByText('Admin 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  test('removing the only admin of page 2 lands on page 1 with its admins and pager', async () => {
    api().get(companyPath).reply(200, companyAnswer());
    api().get(adminsPath).query({ page: 2, limit: 10 }).reply(200, pageOf('admins', [admin(11)], { page: 2, total: 11 }));
    const user = setupUser();
    const { router } = openDetail('?page=2');
    await user.click(await screen.findByRole('button', { name: 'Remove Admin 11' }));
    const dialog = await findDialog('Remove Admin');

    api().delete(`${adminsPath}/admin-11`).reply(200, { success: true, message: 'Removed' });
    api().get(adminsPath).query({ page: 2, limit: 10 }).reply(200, pageOf('admins', [], { page: 2, total: 10 }));
    api().get(adminsPath).query({ page: 1, limit: 10 }).reply(200, pageOf('admins', admins(1, 10), { total: 10 }));
    const emptyList = watchForText('No admins found');
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('Admin 1')).toBeInTheDocument();
      expect(router.state.location.search).toBe('');
      expect(screen.getByLabelText('Admin count')).toHaveTextContent(/^10 admins$/);
      expect(emptyList.wasSeen()).toBe(false);
    } finally {
      emptyList.stop();
    }
  });
});
