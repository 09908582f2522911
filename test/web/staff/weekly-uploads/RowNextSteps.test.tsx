import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answerList, answerSummaries, api, clientId, fileOf, fromServer, openWeeklyUploads, row, setupUser, uploadId, WEEK, weeklyUpload, XLSX } from './weeklyScreens';

const REVIEWER = { name: 'Alice Admin', reviewed_at: '2026-03-05T09:30:00.000Z' };
const NEW_VERSION = '0f0f0f0f-0000-4000-8000-000000000009';

/** The row of a client, found by its name. */
function rowOf(client: string): HTMLElement {
  const cell = screen.getByText(client);
  const found = cell.closest('tr');
  if (!found) throw new Error(`No row for ${client}`);
  return found;
}

function reviewAnswer(index: number, extra: Record<string, unknown> = {}) {
  return {
    success: true,
    data: {
      review: {
        upload_id: uploadId(index),
        upload_date: '2026-03-03T12:00:00.000Z',
        status: 'SCRUBBED',
        approval_status: 'PENDING',
        reviewed_by: null,
        reviewed_at: null,
        override_reason: null,
        week_over_week_warnings: null,
        scrub_issues: null,
        client: { id: clientId(index), name: `Client ${index}` },
        document: { id: 'd-1', title: `Client ${index} Payroll` },
        files: { raw: { filename: 'payroll.xlsx', notes: null } },
        ...extra,
      },
    },
  };
}

/** A rejected row: the server sends the first line of the reviewer's first note with it. */
const rejected = (index: number, firstNote: string | null) =>
  row(index, weeklyUpload(index, { approval_status: 'REJECTED', reviewed_by: REVIEWER, versions: ['raw', 'scrubbed'], first_note: firstNote }));

beforeEach(() => {
  answerSummaries({ total: 3, uploaded: 3, pending: 1, approved: 0, rejected: 1, failed: 1, processing: 0, remaining: 0 });
  api()
    .persist()
    .get(/^\/api\/staff\/uploads\/[^/]+\/viewer$/)
    .reply(200, { success: true, data: { state: 'UNAVAILABLE', message: 'This upload was processed before the viewer existed.', versions: [], summary: null } });
});

describe('the next step in the row', () => {
  test("a rejected row shows the reviewer's first note, its notes one click away, and reuploads from the row", async () => {
    answerList([rejected(1, 'Week ending date missing'), row(2)]);
    api().get(`/api/staff/uploads/${uploadId(1)}/review`).reply(200, reviewAnswer(1, { approval_status: 'REJECTED', reviewed_by: 'Alice Admin', reviewed_at: REVIEWER.reviewed_at }));
    const user = setupUser();
    const { sockets } = openWeeklyUploads();
    await screen.findByText('Client 1');
    fromServer(() => sockets.latest.acceptConnection());
    const rejectedRow = rowOf('Client 1');
    expect(within(rejectedRow).getByText('Week ending date missing')).toBeInTheDocument();
    expect(within(rowOf('Client 2')).queryByRole('button', { name: 'Reupload' })).not.toBeInTheDocument();

    await user.click(within(rejectedRow).getByRole('button', { name: 'View notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Review Details' });
    expect(await within(dialog).findByText('Rejected')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const sent = api()
      .post(`/api/staff/reupload-required-document/${uploadId(1)}`, (body: unknown) => typeof body === 'string' && body.includes('filename="fixed.xlsx"'))
      .reply(202, { success: true, data: { processingId: NEW_VERSION, jobId: '77' } });
    answerList([row(1, weeklyUpload(9, { upload_id: NEW_VERSION, status: 'QUEUED', versions: [] })), row(2)]);
    fireEvent.change(within(rejectedRow).getByLabelText('Replacement document file for Client 1'), { target: { files: [fileOf('fixed.xlsx', XLSX)] } });
    await waitFor(() => expect(sent.isDone()).toBe(true));
    await waitFor(() => expect(sockets.latest.joins()).toContain(NEW_VERSION));
    // the row is drawn anew for the new version: find it again on each try
    await waitFor(() => expect(within(rowOf('Client 1')).getByText('Queued for processing')).toBeInTheDocument());
    expect(within(rowOf('Client 1')).queryByRole('button', { name: 'Reupload' })).not.toBeInTheDocument();
  });

  test('a failed row says why, shows N/A for its approval, and offers Upload again', async () => {
    answerList([row(1, { ...weeklyUpload(1, { status: 'FAILED', error_message: 'No payroll table was found in the workbook.' }), versions: [] })]);
    const { sockets } = openWeeklyUploads();
    await screen.findByText('Client 1');
    fromServer(() => sockets.latest.acceptConnection());
    const failed = rowOf('Client 1');
    expect(within(failed).getByText('No payroll table was found in the workbook.')).toBeInTheDocument();
    expect(within(failed).getByText('N/A')).toBeInTheDocument();
    expect(within(failed).queryByText('Pending')).not.toBeInTheDocument();

    const sent = api()
      .post('/api/staff/upload-required-document', (body: unknown) => typeof body === 'string' && body.includes(`\r\n\r\n${clientId(1)}\r\n`) && body.includes(`\r\n\r\n${WEEK.weekStart}\r\n`))
      .reply(202, { success: true, message: 'Queued', data: { processingId: NEW_VERSION, jobId: '78' } });
    answerList([row(1, weeklyUpload(9, { upload_id: NEW_VERSION, status: 'QUEUED', versions: [] }))]);
    expect(within(failed).getByRole('button', { name: 'Upload again' })).toBeInTheDocument();
    fireEvent.change(within(failed).getByLabelText('Document file for Client 1'), { target: { files: [fileOf('again.xlsx', XLSX)] } });
    await waitFor(() => expect(sent.isDone()).toBe(true));
    await waitFor(() => expect(sockets.latest.joins()).toContain(NEW_VERSION));
  });

  test("an upload awaiting review shows what processing found, in the row and in its details, before the admin decides", async () => {
    answerList([
      row(1, weeklyUpload(1, { scrub_issues: { errors: 2, warnings: 1 }, week_over_week_warnings: 3 })),
      row(2, weeklyUpload(2, { scrub_issues: { errors: 0, warnings: 0 }, week_over_week_warnings: 0 })),
      row(3, weeklyUpload(3, { status: 'CONSOLIDATING', versions: [] })),
    ]);
    api()
      .get(`/api/staff/uploads/${uploadId(1)}/review`)
      .reply(200, reviewAnswer(1, { scrub_issues: { errors: 2, warnings: 1 }, week_over_week_warnings: 3 }));
    const user = setupUser();
    openWeeklyUploads();
    await screen.findByText('Client 1');

    const checks = within(rowOf('Client 1')).getByRole('group', { name: 'Checks' });
    expect(within(checks).getAllByText(/./).map((tag) => tag.textContent)).toEqual(['2 errors', '1 warning', '3 changes since last week']);
    expect(within(within(rowOf('Client 2')).getByRole('group', { name: 'Checks' })).getByText('No issues')).toBeInTheDocument();
    // Nothing is said of an upload not processed yet.
    expect(within(rowOf('Client 3')).queryByRole('group', { name: 'Checks' })).not.toBeInTheDocument();

    await user.click(within(rowOf('Client 1')).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Review Details' });
    const fact = (await within(dialog).findByRole('group', { name: 'Checks' })).closest('tr');
    expect(fact?.querySelector('th')).toHaveTextContent('Checks');
    expect(fact?.querySelector('td')).toHaveTextContent('2 errors1 warning3 changes since last week');
    expect(within(dialog).getByText('Pending Review')).toBeInTheDocument();
  });

  test('the week summary counts what is done apart from each other state', async () => {
    answerList([row(1)]);
    openWeeklyUploads();
    expect(await screen.findByLabelText('Week summary')).toHaveTextContent('0 of 3 completed · 1 awaiting review · 1 rejected · 1 failed · 0 not uploaded');
  });
});
