import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, chooseOption, company, findDialog, openSystemScreen, pageOf, setupUser } from './systemScreens';

const MB = 1024 * 1024;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function storedFile(index: number, extra: Record<string, unknown> = {}) {
  return {
    id: `file-${index}`,
    file_name: `payroll-${index}.xlsx`,
    drive_file_id: `drive-${index}`,
    view_url: `https://files.example.test/view/drive-${index}`,
    upload_date: '2026-03-04T14:05:00.000Z',
    company: { id: 'company-1', name: 'Company 1' },
    uploaded_by: { name: 'Sam Operator', email: 'sam@platform.test' },
    ...extra,
  };
}

function expectCompanies() {
  api().get('/api/system/companies').query({ page: 1, limit: 100 }).reply(200, pageOf('companies', [company(1), company(2)], { limit: 100 }));
}

function openFiles() {
  expectCompanies();
  return openSystemScreen('/system/consolidated-files');
}

/** Picks a file in the dialog's file input, the way a browser hands it over. */
function pickFile(dialog: HTMLElement, file: File) {
  fireEvent.change(within(dialog).getByLabelText('File'), { target: { files: [file] } });
}

function fileOf(name: string, type: string, size?: number): File {
  const file = new File(['a,b\n1,2\n'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function openUploadDialog(user: ReturnType<typeof setupUser>) {
  await user.click(screen.getByRole('button', { name: 'Upload File' }));
  return findDialog('Upload Consolidated File');
}

describe('Consolidated files screen', () => {
  test('lists files with type, uploader and date, and pages them by 10', async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) => storedFile(index + 1));
    firstPage[1] = storedFile(2, { file_name: 'README' });
    api().get('/api/system/consolidated-files').query({ page: 1, limit: 10 }).reply(200, pageOf('files', firstPage, { total: 12 }));
    api().get('/api/system/consolidated-files').query({ page: 2, limit: 10 }).reply(200, pageOf('files', [storedFile(11), storedFile(12)], { page: 2, total: 12 }));
    const user = setupUser();
    openFiles();

    expect(await screen.findByRole('heading', { level: 1, name: 'Consolidated Files' })).toBeInTheDocument();
    expect(await screen.findByText('payroll-1.xlsx')).toBeInTheDocument();
    expect(screen.getByLabelText('File count')).toHaveTextContent('12 files');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['File Name', 'Company', 'Type', 'Uploaded By', 'Upload Date', 'Actions']);
    const [firstRow, secondRow] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(firstRow).toHaveTextContent('Company 1');
    expect(firstRow).toHaveTextContent('XLSX');
    expect(firstRow).toHaveTextContent('Sam Operator');
    expect(firstRow).toHaveTextContent('sam@platform.test');
    expect(firstRow).toHaveTextContent(/Mar 4, 2026, \d{1,2}:05 (AM|PM)/);
    expect(secondRow).toHaveTextContent('FILE');
    expect(screen.getByText('Showing 1 to 10 of 12 files')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 12 of 12 files')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  test('View opens the file in a new tab', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', [storedFile(1)]));
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const user = setupUser();
    openFiles();
    await user.click(await screen.findByRole('button', { name: 'View payroll-1.xlsx' }));
    expect(open).toHaveBeenCalledWith('https://files.example.test/view/drive-1', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  test('the company filter asks for that company from the first page; empty states differ', async () => {
    api().get('/api/system/consolidated-files').query({ page: 1, limit: 10 }).reply(200, pageOf('files', [storedFile(1)], { total: 11 }));
    api().get('/api/system/consolidated-files').query({ page: 2, limit: 10 }).reply(200, pageOf('files', [storedFile(11)], { page: 2, total: 11 }));
    const filtered = api()
      .get('/api/system/consolidated-files')
      .query({ page: 1, limit: 10, companyId: 'company-2' })
      .reply(200, pageOf('files', []));
    const user = setupUser();
    openFiles();
    await screen.findByText('payroll-1.xlsx');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('payroll-11.xlsx');

    await chooseOption(user, screen.getByRole('combobox', { name: 'Filter by company' }), 'Company 2');

    expect(await screen.findByText('No consolidated files found')).toBeInTheDocument();
    expect(filtered.isDone()).toBe(true);
    expect(screen.getByText('No consolidated files have been uploaded for Company 2 yet.')).toBeInTheDocument();
  });

  test('with no file at all it invites an upload', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', []));
    openFiles();
    expect(await screen.findByText('No consolidated files found')).toBeInTheDocument();
    expect(screen.getByText('Upload a consolidated file to get started.')).toBeInTheDocument();
  });

  test('a load failure names the reason', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(403, { success: false, message: 'Forbidden' });
    openFiles();
    expect(await screen.findByText('Failed to load consolidated files: Forbidden')).toBeInTheDocument();
  });

  test('the upload dialog refuses a missing choice, a large file, a wrong type and a wrong extension', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', []));
    const user = setupUser();
    openFiles();
    await screen.findByText('No consolidated files found');
    const dialog = await openUploadDialog(user);
    expect(within(dialog).getByLabelText('File')).toHaveAttribute('accept', '.xls,.xlsx,.xlsm,.csv');

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Please select both a file and a company')).toBeInTheDocument();

    await chooseOption(user, within(dialog).getByLabelText('Company'), 'Company 1');
    pickFile(dialog, fileOf('big.xlsx', XLSX, 100 * MB));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('File size must be less than 100MB')).toBeInTheDocument();

    pickFile(dialog, fileOf('notes.xlsx', 'application/pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Invalid file format. Only Excel files (.xls, .xlsx, .xlsm) and CSV files are allowed')).toBeInTheDocument();

    pickFile(dialog, fileOf('payroll.txt', 'text/csv'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Invalid file extension. Only Excel files (.xls, .xlsx, .xlsm) and CSV files are allowed')).toBeInTheDocument();
  });

  test('an upload sends the file as multipart, toasts the company and closes; a failure keeps the dialog open', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', []));
    const user = setupUser();
    openFiles();
    await screen.findByText('No consolidated files found');
    const dialog = await openUploadDialog(user);
    await chooseOption(user, within(dialog).getByLabelText('Company'), 'Company 2');
    pickFile(dialog, fileOf('march.xlsx', XLSX, Math.round(1.5 * MB)));
    expect(within(dialog).getByText('march.xlsx (1.50 MB)')).toBeInTheDocument();

    const multipart = (body: unknown) => typeof body === 'string' && body.includes('name="file"; filename="march.xlsx"');
    api().post('/api/system/consolidated-files/company-2', multipart).reply(413, { success: false, message: 'File too large for storage' });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('File too large for storage')).toBeInTheDocument();
    expect(await screen.findByText('Upload failed. Please try again.')).toBeInTheDocument();

    api()
      .post('/api/system/consolidated-files/company-2', multipart)
      .reply(201, { success: true, data: { file: storedFile(5, { file_name: 'march.xlsx' }), company: { id: 'company-2', name: 'Company 2' } } });
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', [storedFile(5, { file_name: 'march.xlsx' })]));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('File uploaded successfully to Company 2!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Consolidated File' })).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'View march.xlsx' })).toBeInTheDocument();
  });

  test('cancelling the upload dialog clears the choice and the error', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', []));
    const user = setupUser();
    openFiles();
    await screen.findByText('No consolidated files found');
    let dialog = await openUploadDialog(user);
    pickFile(dialog, fileOf('march.xlsx', XLSX));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Please select both a file and a company')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Consolidated File' })).not.toBeInTheDocument());
    dialog = await openUploadDialog(user);
    expect(within(dialog).queryByText('Please select both a file and a company')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/march\.xlsx/)).not.toBeInTheDocument();
  });
});
