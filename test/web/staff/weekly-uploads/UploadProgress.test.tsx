import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setUploadTransport } from '@/web/api/uploadTransport';
import { stubUploadTransport } from '../../api/uploadTransportStub';
import { update } from '../../realtime/fakeSocket';
import { answerList, answerSummaries, clientId, fileOf, fromServer, MB, openWeeklyUploads, row, uploadId, WEEK, weeklyUpload, XLSX } from './weeklyScreens';

const QUEUED = { success: true, message: 'Queued', data: { processingId: uploadId(1), jobId: '901' } };


function choose(file: File, client = 'Client 1') {
  fireEvent.change(screen.getByLabelText(`Document file for ${client}`), { target: { files: [file] } });
}

function bar(): HTMLElement {
  return within(screen.getByTestId('upload-progress')).getByRole('progressbar');
}

beforeEach(() => {
  answerSummaries();
});

afterEach(() => {
  setUploadTransport(null);
});

describe('the progress of a weekly upload', () => {
  test('the row shows the share of bytes sent, how much of how much and the time left, then follows the queued upload', async () => {
    const requests = stubUploadTransport();
    answerList([row(1)]);
    const { sockets } = openWeeklyUploads();
    await screen.findByText('Client 1');
    fromServer(() => sockets.latest.acceptConnection());

    choose(fileOf('march.xlsx', XLSX, 20 * MB));
    await waitFor(() => expect(requests).toHaveLength(1));
    const [request] = requests;
    expect(request.url).toBe('http://localhost/api/staff/upload-required-document');
    expect(request.method).toBe('POST');
    expect(request.body.get('clientId')).toBe(clientId(1));
    expect(request.body.get('weekStart')).toBe(WEEK.weekStart);
    expect(screen.getByText('Uploading file...')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '0');

    act(() => request.onProgress({ sent: 5 * MB, total: 20 * MB }));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '25'));
    expect(within(screen.getByTestId('upload-progress')).getByText(/^5 MB of 20 MB/)).toBeInTheDocument();
    act(() => request.onProgress({ sent: 15 * MB, total: 20 * MB }));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '75'));

    answerList([row(1, weeklyUpload(1, { status: 'QUEUED', versions: [] }))]);
    act(() => request.answer({ status: 202, statusText: 'Accepted', body: JSON.stringify(QUEUED) }));
    await waitFor(() => expect(screen.queryByTestId('upload-progress')).not.toBeInTheDocument());
    await waitFor(() => expect(sockets.latest.joins()).toEqual([uploadId(1)]));
    // the badge is drawn anew when the refetched row replaces the one queued from (found on each try)
    await waitFor(() => expect(screen.getByText('Queued for processing')).toBeInTheDocument());
  });

  test('Cancel aborts the transfer, says nothing was saved and brings the Upload button back', async () => {
    const requests = stubUploadTransport();
    answerList([row(1)]);
    openWeeklyUploads();
    await screen.findByText('Client 1');

    choose(fileOf('march.xlsx', XLSX, 20 * MB));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0].onProgress({ sent: 2 * MB, total: 20 * MB }));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '10'));

    fireEvent.click(within(screen.getByTestId('upload-progress')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(requests[0].aborted).toBe(true));
    expect(await screen.findByText('Upload cancelled: nothing was saved.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to queue the document upload. Please try again.')).not.toBeInTheDocument();
    expect(screen.queryByTestId('upload-progress')).not.toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[1]).getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  test("a refusal through the transport toasts the server's message, as before", async () => {
    const requests = stubUploadTransport();
    answerList([row(1)]);
    openWeeklyUploads();
    await screen.findByText('Client 1');

    choose(fileOf('march.xlsx', XLSX, 2 * MB));
    await waitFor(() => expect(requests).toHaveLength(1));
    const refusal = { success: false, message: 'Your company has used all 5 GB of its storage.', error: 'STORAGE_QUOTA_EXCEEDED' };
    act(() => requests[0].answer({ status: 413, statusText: 'Payload Too Large', body: JSON.stringify(refusal) }));
    expect(await screen.findByText('Your company has used all 5 GB of its storage.')).toBeInTheDocument();
  });

  test('the processing share drawn under the dots grows with the updates that carry it', async () => {
    answerList([row(1, weeklyUpload(1, { status: 'CONSOLIDATING', versions: [] }))]);
    const { sockets } = openWeeklyUploads();
    await screen.findByText('Client 1');
    fromServer(() => sockets.latest.acceptConnection());
    await waitFor(() => expect(sockets.latest.joins()).toEqual([uploadId(1)]));
    fromServer(() => sockets.latest.push(update(uploadId(1), 'CONSOLIDATING', { message: 'Consolidating: sheet 1 of 2, 4,000 rows', seq: 1, progress: 0.3 })));
    const share = await screen.findByRole('progressbar', { name: 'Share of processing done' });
    await waitFor(() => expect(share).toHaveAttribute('aria-valuenow', '30'));
    fromServer(() => sockets.latest.push(update(uploadId(1), 'CONSOLIDATING', { message: 'Consolidating: sheet 2 of 2, 9,000 rows', seq: 2, progress: 0.8 })));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Share of processing done' })).toHaveAttribute('aria-valuenow', '80'));
    // a late update with a smaller share does not move the bar back
    fromServer(() => sockets.latest.push(update(uploadId(1), 'CONSOLIDATING', { message: 'Consolidating: sheet 2 of 2, 9,500 rows', seq: 3, progress: 0.5 })));
    expect(await screen.findByText('Consolidating: sheet 2 of 2, 9,500 rows')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Share of processing done' })).toHaveAttribute('aria-valuenow', '80');
  });
});
