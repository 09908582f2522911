import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fileOf, MB, openFiles, openUploadDialog, pickFile, storedFile, XLSX } from './consolidatedFiles';
import { api, chooseOption, companyId, pageOf, setupUser } from './systemScreens';

describe('Upload Consolidated File dialog', () => {
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
    await pickFile(dialog, fileOf('big.xlsx', XLSX, 100 * MB));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('File size must be less than 100MB')).toBeInTheDocument();

    await pickFile(dialog, fileOf('notes.xlsx', 'application/pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Invalid file format. Only Excel files (.xls, .xlsx, .xlsm) and CSV files are allowed')).toBeInTheDocument();

    await pickFile(dialog, fileOf('payroll.txt', 'text/csv'));
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
    await pickFile(dialog, fileOf('march.xlsx', XLSX, Math.round(1.5 * MB)));
    expect(within(dialog).getByText('march.xlsx (1.5 MB)')).toBeInTheDocument();

    const multipart = (body: unknown) => typeof body === 'string' && body.includes('name="file"; filename="march.xlsx"');
    api().post(`/api/system/consolidated-files/${companyId(2)}`, multipart).reply(413, { success: false, message: 'File too large for storage' });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('File too large for storage')).toBeInTheDocument();
    expect(await screen.findByText('Upload failed. Please try again.')).toBeInTheDocument();

    api()
      .post(`/api/system/consolidated-files/${companyId(2)}`, multipart)
      .reply(201, { success: true, data: { file: storedFile(5, { file_name: 'march.xlsx' }), company: { id: companyId(2), name: 'Company 2' } } });
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
    await pickFile(dialog, fileOf('march.xlsx', XLSX));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Please select both a file and a company')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Consolidated File' })).not.toBeInTheDocument());
    dialog = await openUploadDialog(user);
    expect(within(dialog).queryByText('Please select both a file and a company')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/march\.xlsx/)).not.toBeInTheDocument();
  });

  test('each message of the upload dialog clears as soon as its cause is fixed', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', []));
    const user = setupUser();
    openFiles();
    await screen.findByText('No consolidated files found');
    const dialog = await openUploadDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Please select both a file and a company')).toBeInTheDocument();

    await chooseOption(user, within(dialog).getByLabelText('Company'), 'Company 1');
    // One of the two is still missing.
    expect(within(dialog).getByText('Please select both a file and a company')).toBeInTheDocument();
    await pickFile(dialog, fileOf('notes.pdf', 'application/pdf'));
    expect(within(dialog).queryByText('Please select both a file and a company')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Invalid file format. Only Excel files (.xls, .xlsx, .xlsm) and CSV files are allowed')).toBeInTheDocument();

    await pickFile(dialog, fileOf('march.csv', 'text/csv'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a small file shows its size in bytes or kilobytes, not 0.00 MB', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', []));
    const user = setupUser();
    openFiles();
    await screen.findByText('No consolidated files found');
    const dialog = await openUploadDialog(user);
    await pickFile(dialog, fileOf('tiny.csv', 'text/csv', 512));
    expect(within(dialog).getByText('tiny.csv (512 Bytes)')).toBeInTheDocument();
    await pickFile(dialog, fileOf('small.csv', 'text/csv', 1536));
    expect(within(dialog).getByText('small.csv (1.5 KB)')).toBeInTheDocument();
  });

  test('the file is picked in a drag-and-drop area and nothing is sent until Upload', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', []));
    const user = setupUser();
    openFiles();
    await screen.findByText('No consolidated files found');
    const dialog = await openUploadDialog(user);
    expect(within(dialog).getByText('Click or drag a file to this area')).toBeInTheDocument();
    const dropArea = dialog.querySelector('.ant-upload-drag .ant-upload-btn') as HTMLElement;
    expect(dropArea).not.toBeNull();
    fireEvent.drop(dropArea, { dataTransfer: { files: [fileOf('dropped.xlsx', XLSX)], items: [] } });
    expect(await within(dialog).findByText(/^dropped\.xlsx \(/)).toBeInTheDocument();
    // No request left: the setup fails the test on any request nobody expected.
  });

  test('the upload dialog starts with the company the screen is filtered on', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', []));
    const user = setupUser();
    openFiles(`?companyId=${companyId(2)}`);
    expect(await screen.findByText('No consolidated files have been uploaded for Company 2 yet.')).toBeInTheDocument();
    const dialog = await openUploadDialog(user);
    expect(within(dialog).getByText('Company 2')).toBeInTheDocument();

    await pickFile(dialog, fileOf('march.xlsx', XLSX));
    api()
      .post(`/api/system/consolidated-files/${companyId(2)}`)
      .reply(201, { success: true, data: { file: storedFile(5, { file_name: 'march.xlsx' }), company: { id: companyId(2), name: 'Company 2' } } });
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', [storedFile(5, { file_name: 'march.xlsx' })]));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('File uploaded successfully to Company 2!')).toBeInTheDocument();
  });
});
