import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ADDED_AT_TEXT,
  api,
  chooseOption,
  client,
  clientId,
  clientPage,
  clients,
  findDialog,
  openAdminScreen,
  rowTexts,
  setupUser,
  staffId,
  staffMember,
  staffMembers,
  staffPage,
} from './adminScreens';

const LIST = '/api/client';
const PICKER = '/api/company/staff';

/** The staff filter loads the first 20 members when the screen opens. */
function answerStaffPicker(staff = staffMembers(1, 3)) {
  return api().get(PICKER).query({ page: 1, limit: 20 }).reply(200, staffPage(staff, { limit: 20 }));
}

function openClientManagement(path = '/admin/client-management') {
  return openAdminScreen(path);
}

const staffFilter = () => screen.getByRole('combobox', { name: 'Filter by staff' });
/** What the staff filter shows as chosen. */
const staffFilterText = () => staffFilter().closest('.ant-select')?.textContent;

describe('Client management screen', () => {
  test('lists clients 10 a page with status pill, assigned staff or Unassigned, rows numbered across pages', async () => {
    answerStaffPicker();
    api()
      .get(LIST)
      .query({ page: 1, limit: 10 })
      .reply(200, clientPage([...clients(1, 9), client(10, { assigned_staff_id: null, assigned_staff_name: null, status: 'INACTIVE' })], { total: 12 }));
    api().get(LIST).query({ page: 2, limit: 10 }).reply(200, clientPage(clients(11, 2), { page: 2, total: 12 }));
    const user = setupUser();
    const { router } = openClientManagement();

    expect(await screen.findByRole('heading', { level: 1, name: 'Client Management' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Client 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['#', 'Client Name', 'Status', 'Assigned Staff', 'Date Added', 'Actions']);
    expect(rowTexts(4)[0]).toEqual(['1', 'Client 1', 'Active', 'Staff 1']);
    expect(rowTexts(4)[9]).toEqual(['10', 'Client 10', 'Inactive', 'Unassigned']);
    expect(within(screen.getAllByRole('row')[1]).getAllByRole('cell')[4]).toHaveTextContent(ADDED_AT_TEXT);
    expect(screen.getByRole('button', { name: 'Edit Client 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Client 1' })).toBeInTheDocument();
    expect(screen.getByLabelText('Client count')).toHaveTextContent('12 clients');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(staffFilterText()).toBe('All Staff');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'Client 11' })).toBeInTheDocument();
    expect(rowTexts(2)).toEqual([
      ['11', 'Client 11'],
      ['12', 'Client 12'],
    ]);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  test('restores the tab, the staff filter and the page from the address', async () => {
    answerStaffPicker(staffMembers(3, 2));
    const restored = api()
      .get(LIST)
      .query({ page: 2, limit: 10, status: 'INACTIVE', assigned_staff_id: staffId(2) })
      .reply(200, clientPage([client(11, { status: 'INACTIVE', assigned_staff_id: staffId(2), assigned_staff_name: 'Staff 2' })], { page: 2, total: 11 }));
    openClientManagement(`/admin/client-management?status=INACTIVE&page=2&staff=${staffId(2)}`);

    expect(await screen.findByRole('cell', { name: 'Client 11' })).toBeInTheDocument();
    expect(restored.isDone()).toBe(true);
    expect(screen.getByRole('tab', { name: 'Inactive' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'false');
    expect(rowTexts(1)).toEqual([['11']]);
    // The member is not among the filter's first options; the listed clients name them.
    expect(staffFilterText()).toBe('Staff 2');
  });

  test('choosing a tab or a staff member writes the address and starts again from page 1', async () => {
    answerStaffPicker();
    api().get(LIST).query({ page: 2, limit: 10 }).reply(200, clientPage(clients(11, 1), { page: 2, total: 11 }));
    const active = api().get(LIST).query({ page: 1, limit: 10, status: 'ACTIVE' }).reply(200, clientPage(clients(1, 2)));
    const activeOfStaff2 = api()
      .get(LIST)
      .query({ page: 1, limit: 10, status: 'ACTIVE', assigned_staff_id: staffId(2) })
      .reply(200, clientPage([client(5, { assigned_staff_id: staffId(2), assigned_staff_name: 'Staff 2' })]));
    const allOfStaff2 = api()
      .get(LIST)
      .query({ page: 1, limit: 10, assigned_staff_id: staffId(2) })
      .reply(200, clientPage([client(6, { assigned_staff_id: staffId(2), assigned_staff_name: 'Staff 2', status: 'INACTIVE' })]));
    const user = setupUser();
    const { router } = openClientManagement('/admin/client-management?page=2');
    await screen.findByRole('cell', { name: 'Client 11' });

    await user.click(screen.getByRole('tab', { name: 'Active' }));
    expect(await screen.findByRole('cell', { name: 'Client 2' })).toBeInTheDocument();
    expect(active.isDone()).toBe(true);
    expect(router.state.location.search).toBe('?status=ACTIVE');
    expect(screen.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');

    await chooseOption(user, staffFilter(), 'Staff 2');
    expect(await screen.findByRole('cell', { name: 'Client 5' })).toBeInTheDocument();
    expect(activeOfStaff2.isDone()).toBe(true);
    expect(new URLSearchParams(router.state.location.search).get('staff')).toBe(staffId(2));
    expect(staffFilterText()).toBe('Staff 2');

    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(await screen.findByRole('cell', { name: 'Client 6' })).toBeInTheDocument();
    expect(allOfStaff2.isDone()).toBe(true);
    expect(router.state.location.search).toBe(`?staff=${staffId(2)}`);
  });

  test('the staff filter searches the server 300 ms after typing stops and keeps the chosen name', async () => {
    answerStaffPicker();
    api().get(LIST).query({ page: 1, limit: 10 }).reply(200, clientPage(clients(1, 2)));
    const searched = api()
      .get(PICKER)
      .query({ page: 1, limit: 20, search: 'dana' })
      .reply(200, staffPage([staffMember(42, { name: 'Dana Scully' })], { limit: 20 }));
    const ofDana = api()
      .get(LIST)
      .query({ page: 1, limit: 10, assigned_staff_id: staffId(42) })
      .reply(200, clientPage([], { total: 0 }));
    const user = setupUser();
    openClientManagement();
    await screen.findByRole('cell', { name: 'Client 1' });

    // Keys 50 ms apart: only the text typing paused on ('dana') may reach the server.
    await user.click(staffFilter());
    await userEvent.type(staffFilter(), 'dana', { delay: 50 });
    await chooseOption(user, staffFilter(), 'Dana Scully');

    expect(searched.isDone()).toBe(true);
    expect(await screen.findByText('No clients found')).toBeInTheDocument();
    expect(ofDana.isDone()).toBe(true);
    expect(screen.getByText('No clients match the selected filters.')).toBeInTheDocument();
    expect(staffFilterText()).toBe('Dana Scully');
  });

  test("the status pill shows '...' while the change is sent, then the new status from the refetched list", async () => {
    answerStaffPicker();
    api().get(LIST).query({ page: 1, limit: 10 }).reply(200, clientPage(clients(1, 2)));
    let answerUpdate = () => {};
    api()
      .put(`/api/client/${clientId(1)}`, { status: 'INACTIVE' })
      .reply((_uri, _body, callback) => {
        answerUpdate = () => callback(null, [200, { success: true, data: { client: client(1, { status: 'INACTIVE' }) } }]);
      });
    const user = setupUser();
    openClientManagement();

    await user.click(await screen.findByRole('button', { name: 'Status of Client 1: Active. Change to Inactive' }));
    const pill = await screen.findByRole('button', { name: 'Status of Client 1: Active. Change to Inactive', busy: true });
    expect(pill).toHaveTextContent('...');

    const refetched = api().get(LIST).query({ page: 1, limit: 10 }).reply(200, clientPage([client(1, { status: 'INACTIVE' }), client(2)]));
    answerUpdate();
    const toggled = await screen.findByRole('button', { name: 'Status of Client 1: Inactive. Change to Active' });
    expect(toggled).toHaveTextContent('Inactive');
    expect(refetched.isDone()).toBe(true);
  });

  test('without clients it invites to add the first one', async () => {
    answerStaffPicker();
    api().get(LIST).query(true).reply(200, clientPage([]));
    openClientManagement();
    expect(await screen.findByText('No clients found')).toBeInTheDocument();
    expect(screen.getByText('Get started by adding your first client')).toBeInTheDocument();
  });

  test.each([
    ['the server message', 403, { success: false, message: 'Your session has no company' }, 'Your session has no company'],
    ['a fallback when the answer is not the API JSON', 200, '<html>Welcome to the proxy</html>', 'Failed to load clients'],
  ])('a load failure shows %s', async (_case, status, body, text) => {
    answerStaffPicker();
    api().get(LIST).query(true).reply(status, body);
    openClientManagement();
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  test('deleting the only client of the last page steps back to the page before', async () => {
    answerStaffPicker();
    api().get(LIST).query({ page: 2, limit: 10 }).reply(200, clientPage([client(11)], { page: 2, total: 11 }));
    const user = setupUser();
    const { router } = openClientManagement('/admin/client-management?page=2');
    await user.click(await screen.findByRole('button', { name: 'Delete Client 11' }));
    const dialog = await findDialog('Delete Client');

    api().delete(`/api/client/${clientId(11)}`).reply(200, { success: true, message: 'Client deleted successfully' });
    api().get(LIST).query({ page: 2, limit: 10 }).reply(200, clientPage([], { page: 2, total: 10 }));
    const firstPage = api().get(LIST).query({ page: 1, limit: 10 }).reply(200, clientPage(clients(1, 10)));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('cell', { name: 'Client 1' })).toBeInTheDocument();
    expect(firstPage.isDone()).toBe(true);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText('Showing 1 to 10 of 10 clients')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.queryByText('No clients found')).not.toBeInTheDocument();
  });
});
