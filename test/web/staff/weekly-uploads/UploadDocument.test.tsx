import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { update } from '../../realtime/fakeSocket';
import { answerList, answerSummaries, api, clientId, fileOf, fromServer, listAnswer, MB, openWeeklyUploads, row, uploadId, WEEK, weeklyUpload, XLSX } from './weeklyScreens';

const QUEUED = { success: true, message: 'Queued', data: { processingId: uploadId(1), jobId: '901' } };

/** Chooses a file in the row's picker, as the browser hands it over. */
function choose(file: File, client = 'Client 1') {
  const input = screen.getByLabelText(`Document file for ${client}`) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
  return input;
}

/** A multipart body with the given fields, the file last. */
function multipartWith(fields: Record<string, string>, fileName: string) {
  return (body: unknown) => {
    if (typeof body !== 'string') return false;
    const fileAt = body.indexOf(`name="file"; filename="${fileName}"`);
    return fileAt > 0 && Object.entries(fields).every(([name, value]) => {
      const at = body.indexOf(`name="${name}"\r\n\r\n${value}\r\n`);
      return at >= 0 && at < fileAt;
    });
  };
}

beforeEach(() => {
  answerSummaries();
});

describe('uploading a weekly document', () => {
  test('the picker takes one Excel file; every check of spec section 5 is toasted and nothing is sent', async () => {
    answerList([row(1)]);
    openWeeklyUploads();
    await screen.findByText('Client 1');
    const input = screen.getByLabelText('Document file for Client 1');
    expect(input).toHaveAttribute('accept', '.xls,.xlsx,.xlsm,.xltm,.xltx');
    expect(input).not.toHaveAttribute('multiple');

    choose(fileOf('big.xlsx', XLSX, 100 * MB));
    expect(await screen.findByText('File size must be less than 100MB')).toBeInTheDocument();
    choose(fileOf('notes.xlsx', 'application/pdf'));
    expect(await screen.findByText('Invalid file format. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed')).toBeInTheDocument();
    const chosen = choose(fileOf('payroll.txt', 'text/csv'));
    expect(await screen.findByText('Invalid file extension. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed')).toBeInTheDocument();
    // The input is emptied after each choice, so the same file can be chosen again.
    expect(chosen.value).toBe('');
  });

  test('sends the client and the week viewed before the file, then follows the queued upload live', async () => {
    answerList([row(1)]);
    const { sockets } = openWeeklyUploads();
    await screen.findByText('Client 1');
    fromServer(() => sockets.latest.acceptConnection());

    const sent = api()
      .post('/api/staff/upload-required-document', multipartWith({ clientId: clientId(1), weekStart: WEEK.weekStart }, 'march.xlsx'))
      .delay(50)
      .reply(202, QUEUED);
    const refetched = answerList([row(1, weeklyUpload(1, { status: 'QUEUED', versions: [] }))]);
    choose(fileOf('march.xlsx', XLSX, 2 * MB));
    expect(await screen.findByText('Uploading file...')).toBeInTheDocument();

    await waitFor(() => expect(sockets.latest.joins()).toEqual([uploadId(1)]));
    expect(sent.isDone()).toBe(true);
    await waitFor(() => expect(refetched.isDone()).toBe(true));
    // the badge is drawn anew when the refetched row replaces the one queued from (found on each try)
    await waitFor(() => expect(screen.getByText('Queued for processing')).toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'Processing progress' })).toBeInTheDocument();
  });

  test('once queued, the row shows its progress while the week refetches, never the Upload button again', async () => {
    answerList([row(1)]);
    const { sockets } = openWeeklyUploads();
    await screen.findByText('Client 1');
    fromServer(() => sockets.latest.acceptConnection());

    api().post('/api/staff/upload-required-document').reply(202, QUEUED);
    // The week's refetch is slow to arrive: the row must not fall back to how it was before the upload.
    const refetched = api()
      .persist()
      .get('/api/staff/weekly-documents')
      .query({ ...WEEK, page: 1, limit: 10 })
      .delay(1500)
      .reply(200, listAnswer([row(1, weeklyUpload(1, { status: 'CONSOLIDATING', versions: [] }))]));
    choose(fileOf('march.xlsx', XLSX, 2 * MB));
    await waitFor(() => expect(sockets.latest.joins()).toEqual([uploadId(1)]));
    await waitFor(() => expect(screen.queryByText('Uploading file...')).not.toBeInTheDocument());
    expect(screen.getByText('Queued for processing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    fromServer(() => sockets.latest.push(update(uploadId(1), 'CONSOLIDATING')));
    expect(await screen.findByText('Consolidating file...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    await waitFor(() => expect(refetched.isDone()).toBe(true));
  });

  test("a refused upload toasts the server's message; one that never arrived, the screen's own", async () => {
    answerList([row(1)]);
    openWeeklyUploads();
    await screen.findByText('Client 1');

    api()
      .post('/api/staff/upload-required-document')
      .reply(409, { success: false, message: 'This week already has an upload for Client 1. Re-upload it from its review instead.', error: 'CONFLICT' });
    choose(fileOf('march.xlsx', XLSX));
    expect(await screen.findByText('This week already has an upload for Client 1. Re-upload it from its review instead.')).toBeInTheDocument();

    api().post('/api/staff/upload-required-document').replyWithError('socket hang up');
    choose(fileOf('march.xlsx', XLSX));
    expect(await screen.findByText('Failed to queue the document upload. Please try again.')).toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[1]).getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  test.each([
    [429, 'TOO_MANY_UPLOADS', 'Your company has 20 uploads waiting to be processed. Please wait for some to finish, then upload again.'],
    [
      429,
      'TOO_MANY_FAILED_UPLOADS',
      "This client's document for this week has failed processing 5 times in the last 24 hours. Please correct the file using the error shown and upload it again in about 3 hours, or raise a support ticket if you need help.",
    ],
    [413, 'STORAGE_QUOTA_EXCEEDED', 'Your company has used all 5 GB of its storage, so no more files can be uploaded. Ask your administrator to raise a support ticket to increase it.'],
  ])("an upload refused by a company limit (%i %s) toasts the server's words, which say what to do", async (status, error, message) => {
    answerList([row(1)]);
    openWeeklyUploads();
    await screen.findByText('Client 1');

    api().post('/api/staff/upload-required-document').reply(status, { success: false, message, error });
    choose(fileOf('march.xlsx', XLSX));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[1]).getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });
});
