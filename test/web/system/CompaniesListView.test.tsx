import { screen, within } from '@testing-library/react';
import { companies, listAnswer, rowTexts } from './companiesList';
import { api, company, companyId, findDialog, openSystemScreen, pageOf, setupUser, watchForText } from './systemScreens';

describe('Companies screen: the list view lives in the address', () => {
  test('an address with a page and a search restores both', async () => {
    const restored = api().get('/api/system/companies').query({ page: 2, limit: 10, search: 'acme' }).reply(200, listAnswer(companies(11, 2), { page: 2, total: 12 }));
    openSystemScreen('/system/companies?page=2&search=acme');
    expect(await screen.findByText('Company 11')).toBeInTheDocument();
    expect(restored.isDone()).toBe(true);
    expect(screen.getByPlaceholderText('Search companies...')).toHaveValue('acme');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(rowTexts()[0][0]).toBe('11');
  });

  test('an address past the last page steps back to the last page', async () => {
    api().get('/api/system/companies').query({ page: 9, limit: 10 }).reply(200, listAnswer([], { page: 9, total: 12 }));
    api().get('/api/system/companies').query({ page: 2, limit: 10 }).reply(200, listAnswer(companies(11, 2), { page: 2, total: 12 }));
    const { router } = openSystemScreen('/system/companies?page=9');
    expect(await screen.findByText('Company 11')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  test('deleting the only company of page 2 lands on page 1 with its rows and pager, never on an empty list', async () => {
    api().get('/api/system/companies').query({ page: 2, limit: 10 }).reply(200, listAnswer([company(11)], { page: 2, total: 11 }));
    const user = setupUser();
    const { router } = openSystemScreen('/system/companies?page=2');
    await screen.findByText('Company 11');
    await user.click(screen.getByRole('button', { name: 'Actions for Company 11' }));
    await user.click(await screen.findByText('Delete'));
    const dialog = await findDialog('Delete Company');

    api().delete(`/api/system/companies/${companyId(11)}`).reply(200, { success: true, message: 'Company deleted' });
    api().get('/api/system/companies').query({ page: 2, limit: 10 }).reply(200, listAnswer([], { page: 2, total: 10 }));
    api().get('/api/system/companies').query({ page: 1, limit: 10 }).reply(200, listAnswer(companies(1, 10), { total: 10 }));
    const emptyList = watchForText('No companies found');
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Company 1')).toBeInTheDocument();
      expect(screen.getByText('Showing 1 to 10 of 10 companies')).toBeInTheDocument();
      expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
      expect(router.state.location.search).toBe('');
      expect(emptyList.wasSeen()).toBe(false);
    } finally {
      emptyList.stop();
    }
  });

  test('a company name is a link to the company, and Back returns to the same page and search', async () => {
    api().get('/api/system/companies').query({ page: 2, limit: 10, search: 'co' }).reply(200, listAnswer(companies(11, 2), { page: 2, total: 12 }));
    api().get(`/api/system/companies/${companyId(12)}`).reply(200, { success: true, data: { company: company(12) } });
    api().get(`/api/system/companies/${companyId(12)}/admins`).query(true).reply(200, pageOf('admins', []));
    const user = setupUser();
    const { router } = openSystemScreen('/system/companies?page=2&search=co');
    const link = await screen.findByRole('link', { name: 'Company 12' });
    expect(link).toHaveAttribute('href', `/system/companies/${companyId(12)}`);

    await user.click(link);
    expect(await screen.findByText('No admins found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Companies' })).toHaveAttribute('href', '/system/companies?page=2&search=co');
    await user.click(screen.getByRole('link', { name: 'Back to Companies' }));
    expect(await screen.findByRole('link', { name: 'Company 12' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2&search=co');
  });
});
