import { screen, waitFor, within } from '@testing-library/react';
import { ADDED_AT_TEXT, api, findDialog, openAdminScreen, rowTexts, setupUser, staffId, staffMember, staffMembers, staffPage } from './adminScreens';

const LIST = '/api/company/staff';

function openStaffManagement(path = '/admin/staff-management') {
  return openAdminScreen(path);
}

async function openAddStaff(user: ReturnType<typeof setupUser>) {
  await user.click(screen.getByRole('button', { name: 'Add Staff' }));
  return findDialog('Add Staff');
}

describe('Staff management screen', () => {
  test('lists staff 10 a page with count and page badges, rows numbered across pages, the page in the address', async () => {
    api().get(LIST).query({ page: 1, limit: 10 }).reply(200, staffPage(staffMembers(1, 10), { total: 12 }));
    api().get(LIST).query({ page: 2, limit: 10 }).reply(200, staffPage(staffMembers(11, 2), { page: 2, total: 12 }));
    const user = setupUser();
    const { router } = openStaffManagement();

    expect(await screen.findByRole('heading', { level: 1, name: 'Staff Management' })).toBeInTheDocument();
    expect(await screen.findByText('Staff 1')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['#', 'Name', 'Email', 'Date Added', 'Actions']);
    expect(rowTexts(3)[0]).toEqual(['1', 'Staff 1', 'staff1@acme.test']);
    expect(within(screen.getAllByRole('row')[1]).getAllByRole('cell')[3]).toHaveTextContent(ADDED_AT_TEXT);
    expect(screen.getByRole('button', { name: 'Delete Staff 1' })).toBeInTheDocument();
    expect(screen.getByLabelText('Staff count')).toHaveTextContent('12 staff members');
    expect(screen.getByLabelText('Current page')).toHaveTextContent('Page 1 of 2');
    expect(screen.getByText('Showing 1 to 10 of 12 staff members')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Staff 11')).toBeInTheDocument();
    expect(rowTexts(2)).toEqual([
      ['11', 'Staff 11'],
      ['12', 'Staff 12'],
    ]);
    expect(screen.getByLabelText('Current page')).toHaveTextContent('Page 2 of 2');
    expect(router.state.location.search).toBe('?page=2');
  });

  test('opens the page named in the address', async () => {
    api().get(LIST).query({ page: 2, limit: 10 }).reply(200, staffPage([staffMember(11)], { page: 2, total: 11 }));
    openStaffManagement('/admin/staff-management?page=2');
    expect(await screen.findByRole('cell', { name: 'Staff 11' })).toBeInTheDocument();
    expect(rowTexts(1)).toEqual([['11']]);
    expect(screen.getByLabelText('Current page')).toHaveTextContent('Page 2 of 2');
  });

  test('without staff it invites to add the first member', async () => {
    api().get(LIST).query(true).reply(200, staffPage([]));
    openStaffManagement();
    expect(await screen.findByText('No staff members found')).toBeInTheDocument();
    expect(screen.getByText('Get started by adding your first staff member')).toBeInTheDocument();
  });

  test.each([
    ['the server message', { success: false, message: 'Your session has no company' }, 'Your session has no company'],
    ['a fallback when the answer is not the API JSON', '<html>Welcome to the proxy</html>', 'Failed to load staff'],
  ])('a load failure shows %s', async (_case, body, text) => {
    api()
      .get(LIST)
      .query(true)
      .reply(typeof body === 'string' ? 200 : 403, body);
    openStaffManagement();
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  test('Add Staff checks every field with the messages of the spec', async () => {
    api().get(LIST).query(true).reply(200, staffPage(staffMembers(1, 2)));
    const user = setupUser();
    openStaffManagement();
    await screen.findByText('Staff 1');
    const dialog = await openAddStaff(user);

    await user.click(within(dialog).getByRole('button', { name: 'Add Staff' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 4 characters')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), '   ');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Password'), 'abc');
    expect(await within(dialog).findByText('Invalid email format')).toBeInTheDocument();
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 4 characters')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Name'));
    await user.paste('n'.repeat(101));
    await user.click(within(dialog).getByLabelText('Password'));
    await user.paste('p'.repeat(98));
    expect(await within(dialog).findByText('Name must be less than 100 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be less than 100 characters')).toBeInTheDocument();
  });

  test('Add Staff stays open with the server message and refused fields, then closes on success with a toast', async () => {
    api().get(LIST).query(true).reply(200, staffPage(staffMembers(1, 2)));
    const user = setupUser();
    openStaffManagement();
    await screen.findByText('Staff 1');
    const dialog = await openAddStaff(user);
    await user.type(within(dialog).getByLabelText('Name'), '  Dana Scully ');
    await user.type(within(dialog).getByLabelText('Email'), ' Dana@ACME.test ');
    await user.type(within(dialog).getByLabelText('Password'), 'trustno1');
    const sent = { name: 'Dana Scully', email: 'dana@acme.test', password: 'trustno1' };

    api().post(LIST, sent).reply(409, { success: false, message: 'A user with this email already exists' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff' }));
    expect(await within(dialog).findByText('A user with this email already exists')).toBeInTheDocument();

    api()
      .post(LIST, sent)
      .reply(400, { success: false, message: 'Validation failed', error: 'VALIDATION_ERROR', errors: [{ field: 'email', message: 'Email domain is not allowed' }] });
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff' }));
    expect(await within(dialog).findByText('Email domain is not allowed')).toBeInTheDocument();
    expect(within(dialog).getByText('Validation failed')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Staff' })).toBeInTheDocument();

    api().post(LIST, sent).reply(201, { success: true, data: { staff: staffMember(3, { name: 'Dana Scully' }) } });
    const refreshed = api().get(LIST).query(true).reply(200, staffPage([...staffMembers(1, 2), staffMember(3, { name: 'Dana Scully' })]));
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Staff member added')).toBeInTheDocument();
    expect(screen.getByText('Dana Scully has been added to your company')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Dana Scully' })).toBeInTheDocument();
    expect(refreshed.isDone()).toBe(true);
  });

  test('closing Add Staff clears its form and its error', async () => {
    api().get(LIST).query(true).reply(200, staffPage(staffMembers(1, 2)));
    const user = setupUser();
    openStaffManagement();
    await screen.findByText('Staff 1');
    let dialog = await openAddStaff(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Dana');
    await user.type(within(dialog).getByLabelText('Email'), 'dana@acme.test');
    await user.type(within(dialog).getByLabelText('Password'), 'trustno1');
    api().post(LIST).reply(500, { success: false, message: 'Database unavailable' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff' }));
    expect(await within(dialog).findByText('Database unavailable')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openAddStaff(user);
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(within(dialog).queryByText('Database unavailable')).not.toBeInTheDocument();
  });

  test('Delete warns that the member leaves the company, shows refusals in the dialog, then deletes with a toast', async () => {
    api().get(LIST).query(true).reply(200, staffPage(staffMembers(1, 2)));
    const user = setupUser();
    openStaffManagement();
    await user.click(await screen.findByRole('button', { name: 'Delete Staff 1' }));
    let dialog = await findDialog('Delete Staff Member');
    expect(dialog).toHaveTextContent('Are you sure you want to delete Staff 1? This will permanently remove them from your company.');

    const reassign = 'Staff 1 still has 3 clients assigned. Reassign them before deleting this staff member.';
    api().delete(`/api/company/staff/${staffId(1)}`).reply(409, { success: false, message: reassign, error: 'CONFLICT' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(reassign)).toBeInTheDocument();

    // Closing forgets the refusal.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Delete Staff 1' }));
    dialog = await findDialog('Delete Staff Member');
    expect(within(dialog).queryByText(reassign)).not.toBeInTheDocument();

    api().delete(`/api/company/staff/${staffId(1)}`).replyWithError('socket hang up');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();

    api().delete(`/api/company/staff/${staffId(1)}`).reply(200, { success: true, message: 'Staff 1 has been deleted successfully' });
    api().get(LIST).query(true).reply(200, staffPage([staffMember(2)]));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Staff 1 has been deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Staff 1' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Staff 2' })).toBeInTheDocument();
    expect(screen.getByLabelText('Staff count')).toHaveTextContent(/^1 staff member$/);
  });

  test('deleting the only member of the last page steps back to the page before', async () => {
    api().get(LIST).query({ page: 2, limit: 10 }).reply(200, staffPage([staffMember(11)], { page: 2, total: 11 }));
    const user = setupUser();
    const { router } = openStaffManagement('/admin/staff-management?page=2');
    await user.click(await screen.findByRole('button', { name: 'Delete Staff 11' }));
    const dialog = await findDialog('Delete Staff Member');

    api().delete(`/api/company/staff/${staffId(11)}`).reply(200, { success: true, message: 'Deleted' });
    api().get(LIST).query({ page: 2, limit: 10 }).reply(200, staffPage([], { page: 2, total: 10 }));
    const firstPage = api().get(LIST).query({ page: 1, limit: 10 }).reply(200, staffPage(staffMembers(1, 10), { total: 10 }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('cell', { name: 'Staff 1' })).toBeInTheDocument();
    expect(firstPage.isDone()).toBe(true);
    expect(router.state.location.search).toBe('');
    expect(screen.getByText('Showing 1 to 10 of 10 staff members')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1', { selector: 'span.ant-typography' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current page')).toHaveTextContent('Page 1 of 1');
    expect(screen.queryByText('No staff members found')).not.toBeInTheDocument();
  });
});
