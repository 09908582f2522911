import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { strToU8, zipSync } from 'fflate';
import { setUploadTransport } from '@/web/api/uploadTransport';
import { stubUploadTransport } from '../../api/uploadTransportStub';
import { ZIP_MESSAGES } from '@/web/features/staff/weekly-uploads/weekZip';
import { client, clients, clientsAnswer } from '../staffScreens';
import { answerSummaries, api, clientId, listAnswer, openWeeklyUploads, row, setupUser, uploadId, WEEK } from './weeklyScreens';
import { declareSize } from './zipBytes';

type Match = Record<string, unknown>;

/** One file's match as the server answers it. */
function match(fileName: string, index: number | null, confidence = 0.9, extra: Match = {}): Match {
  return {
    fileName,
    clientId: index === null ? null : clientId(index),
    clientName: index === null ? null : `Client ${index}`,
    confidence: index === null ? 0 : confidence,
    reasons: index === null ? [] : [{ signal: 'employees', text: `12 of 12 employees are Client ${index}'s` }],
    alreadyUploaded: false,
    refusal: null,
    ...extra,
  };
}

/**
 * The staff member's 101 active clients, over two pages of 100: the last one is only on the second
 * page, and must still be offered.
 */
function answerAllClients() {
  const first = api()
    .get('/api/staff/clients')
    .query({ page: 1, limit: 100, status: 'ACTIVE' })
    .reply(200, clientsAnswer(clients(1, 100), { page: 1, limit: 100, total: 101 }));
  const second = api()
    .get('/api/staff/clients')
    .query({ page: 2, limit: 100, status: 'ACTIVE' })
    .reply(200, clientsAnswer([client(101)], { page: 2, limit: 100, total: 101 }));
  return { first, second };
}

/** The match request, answering `matches`; `sent` holds the multipart bodies it received. */
function answerMatch(matches: Match[]) {
  const sent: string[] = [];
  const scope = api()
    .post('/api/staff/weekly-uploads/match', (body) => {
      sent.push(String(body));
      return true;
    })
    .reply(200, { success: true, data: { weekStart: WEEK.weekStart, threshold: 0.6, matches } });
  return { scope, sent };
}

/** The value of a multipart field of a body. */
function field(body: string, name: string): string | undefined {
  return new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body)?.[1];
}

/** The file names of a multipart body, in order. */
function fileNames(body: string): string[] {
  return [...body.matchAll(/name="files?"; filename="([^"]*)"/g)].map((m) => m[1]);
}

function csv(name: string, text: string): File {
  return new File([text], name, { type: 'text/csv' });
}

async function openDialog() {
  // The week's list, read again whenever matching or an upload changes the week.
  api()
    .persist()
    .get('/api/staff/weekly-documents')
    .query(true)
    .reply(200, listAnswer([row(1), row(2), row(3)]));
  const { sockets } = openWeeklyUploads();
  await screen.findByText('Client 1');
  const user = setupUser();
  await user.click(screen.getByRole('button', { name: 'Upload the week' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload the week' });
  return { dialog, user, sockets };
}

function drop(dialog: HTMLElement, files: File[]) {
  fireEvent.change(within(dialog).getByLabelText("The week's files"), { target: { files } });
}

const fileRow = (dialog: HTMLElement, name: string) => within(dialog).getByRole('row', { name: new RegExp(name.replace(/[.()]/g, '\\$&')) });


beforeEach(() => {
  answerSummaries();
});

afterEach(() => {
  setUploadTransport(null);
});

describe('Upload the week', () => {
  test('shows each match, takes a changed client from any page of clients, and sends each file with its client and suggestion', async () => {
    const pages = answerAllClients();
    const { dialog, user } = await openDialog();
    await waitFor(() => expect(pages.second.isDone()).toBe(true));

    const { sent } = answerMatch([match('payroll.csv', 1, 0.92), match('export.csv', 2, 0.71), match('Book1.csv', null)]);
    drop(dialog, [csv('payroll.csv', 'a'), csv('export.csv', 'b'), csv('Book1.csv', 'c')]);

    const first = await waitFor(() => fileRow(dialog, 'payroll.csv'));
    expect(within(first).getByText('92% sure')).toBeInTheDocument();
    expect(within(first).getByText("12 of 12 employees are Client 1's")).toBeInTheDocument();
    expect(within(fileRow(dialog, 'Book1.csv')).getByText('No client recognised')).toBeInTheDocument();
    expect(fileNames(sent[0])).toEqual(['payroll.csv', 'export.csv', 'Book1.csv']);
    expect(field(sent[0], 'weekStart')).toBe(WEEK.weekStart);
    // Clients 3 to 101 have no file yet, the last of them read from the second page.
    expect(within(dialog).getByText('Clients without a file this week (99)')).toBeInTheDocument();
    expect(within(dialog).getByTestId('clients-without-file')).toHaveTextContent(/Client 101$/);

    // The second file is Client 101's: a client only the second page listed.
    await user.click(within(fileRow(dialog, 'export.csv')).getByRole('combobox', { name: 'Client for export.csv' }));
    await user.keyboard('Client 101');
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === 'Client 101');
      if (!found) throw new Error('Client 101 is not offered');
      return found;
    });
    await user.click(option);

    const uploads: string[] = [];
    const uploaded = api()
      .post('/api/staff/upload-required-document', (body) => {
        uploads.push(String(body));
        return true;
      })
      .times(2)
      .reply(202, (_uri, _body) => ({ success: true, message: 'Queued', data: { processingId: uploadId(uploads.length), jobId: `90${uploads.length}` } }));
    // The file without a client is not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Upload 2 files' }));
    await waitFor(() => expect(within(dialog).getAllByText('Queued for processing')).toHaveLength(2));
    expect(uploaded.isDone()).toBe(true);

    expect(uploads.map((body) => ({ client: field(body, 'clientId'), week: field(body, 'weekStart'), file: fileNames(body), suggestion: JSON.parse(field(body, 'matchSuggestion') ?? 'null') }))).toEqual([
      { client: clientId(1), week: WEEK.weekStart, file: ['payroll.csv'], suggestion: { clientId: clientId(1), confidence: 0.92 } },
      { client: clientId(101), week: WEEK.weekStart, file: ['export.csv'], suggestion: { clientId: clientId(2), confidence: 0.71 } },
    ]);
    expect(within(fileRow(dialog, 'Book1.csv')).getByText('Ready')).toBeInTheDocument();
    // the last file's answer ends the sending (its loading state) just after its row says so
    expect(await within(dialog).findByRole('button', { name: 'Upload 0 files' })).toBeDisabled();
  });

  test('a zip dropped with other files is unpacked: its payroll files join the list by their own names', async () => {
    answerAllClients();
    const { dialog } = await openDialog();
    const archive = zipSync({
      'Week 10/alder.csv': strToU8('id,name\n1,Ann\n'),
      'Week 10/birch.xlsx': strToU8('not really a workbook'),
      'Week 10/notes.txt': strToU8('skip me'),
      'Week 10/.hidden.csv': strToU8('skip me'),
      '__MACOSX/Week 10/._alder.csv': strToU8('resource fork'),
      'Week 10/empty/': new Uint8Array(0),
    });
    const { sent } = answerMatch([match('cedar.csv', 3), match('alder.csv', 1), match('birch.xlsx', 2)]);
    drop(dialog, [csv('cedar.csv', 'c'), new File([archive], 'week.zip', { type: 'application/zip' })]);

    await waitFor(() => expect(within(dialog).getAllByText('Ready')).toHaveLength(3));
    expect(fileNames(sent[0])).toEqual(['cedar.csv', 'alder.csv', 'birch.xlsx']);
    expect(sent[0]).toContain('id,name\n1,Ann\n');
    expect(sent[0]).toMatch(/filename="birch.xlsx"\r\nContent-Type: application\/vnd.openxmlformats-officedocument.spreadsheetml.sheet/);
    expect(within(dialog).getByRole('button', { name: 'Upload 3 files' })).toBeEnabled();
  });

  test('a zip bomb is refused with its reason before anything is inflated; the other files still go on', async () => {
    answerAllClients();
    const { dialog } = await openDialog();
    // The archive says its file unpacks to 3 GB: refused on the declared size alone.
    const bomb = declareSize(zipSync({ 'payroll.csv': strToU8('id,name\n'.repeat(100)) }), 3 * 1024 * 1024 * 1024);
    const { sent } = answerMatch([match('cedar.csv', 3)]);
    drop(dialog, [new File([bomb], 'week.zip', { type: 'application/zip' }), csv('cedar.csv', 'c')]);

    expect(await within(dialog).findByText(ZIP_MESSAGES.fileTooLarge('week.zip', 'payroll.csv'))).toBeInTheDocument();
    expect(within(dialog).getByText('week.zip was not unpacked: payroll.csv is larger than 100MB once unpacked.')).toBeInTheDocument();
    await waitFor(() => expect(fileNames(sent[0] ?? '')).toEqual(['cedar.csv']));
    await waitFor(() => expect(within(dialog).getAllByText('Ready')).toHaveLength(1));
  });

  test('the file being sent shows the share of its bytes sent; Cancel stops that file only and the next one is sent', async () => {
    answerAllClients();
    const requests = stubUploadTransport();
    const { dialog, user } = await openDialog();
    answerMatch([match('payroll.csv', 1), match('export.csv', 2)]);
    drop(dialog, [csv('payroll.csv', 'a'.repeat(4000)), csv('export.csv', 'b')]);
    await waitFor(() => expect(within(dialog).getAllByText('Ready')).toHaveLength(2));

    await user.click(within(dialog).getByRole('button', { name: 'Upload 2 files' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const progress = await within(fileRow(dialog, 'payroll.csv')).findByTestId('upload-progress');
    act(() => requests[0].onProgress({ sent: 1000, total: 4000 }));
    await waitFor(() => expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25'));

    await user.click(within(progress).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(requests[0].aborted).toBe(true));
    expect(await within(fileRow(dialog, 'payroll.csv')).findByText('Upload cancelled: nothing was saved.')).toBeInTheDocument();

    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1].body.get('clientId')).toBe(clientId(2));
    act(() => requests[1].answer({ status: 202, statusText: 'Accepted', body: JSON.stringify({ success: true, message: 'Queued', data: { processingId: uploadId(2), jobId: '902' } }) }));
    expect(await within(fileRow(dialog, 'export.csv')).findByText('Queued for processing')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('upload-progress')).not.toBeInTheDocument();
  });
});
