import { screen, waitFor, within } from '@testing-library/react';
import { chooseRowAction, companies, listAnswer, rowTexts } from './companiesList';
import { api, company, companyId, findDialog, openSystemScreen, pageOf, setupUser } from './systemScreens';

describe('Companies screen', () => {
  test('lists companies with the count badge and numbers rows across pages', async () => {
    api().get('/api/system/companies').query({ page: 1, limit: 10 }).reply(200, listAnswer(companies(1, 10), { total: 12 }));
    api().get('/api/system/companies').query({ page: 2, limit: 10 }).reply(200, listAnswer(companies(11, 2), { page: 2, total: 12 }));
    const user = setupUser();
    openSystemScreen('/system/companies');

    expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    expect(screen.getByText('Manage companies in the system')).toBeInTheDocument();
    expect(await screen.findByText('Company 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Company count')).toHaveTextContent('12 companies');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['#', 'Company Name', 'Company ID', 'Actions']);
    expect(rowTexts()[0]).toEqual(['1', 'Company 1', companyId(1)]);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Company 11')).toBeInTheDocument();
    expect(rowTexts()).toEqual([
      ['11', 'Company 11', companyId(11)],
      ['12', 'Company 12', companyId(12)],
    ]);
  });

  test('sends the search 300 ms after typing stops, from the first page, and says when nothing matches', async () => {
    api().get('/api/system/companies').query({ page: 1, limit: 10 }).reply(200, listAnswer(companies(1, 10), { total: 12 }));
    api().get('/api/system/companies').query({ page: 2, limit: 10 }).reply(200, listAnswer(companies(11, 2), { page: 2, total: 12 }));
    const searched = api().get('/api/system/companies').query({ page: 1, limit: 10, search: 'zeta' }).reply(200, listAnswer([]));
    const user = setupUser();
    const { router } = openSystemScreen('/system/companies');
    await screen.findByText('Company 1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Company 11');
    expect(router.state.location.search).toBe('?page=2');

    await user.type(screen.getByPlaceholderText('Search companies...'), 'zeta');

    expect(await screen.findByText('No companies found')).toBeInTheDocument();
    expect(searched.isDone()).toBe(true);
    // The search is in the address (replacing the entry), and a new search starts from page 1.
    expect(router.state.location.search).toBe('?search=zeta');
    expect(screen.getByText('No companies match "zeta". Try a different search.')).toBeInTheDocument();
    expect(screen.queryByText('Get started by creating your first company')).not.toBeInTheDocument();
  });

  test('without companies it invites to create the first one', async () => {
    api().get('/api/system/companies').query(true).reply(200, listAnswer([]));
    openSystemScreen('/system/companies');
    expect(await screen.findByText('No companies found')).toBeInTheDocument();
    expect(screen.getByText('Get started by creating your first company')).toBeInTheDocument();
  });

  test('a load failure shows the server message', async () => {
    api().get('/api/system/companies').query(true).reply(403, { success: false, message: 'Only operators may list companies' });
    openSystemScreen('/system/companies');
    expect(await screen.findByText('Only operators may list companies')).toBeInTheDocument();
  });

  test('the create dialog checks the name, stays open with the error on failure and closes on success', async () => {
    api().get('/api/system/companies').query(true).reply(200, listAnswer());
    const user = setupUser();
    openSystemScreen('/system/companies');
    await screen.findByText('Company 1');

    await user.click(screen.getByRole('button', { name: 'Add Company' }));
    const dialog = await findDialog('Add Company');
    await user.click(within(dialog).getByRole('button', { name: 'Create Company' }));
    expect(await within(dialog).findByText('Company name is required')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Company Name'));
    await user.paste('x'.repeat(256));
    expect(await within(dialog).findByText('Company name must be less than 255 characters')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Company Name'));
    await user.type(within(dialog).getByLabelText('Company Name'), 'Globex');
    api().post('/api/system/companies', { name: 'Globex' }).reply(409, { success: false, message: 'A company with this name already exists' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Company' }));
    expect(await within(dialog).findByText('A company with this name already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Company' })).toBeInTheDocument();
    expect(screen.queryByText('Company created successfully')).not.toBeInTheDocument();

    api().post('/api/system/companies', { name: 'Globex' }).reply(201, { success: true, data: { company: company(3, { name: 'Globex' }) } });
    const refreshed = api().get('/api/system/companies').query(true).reply(200, listAnswer([...companies(1, 2), company(3, { name: 'Globex' })]));
    await user.click(within(dialog).getByRole('button', { name: 'Create Company' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Company' })).not.toBeInTheDocument());
    expect(await screen.findByText('Company created successfully')).toBeInTheDocument();
    expect(await screen.findByText('Globex')).toBeInTheDocument();
    expect(refreshed.isDone()).toBe(true);
  });

  test('closing the create dialog clears its error and its form', async () => {
    api().get('/api/system/companies').query(true).reply(200, listAnswer());
    const user = setupUser();
    openSystemScreen('/system/companies');
    await screen.findByText('Company 1');
    await user.click(screen.getByRole('button', { name: 'Add Company' }));
    let dialog = await findDialog('Add Company');
    await user.type(within(dialog).getByLabelText('Company Name'), 'Globex');
    api().post('/api/system/companies').reply(500, { success: false, message: 'Database unavailable' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Company' }));
    expect(await within(dialog).findByText('Database unavailable')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Company' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Add Company' }));
    dialog = await findDialog('Add Company');
    expect(within(dialog).getByLabelText('Company Name')).toHaveValue('');
    expect(within(dialog).queryByText('Database unavailable')).not.toBeInTheDocument();
  });

  test('the row menu renames a company, keeping the dialog open on failure', async () => {
    api().get('/api/system/companies').query(true).reply(200, listAnswer());
    const user = setupUser();
    openSystemScreen('/system/companies');
    await screen.findByText('Company 1');

    await user.click(screen.getByRole('button', { name: 'Actions for Company 2' }));
    await user.click(await screen.findByText('Edit'));
    const dialog = await findDialog('Edit Company');
    const name = within(dialog).getByLabelText('Company Name');
    expect(name).toHaveValue('Company 2');
    await user.clear(name);
    await user.type(name, 'Initech');
    api().patch(`/api/system/companies/${companyId(2)}`, { name: 'Initech' }).reply(409, { success: false, message: 'Name already taken' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Name already taken')).toBeInTheDocument();
    expect(screen.queryByText('Company updated successfully')).not.toBeInTheDocument();

    api().patch(`/api/system/companies/${companyId(2)}`, { name: 'Initech' }).reply(200, { success: true, data: { company: company(2, { name: 'Initech' }) } });
    api().get('/api/system/companies').query(true).reply(200, listAnswer([company(1), company(2, { name: 'Initech' })]));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Company' })).not.toBeInTheDocument());
    expect(await screen.findByText('Company updated successfully')).toBeInTheDocument();
    expect(await screen.findByText('Initech')).toBeInTheDocument();
  });

  test('delete asks first, warns that everything the company owns goes too, and stays open on failure', async () => {
    api().get('/api/system/companies').query(true).reply(200, listAnswer());
    const user = setupUser();
    openSystemScreen('/system/companies');
    await screen.findByText('Company 1');

    await user.click(screen.getByRole('button', { name: 'Actions for Company 1' }));
    await user.click(await screen.findByText('Delete'));
    const dialog = await findDialog('Delete Company');
    expect(dialog).toHaveTextContent('Are you sure you want to delete Company 1? This action cannot be undone.');
    expect(dialog).toHaveTextContent('All of its admins, staff, clients, uploads, files and tickets are removed too.');

    api().delete(`/api/system/companies/${companyId(1)}`).reply(409, { success: false, message: 'Company is busy' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Company is busy')).toBeInTheDocument();
    expect(screen.queryByText('Company 1 has been deleted')).not.toBeInTheDocument();

    api().delete(`/api/system/companies/${companyId(1)}`).reply(200, { success: true, message: 'Company deleted' });
    api().get('/api/system/companies').query(true).reply(200, listAnswer([company(2)]));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Company' })).not.toBeInTheDocument());
    expect(await screen.findByText('Company 1 has been deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Company 1' })).not.toBeInTheDocument());
    expect(screen.getByText('Company 2')).toBeInTheDocument();
  });

  test('closing the rename and delete dialogs clears their errors; the rename starts again from the name', async () => {
    api().get('/api/system/companies').query(true).reply(200, listAnswer());
    const user = setupUser();
    openSystemScreen('/system/companies');
    await screen.findByText('Company 1');

    await chooseRowAction(user, 'Company 2', 'Edit');
    let dialog = await findDialog('Edit Company');
    await user.clear(within(dialog).getByLabelText('Company Name'));
    await user.type(within(dialog).getByLabelText('Company Name'), 'Initech');
    api().patch(`/api/system/companies/${companyId(2)}`).reply(409, { success: false, message: 'Name already taken' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Name already taken')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Company' })).not.toBeInTheDocument());
    await chooseRowAction(user, 'Company 2', 'Edit');
    dialog = await findDialog('Edit Company');
    expect(within(dialog).getByLabelText('Company Name')).toHaveValue('Company 2');
    expect(within(dialog).queryByText('Name already taken')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Company' })).not.toBeInTheDocument());

    await chooseRowAction(user, 'Company 1', 'Delete');
    dialog = await findDialog('Delete Company');
    api().delete(`/api/system/companies/${companyId(1)}`).reply(409, { success: false, message: 'Company is busy' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Company is busy')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Company' })).not.toBeInTheDocument());
    await chooseRowAction(user, 'Company 1', 'Delete');
    dialog = await findDialog('Delete Company');
    expect(within(dialog).queryByText('Company is busy')).not.toBeInTheDocument();
  });

  test('View Details opens the company', async () => {
    api().get('/api/system/companies').query(true).reply(200, listAnswer());
    api().get(`/api/system/companies/${companyId(1)}`).reply(200, { success: true, data: { company: company(1) } });
    api().get(`/api/system/companies/${companyId(1)}/admins`).query(true).reply(200, pageOf('admins', []));
    const user = setupUser();
    const { router } = openSystemScreen('/system/companies');
    await screen.findByText('Company 1');
    await user.click(screen.getByRole('button', { name: 'Actions for Company 1' }));
    await user.click(await screen.findByText('View Details'));
    expect(router.state.location.pathname).toBe(`/system/companies/${companyId(1)}`);
    expect(await screen.findByText('No admins found')).toBeInTheDocument();
  });

  test('one company is counted in the singular', async () => {
    api().get('/api/system/companies').query(true).reply(200, listAnswer([company(1)]));
    openSystemScreen('/system/companies');
    expect(await screen.findByText('Showing 1 to 1 of 1 company')).toBeInTheDocument();
    expect(screen.getByLabelText('Company count')).toHaveTextContent(/^1 company$/);
  });

  test('the table scrolls sideways on a narrow screen instead of cutting off Actions', async () => {
    api().get('/api/system/companies').query(true).reply(200, listAnswer());
    openSystemScreen('/system/companies');
    await screen.findByText('Company 1');
    expect(screen.getByRole('table')).toHaveStyle({ width: 'max-content' });
  });
});
