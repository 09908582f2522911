import { screen, within } from '@testing-library/react';
import type { ListStaffUploadsApiResponse, StaffUploadItem } from '@/web/api/generated';
import { api, openStaffScreen, setupUser, staffPagination, UNREADABLE_BODY } from './staffScreens';

const LIST = '/api/staff/uploads';
const UPLOADED_AT = '2026-03-04T14:05:00.000Z';
/** How the table shows UPLOADED_AT (the hour depends on the machine's time zone). */
const UPLOADED_AT_TEXT = /^Mar 4, 2026, \d{1,2}:05 (AM|PM)$/;

/** Upload `index` of the staff member, as the contract's StaffUploadItem has it. */
function staffUpload(index: number, extra: Partial<StaffUploadItem> = {}): StaffUploadItem {
  return {
    id: `44444444-0000-4000-8000-${String(index).padStart(12, '0')}`,
    filename: `payroll-${index}.xlsx`,
    file_size_mb: 2,
    upload_date: UPLOADED_AT,
    status: 'SCRUBBED',
    approval_status: 'PENDING',
    document_title: `Client ${index} Weekly Document`,
    client: { name: `Client ${index}` },
    ...extra,
  };
}

const staffUploads = (from: number, count: number) => Array.from({ length: count }, (_, index) => staffUpload(from + index));

function uploadsAnswer(items: StaffUploadItem[], { page = 1, total = items.length } = {}): ListStaffUploadsApiResponse {
  return { success: true, data: { uploads: items, pagination: staffPagination({ page, total }) } };
}

/** The cells of each body row of the table, as the user reads them. */
function rowTexts() {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
}

describe('Staff file uploads screen', () => {
  test('an upload resuming after an interruption says so in place of its queued badge', async () => {
    api()
      .get(LIST)
      .query({ page: 1, limit: 10 })
      .reply(200, uploadsAnswer([staffUpload(1, { status: 'QUEUED', resuming: true }), staffUpload(2, { status: 'QUEUED' })]));
    openStaffScreen('/staff/file-uploads');
    expect(await screen.findByText('payroll-1.xlsx')).toBeInTheDocument();
    expect(rowTexts().map((cells) => cells[4])).toEqual(['Resuming after an interruption', 'Queued for processing']);
  });

  test('lists the uploads 10 a page with size, date, both badges, document and client, numbering rows across pages', async () => {
    api()
      .get(LIST)
      .query({ page: 1, limit: 10 })
      .reply(
        200,
        uploadsAnswer(
          [
            staffUpload(1, { status: 'CONSOLIDATING', approval_status: 'PENDING' }),
            staffUpload(2, { approval_status: 'APPROVED' }),
            // A failed upload is never reviewed: its approval is not pending, there is none.
            staffUpload(3, { status: 'FAILED', approval_status: 'PENDING' }),
            ...staffUploads(4, 7),
          ],
          { total: 12 },
        ),
      );
    const secondPage = api().get(LIST).query({ page: 2, limit: 10 }).reply(200, uploadsAnswer(staffUploads(11, 2), { page: 2, total: 12 }));
    const user = setupUser();
    const { router } = openStaffScreen('/staff/file-uploads');

    expect(await screen.findByRole('heading', { level: 1, name: 'File Uploads' })).toBeInTheDocument();
    expect(screen.getByText('View your uploaded files and their status')).toBeInTheDocument();
    expect(await screen.findByText('payroll-1.xlsx')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '#',
      'Filename',
      'Size',
      'Upload Date',
      'Processing Status',
      'Approval Status',
      'Required Document',
      'Client',
    ]);
    const UPLOADED = expect.stringMatching(UPLOADED_AT_TEXT);
    expect(rowTexts().slice(0, 3)).toEqual([
      ['1', 'payroll-1.xlsx', '2 MB', UPLOADED, 'Consolidating file...', 'Pending', 'Client 1 Weekly Document', 'Client 1'],
      ['2', 'payroll-2.xlsx', '2 MB', UPLOADED, 'Processing complete', 'Approved', 'Client 2 Weekly Document', 'Client 2'],
      ['3', 'payroll-3.xlsx', '2 MB', UPLOADED, 'Failed', 'N/A', 'Client 3 Weekly Document', 'Client 3'],
    ]);
    expect(rowTexts()).toHaveLength(10);
    expect(screen.getByLabelText('File count')).toHaveTextContent('12 files · Page 1 of 2');
    expect(screen.getByText('Showing 1 to 10 of 12 files')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('payroll-11.xlsx')).toBeInTheDocument();
    expect(secondPage.isDone()).toBe(true);
    expect(rowTexts().map(([number, filename]) => [number, filename])).toEqual([
      ['11', 'payroll-11.xlsx'],
      ['12', 'payroll-12.xlsx'],
    ]);
    expect(screen.getByLabelText('File count')).toHaveTextContent('12 files · Page 2 of 2');
    expect(router.state.location.search).toBe('?page=2');
  });

  test('an address with a page opens on it and numbers its rows from there', async () => {
    const asked = api().get(LIST).query({ page: 2, limit: 10 }).reply(200, uploadsAnswer(staffUploads(11, 3), { page: 2, total: 13 }));
    openStaffScreen('/staff/file-uploads?page=2');

    expect(await screen.findByText('payroll-11.xlsx')).toBeInTheDocument();
    expect(asked.isDone()).toBe(true);
    expect(rowTexts().map(([number]) => number)).toEqual(['11', '12', '13']);
    expect(screen.getByText('Showing 11 to 13 of 13 files')).toBeInTheDocument();
  });

  test('sizes are read from megabytes as Bytes, KB, MB or GB', async () => {
    api()
      .get(LIST)
      .query({ page: 1, limit: 10 })
      .reply(
        200,
        uploadsAnswer([
          staffUpload(1, { file_size_mb: 0.0004 }),
          staffUpload(2, { file_size_mb: 0.5 }),
          staffUpload(3, { file_size_mb: 12.25 }),
          staffUpload(4, { file_size_mb: 1536 }),
          staffUpload(5, { file_size_mb: 0 }),
        ]),
      );
    openStaffScreen('/staff/file-uploads');
    await screen.findByText('payroll-1.xlsx');

    expect(rowTexts().map((cells) => cells[2])).toEqual(['419 Bytes', '512 KB', '12.25 MB', '1.5 GB', '0 Bytes']);
  });

  test('without uploads it says none has been uploaded yet', async () => {
    api().get(LIST).query({ page: 1, limit: 10 }).reply(200, uploadsAnswer([]));
    openStaffScreen('/staff/file-uploads');
    expect(await screen.findByText("You haven't uploaded any files yet")).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByLabelText('File count')).toHaveTextContent('0 files · Page 1 of 1');
  });

  test('a load failure shows the server message', async () => {
    api().get(LIST).query(true).reply(403, { success: false, message: 'Your account is not a staff account' });
    openStaffScreen('/staff/file-uploads');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is not a staff account');
  });

  test('a failure without a message says the file uploads could not be loaded', async () => {
    api().get(LIST).query(true).reply(200, UNREADABLE_BODY);
    openStaffScreen('/staff/file-uploads');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your file uploads');
  });
});
