import { screen, waitFor, within } from '@testing-library/react';
import type { AdminUploadItem, ListCompanyFileUploadsApiResponse } from '@/web/api/generated';
import { ADDED_AT, ADDED_AT_TEXT, api, chooseOption, openAdminScreen, rowTexts, setupUser } from './adminScreens';

const LIST = '/api/company/file-uploads';

/** Upload `index` of the company, as the contract's AdminUploadItem has it. */
function fileUpload(index: number, extra: Partial<AdminUploadItem> = {}): AdminUploadItem {
  return {
    id: `33333333-0000-4000-8000-${String(index).padStart(12, '0')}`,
    filename: `payroll-${index}.xlsx`,
    upload_date: ADDED_AT,
    status: 'SCRUBBED',
    approval_status: 'PENDING',
    user: { name: `Staff ${index}`, email: `staff${index}@acme.test` },
    client: { name: `Client ${index}` },
    ...extra,
  };
}

const fileUploads = (from: number, count: number) => Array.from({ length: count }, (_, index) => fileUpload(from + index));

/** A page of `GET /company/file-uploads` (the admin file uploads pagination shape). */
function uploadsPage(items: AdminUploadItem[], { page = 1, limit = 20, total = items.length } = {}): ListCompanyFileUploadsApiResponse {
  const totalPages = Math.ceil(total / limit);
  return { success: true, data: { fileUploads: items, pagination: { page, totalCount: total, totalPages, hasPrev: page > 1, hasNext: page < totalPages } } };
}

function openFileUploads(path = '/admin/file-uploads') {
  return openAdminScreen(path);
}

const statusFilter = () => screen.getByRole('combobox', { name: 'Filter by status' });
const searchBox = () => screen.getByRole('textbox', { name: 'Search file uploads' });
const fromPicker = () => screen.getByPlaceholderText('From date');
const toPicker = () => screen.getByPlaceholderText('To date');
const filenames = () => screen.queryAllByTestId('file-name').map((cell) => cell.textContent);

describe('Company file uploads screen', () => {
  test('an upload resuming after an interruption says so in place of its queued badge', async () => {
    api()
      .get(LIST)
      .query({ page: 1, limit: 20 })
      .reply(200, uploadsPage([fileUpload(1, { status: 'QUEUED', approval_status: 'PENDING', resuming: true }), fileUpload(2, { status: 'QUEUED', approval_status: 'PENDING' })]));
    openFileUploads();
    expect(await screen.findByText('payroll-1.xlsx')).toBeInTheDocument();
    expect(rowTexts(6).map((cells) => cells[4])).toEqual(['Resuming after an interruption', 'Queued for processing']);
  });

  test('lists the uploads 20 a page with uploader, client, date and both status badges, and keeps the page in the address', async () => {
    api()
      .get(LIST)
      .query({ page: 1, limit: 20 })
      .reply(
        200,
        uploadsPage(
          [
            fileUpload(1, { status: 'CONSOLIDATED', approval_status: 'PENDING' }),
            fileUpload(2, { status: 'SCRUBBED', approval_status: 'APPROVED' }),
            // A failed upload is never reviewed: its approval is not pending, there is none.
            fileUpload(3, { status: 'FAILED', approval_status: 'PENDING' }),
            ...fileUploads(4, 17),
          ],
          { total: 45 },
        ),
      );
    const secondPage = api().get(LIST).query({ page: 2, limit: 20 }).reply(200, uploadsPage(fileUploads(21, 20), { page: 2, total: 45 }));
    const user = setupUser();
    const { router } = openFileUploads();

    expect(await screen.findByRole('heading', { level: 1, name: 'File Uploads' })).toBeInTheDocument();
    expect(screen.getByText('View and manage all file uploads from your company staff')).toBeInTheDocument();
    expect(await screen.findByText('payroll-1.xlsx')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Filename',
      'Uploaded By',
      'Client',
      'Upload Date',
      'Processing Status',
      'Approval Status',
    ]);
    expect(rowTexts(6).slice(0, 3)).toEqual([
      ['payroll-1.xlsxClient 1 Weekly Document', 'Staff 1staff1@acme.test', 'Client 1', expect.stringMatching(ADDED_AT_TEXT), 'Consolidation complete', 'Pending'],
      ['payroll-2.xlsxClient 2 Weekly Document', 'Staff 2staff2@acme.test', 'Client 2', expect.stringMatching(ADDED_AT_TEXT), 'Processing complete', 'Approved'],
      ['payroll-3.xlsxClient 3 Weekly Document', 'Staff 3staff3@acme.test', 'Client 3', expect.stringMatching(ADDED_AT_TEXT), 'Failed', 'N/A'],
    ]);
    expect(filenames()).toHaveLength(20);
    expect(screen.getByLabelText('Upload count')).toHaveTextContent('45 file uploads');
    expect(screen.getByLabelText('Current page')).toHaveTextContent('Page 1 of 3');
    expect(screen.queryByLabelText('Status filter')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Date filter')).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Previous',
      '1',
      '2',
      '3',
      'Next',
    ]);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: /Clear Filters/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('payroll-21.xlsx')).toBeInTheDocument();
    expect(secondPage.isDone()).toBe(true);
    expect(screen.getByLabelText('Current page')).toHaveTextContent('Page 2 of 3');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(router.state.location.search).toBe('?page=2');
  });

  test('the status filter offers the approval and the processing statuses by their labels, asks the server from page 1 and shows a badge', async () => {
    api().get(LIST).query({ page: 2, limit: 20 }).reply(200, uploadsPage(fileUploads(21, 1), { page: 2, total: 21 }));
    const approved = api()
      .get(LIST)
      .query({ page: 1, limit: 20, status: 'APPROVED' })
      .reply(200, uploadsPage([fileUpload(5, { approval_status: 'APPROVED' })]));
    const consolidated = api()
      .get(LIST)
      .query({ page: 1, limit: 20, status: 'CONSOLIDATED' })
      .reply(200, uploadsPage([fileUpload(6, { status: 'CONSOLIDATED' })]));
    const user = setupUser();
    const { router } = openFileUploads('/admin/file-uploads?page=2');
    await screen.findByText('payroll-21.xlsx');

    await user.click(statusFilter());
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
    expect(Array.from(document.querySelectorAll('.ant-select-item-group')).map((group) => group.textContent)).toEqual(['Approval status', 'Processing status']);
    expect(Array.from(document.querySelectorAll('.ant-select-item-option')).map((option) => option.textContent)).toEqual([
      'All Statuses',
      'Pending',
      'Approved',
      'Rejected',
      'Uploading file...',
      'Queued for processing',
      'Consolidating file...',
      'Consolidation complete',
      'Scrubbing file...',
      'Processing complete',
      'Failed',
    ]);
    await chooseOption(user, statusFilter(), 'Approved');
    expect(await screen.findByText('payroll-5.xlsx')).toBeInTheDocument();
    expect(approved.isDone()).toBe(true);
    expect(router.state.location.search).toBe('?status=APPROVED');
    expect(screen.getByLabelText('Status filter')).toHaveTextContent('Status: Approved');
    expect(screen.getByRole('button', { name: /Clear Filters/ })).toBeEnabled();

    await chooseOption(user, statusFilter(), 'Consolidation complete');
    expect(await screen.findByText('payroll-6.xlsx')).toBeInTheDocument();
    expect(consolidated.isDone()).toBe(true);
    expect(router.state.location.search).toBe('?status=CONSOLIDATED');
    expect(screen.getByLabelText('Status filter')).toHaveTextContent('Status: Consolidation complete');
  });

  test('an address with a status, dates and a page asks for them and shows Date filtered', async () => {
    const asked = api()
      .get(LIST)
      .query({ page: 2, limit: 20, status: 'REJECTED', dateFrom: '2026-03-01', dateTo: '2026-03-31' })
      .reply(200, uploadsPage([fileUpload(21, { approval_status: 'REJECTED' })], { page: 2, total: 21 }));
    openFileUploads('/admin/file-uploads?status=REJECTED&dateFrom=2026-03-01&dateTo=2026-03-31&page=2');

    expect(await screen.findByText('payroll-21.xlsx')).toBeInTheDocument();
    expect(asked.isDone()).toBe(true);
    expect(screen.getByLabelText('Status filter')).toHaveTextContent('Status: Rejected');
    expect(screen.getByLabelText('Date filter')).toHaveTextContent('Date filtered');
    expect(screen.getByLabelText('Current page')).toHaveTextContent('Page 2 of 2');
    expect(fromPicker()).toHaveValue('2026-03-01');
    expect(toPicker()).toHaveValue('2026-03-31');
  });

  test('picking dates asks for an inclusive range from page 1, and the end cannot be picked before the start', async () => {
    api().get(LIST).query({ page: 2, limit: 20 }).reply(200, uploadsPage(fileUploads(21, 1), { page: 2, total: 21 }));
    const from = api()
      .get(LIST)
      .query({ page: 1, limit: 20, dateFrom: '2026-03-10' })
      .reply(200, uploadsPage([fileUpload(7)]));
    const range = api()
      .get(LIST)
      .query({ page: 1, limit: 20, dateFrom: '2026-03-10', dateTo: '2026-03-20' })
      .reply(200, uploadsPage([fileUpload(8)]));
    const user = setupUser();
    const { router } = openFileUploads('/admin/file-uploads?page=2');
    await screen.findByText('payroll-21.xlsx');

    await user.click(fromPicker());
    await user.type(fromPicker(), '2026-03-10{Enter}');
    expect(await screen.findByText('payroll-7.xlsx')).toBeInTheDocument();
    expect(from.isDone()).toBe(true);
    expect(router.state.location.search).toBe('?dateFrom=2026-03-10');
    expect(screen.getByLabelText('Date filter')).toHaveTextContent('Date filtered');

    await user.click(toPicker());
    const calendar = await waitFor(() => {
      const open = document.querySelector<HTMLElement>('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
      if (!open?.querySelector('td[title="2026-03-09"]')) throw new Error('The calendar of the end date is not open');
      return open;
    });
    expect(calendar.querySelector('td[title="2026-03-09"]')).toHaveClass('ant-picker-cell-disabled');
    expect(calendar.querySelector('td[title="2026-03-10"]')).not.toHaveClass('ant-picker-cell-disabled');
    await user.type(toPicker(), '2026-03-20{Enter}');
    expect(await screen.findByText('payroll-8.xlsx')).toBeInTheDocument();
    expect(range.isDone()).toBe(true);
    expect(router.state.location.search).toBe('?dateFrom=2026-03-10&dateTo=2026-03-20');
  });

  test('the search filters the page shown, ignoring case, over file name, uploader name and email, client and weekly document', async () => {
    const answered = api()
      .get(LIST)
      .query({ page: 2, limit: 20 })
      .reply(
        200,
        uploadsPage(
          [
            fileUpload(21, { filename: 'March-Payroll.xlsx', user: { name: 'Dana Doe', email: 'dana@acme.test' }, client: { name: 'Northwind' } }),
            fileUpload(22, { filename: 'hours.csv', user: { name: 'Eli Park', email: 'eli@acme.test' }, client: { name: 'Globex' } }),
            fileUpload(23, { filename: 'timesheet.xlsx', user: { name: 'Fay Lin', email: 'fay@payroll.test' }, client: { name: 'Initech' } }),
          ],
          { page: 2, total: 23 },
        ),
      );
    const user = setupUser();
    const { router } = openFileUploads('/admin/file-uploads?page=2');
    await screen.findByText('March-Payroll.xlsx');
    expect(screen.getByText('Searches this page')).toBeInTheDocument();

    const searchFor = async (text: string) => {
      await user.clear(searchBox());
      if (text) await user.type(searchBox(), text);
    };

    await searchFor('PAYROLL');
    await waitFor(() => expect(filenames()).toEqual(['March-Payroll.xlsx', 'timesheet.xlsx']));
    await searchFor('eli park');
    await waitFor(() => expect(filenames()).toEqual(['hours.csv']));
    await searchFor('DANA@ACME');
    await waitFor(() => expect(filenames()).toEqual(['March-Payroll.xlsx']));
    await searchFor('initech');
    await waitFor(() => expect(filenames()).toEqual(['timesheet.xlsx']));
    await searchFor('globex weekly document');
    await waitFor(() => expect(filenames()).toEqual(['hours.csv']));
    // The search stays in the address with the page; it asks the server nothing.
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&search=globex+weekly+document'));
    expect(answered.isDone()).toBe(true);
    expect(screen.getByLabelText('Upload count')).toHaveTextContent('23 file uploads');

    await searchFor('nobody');
    expect(await screen.findByText('No file uploads found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters to see more results')).toBeInTheDocument();
    // Other pages may hold matches: the pager stays.
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  test('Clear Filters empties the status, dates and search and asks again from page 1', async () => {
    api()
      .get(LIST)
      .query({ page: 2, limit: 20, status: 'PENDING', dateFrom: '2026-03-01', dateTo: '2026-03-31' })
      .reply(200, uploadsPage(fileUploads(21, 2), { page: 2, total: 22 }));
    const everything = api().get(LIST).query({ page: 1, limit: 20 }).reply(200, uploadsPage(fileUploads(1, 3)));
    const user = setupUser();
    const { router } = openFileUploads('/admin/file-uploads?status=PENDING&dateFrom=2026-03-01&dateTo=2026-03-31&page=2&search=payroll-22');
    await waitFor(() => expect(filenames()).toEqual(['payroll-22.xlsx']));
    expect(searchBox()).toHaveValue('payroll-22');

    await user.click(screen.getByRole('button', { name: /Clear Filters/ }));
    await waitFor(() => expect(filenames()).toEqual(['payroll-1.xlsx', 'payroll-2.xlsx', 'payroll-3.xlsx']));
    expect(everything.isDone()).toBe(true);
    expect(router.state.location.search).toBe('');
    expect(searchBox()).toHaveValue('');
    expect(fromPicker()).toHaveValue('');
    expect(toPicker()).toHaveValue('');
    expect(screen.queryByLabelText('Status filter')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Date filter')).not.toBeInTheDocument();
    expect(within(statusFilter().closest('.ant-select') as HTMLElement).getByText('All Statuses')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Clear Filters/ })).toBeDisabled();
  });

  test('without any upload it says none has been uploaded yet', async () => {
    api().get(LIST).query({ page: 1, limit: 20 }).reply(200, uploadsPage([]));
    openFileUploads();
    expect(await screen.findByText('No file uploads found')).toBeInTheDocument();
    expect(screen.getByText('No files have been uploaded yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Upload count')).toHaveTextContent('0 file uploads');
  });

  test('with a filter and no upload it suggests adjusting the filters', async () => {
    api().get(LIST).query({ page: 1, limit: 20, status: 'FAILED' }).reply(200, uploadsPage([]));
    openFileUploads('/admin/file-uploads?status=FAILED');
    expect(await screen.findByText('No file uploads found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters to see more results')).toBeInTheDocument();
    expect(screen.getByLabelText('Status filter')).toHaveTextContent('Status: Failed');
  });

  test('a load failure shows the server message', async () => {
    api().get(LIST).query(true).reply(403, { success: false, message: 'Admin access required' });
    openFileUploads();
    expect(await screen.findByRole('alert')).toHaveTextContent('Admin access required');
  });

  test('a failure without a message says the file uploads could not be loaded', async () => {
    api().get(LIST).query(true).reply(200, '<html>Sign in to the network</html>');
    openFileUploads();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load file uploads');
  });
});
