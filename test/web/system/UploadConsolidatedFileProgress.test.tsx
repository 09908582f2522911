import { act, screen, waitFor, within } from '@testing-library/react';
import { setUploadTransport } from '@/web/api/uploadTransport';
import { stubUploadTransport } from '../api/uploadTransportStub';
import { fileOf, MB, openFiles, openUploadDialog, pickFile, storedFile, XLSX } from './consolidatedFiles';
import { api, chooseOption, companyId, pageOf, setupUser } from './systemScreens';


afterEach(() => {
  setUploadTransport(null);
});

async function dialogWithFile() {
  api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', []));
  const user = setupUser();
  openFiles();
  await screen.findByText('No consolidated files found');
  const dialog = await openUploadDialog(user);
  await chooseOption(user, within(dialog).getByLabelText('Company'), 'Company 2');
  await pickFile(dialog, fileOf('march.xlsx', XLSX, 40 * MB));
  return { user, dialog };
}

describe('the progress of a consolidated-file upload', () => {
  test('the dialog shows the share sent and how much of how much, then toasts the company once stored', async () => {
    const requests = stubUploadTransport();
    const { user, dialog } = await dialogWithFile();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0].url).toBe(`http://localhost/api/system/consolidated-files/${companyId(2)}`);

    act(() => requests[0].onProgress({ sent: 10 * MB, total: 40 * MB }));
    const bar = within(within(dialog).getByTestId('upload-progress')).getByRole('progressbar');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    expect(within(dialog).getByText(/^10 MB of 40 MB/)).toBeInTheDocument();

    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', [storedFile(5, { file_name: 'march.xlsx' })]));
    const stored = { success: true, data: { file: storedFile(5, { file_name: 'march.xlsx' }), company: { id: companyId(2), name: 'Company 2' } } };
    act(() => requests[0].answer({ status: 201, statusText: 'Created', body: JSON.stringify(stored) }));
    expect(await screen.findByText('File uploaded successfully to Company 2!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Consolidated File' })).not.toBeInTheDocument());
  });

  test("the bar's Cancel aborts the transfer and keeps the dialog open without an error", async () => {
    const requests = stubUploadTransport();
    const { user, dialog } = await dialogWithFile();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0].onProgress({ sent: 4 * MB, total: 40 * MB }));

    await user.click(within(within(dialog).getByTestId('upload-progress')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(requests[0].aborted).toBe(true));
    expect(await screen.findByText('Upload cancelled: nothing was saved.')).toBeInTheDocument();
    expect(screen.queryByText('Upload failed. Please try again.')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId('upload-progress')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled();
  });
});
