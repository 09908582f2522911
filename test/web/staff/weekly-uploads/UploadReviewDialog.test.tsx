import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDateTime } from '@/web/lib/formatDate';
import { answerList, answerSummaries, api, fileOf, fromServer, openWeeklyUploads, row, setupUser, UNREADABLE_BODY, uploadId, weeklyUpload, XLSX } from './weeklyScreens';

const REVIEWER = { name: 'Alice Admin', reviewed_at: '2026-03-05T09:30:00.000Z' };

function reviewAnswer(index: number, extra: Record<string, unknown> = {}) {
  return {
    success: true,
    data: {
      review: {
        upload_id: uploadId(index),
        upload_date: '2026-03-03T12:00:00.000Z',
        status: 'SCRUBBED',
        approval_status: 'REJECTED',
        reviewed_by: 'Alice Admin',
        reviewed_at: REVIEWER.reviewed_at,
        override_reason: null,
        week_over_week_warnings: null,
        scrub_issues: null,
        client: { id: 'c-1', name: `Client ${index}` },
        document: { id: 'd-1', title: `Client ${index} Payroll` },
        files: { raw: { filename: 'payroll.xlsx', notes: 'Two employees are missing' }, consolidated: { filename: 'c.xlsx', notes: null }, scrubbed: { filename: 's.xlsx' } },
        ...extra,
      },
    },
  };
}

/** The week: a rejected upload, an approved one and one awaiting review. */
function answerReviewedWeek() {
  answerList([
    row(1, weeklyUpload(1, { approval_status: 'REJECTED', reviewed_by: REVIEWER })),
    row(2, weeklyUpload(2, { approval_status: 'APPROVED', reviewed_by: REVIEWER })),
    row(3, weeklyUpload(3)),
  ]);
}

function notes(dialog: HTMLElement, label: string) {
  return within(dialog).getByRole('textbox', { name: label });
}

beforeEach(() => {
  answerSummaries();
  // The viewer of these uploads has nothing to show: the details are what these tests pin.
  api()
    .persist()
    .get(/^\/api\/staff\/uploads\/[^/]+\/viewer$/)
    .reply(200, { success: true, data: { state: 'UNAVAILABLE', message: 'This upload was processed before the viewer existed.', versions: [], summary: null } });
});

describe('Upload Review Details', () => {
  test('opens from a rejected badge with Enter and shows the decision, the dates and the notes, "No Notes" where there are none', async () => {
    answerReviewedWeek();
    api().get(`/api/staff/uploads/${uploadId(1)}/review`).reply(200, reviewAnswer(1));
    const user = setupUser();
    openWeeklyUploads();
    await screen.findByText('Client 1');
    expect(screen.queryByRole('button', { name: 'Pending' })).not.toBeInTheDocument();

    screen.getByRole('button', { name: 'Rejected' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Upload Review Details' });
    expect(await within(dialog).findByText('Client 1 Payroll')).toBeInTheDocument();
    // Each fact is a row: its label in the header cell, its value beside it.
    const facts = Object.fromEntries(
      within(dialog)
        .getAllByRole('row')
        .map((factRow) => [factRow.querySelector('th')?.textContent, factRow.querySelector('td')?.textContent]),
    );
    expect(facts).toEqual({
      Document: 'Client 1 Payroll',
      Client: 'Client 1',
      // Dates show in the reader's time zone.
      'Upload Date': formatDateTime('2026-03-03T12:00:00.000Z'),
      'Processing Status': 'Complete',
      'Approval Status': 'Rejected',
      'Reviewed By': 'Alice Admin',
      'Reviewed At': formatDateTime(REVIEWER.reviewed_at),
    });
    expect(notes(dialog, 'Raw File Notes')).toHaveValue('Two employees are missing');
    expect(notes(dialog, 'Raw File Notes')).toHaveAttribute('readonly');
    expect(notes(dialog, 'Consolidated File Notes')).toHaveValue('');
    expect(notes(dialog, 'Consolidated File Notes')).toHaveAttribute('placeholder', 'No Notes');
    expect(notes(dialog, 'Scrubbed File Notes')).toHaveAttribute('placeholder', 'No Notes');
    expect(within(dialog).getByRole('button', { name: 'Reupload' })).toBeInTheDocument();
    // Below the details, the file viewer says why it has nothing to show.
    expect(await within(within(dialog).getByRole('region', { name: 'File viewer' })).findByText('This upload was processed before the viewer existed.')).toBeInTheDocument();

    // The footer's Close (the corner's × is named Close too).
    const close = within(dialog).getAllByRole('button', { name: 'Close' }).find((button) => button.textContent === 'Close');
    await user.click(close as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('an approved badge opens with Space; it offers no Reupload, and a review without a reviewer shows no review time', async () => {
    answerReviewedWeek();
    api()
      .get(`/api/staff/uploads/${uploadId(2)}/review`)
      .reply(200, reviewAnswer(2, { approval_status: 'APPROVED', status: 'CONSOLIDATING', reviewed_by: null, reviewed_at: null }));
    const user = setupUser();
    openWeeklyUploads();
    await screen.findByText('Client 2');

    screen.getByRole('button', { name: 'Approved' }).focus();
    await user.keyboard(' ');
    const dialog = await screen.findByRole('dialog', { name: 'Upload Review Details' });
    expect(await within(dialog).findByText('Approved')).toBeInTheDocument();
    expect(within(dialog).getByText('Processing')).toBeInTheDocument();
    expect(within(dialog).queryByText('Reviewed At')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Reupload' })).not.toBeInTheDocument();
  });

  test('an upload approved despite errors shows the reviewer\'s reason', async () => {
    answerReviewedWeek();
    const reason = 'The store manager confirmed both rows by phone.';
    api().get(`/api/staff/uploads/${uploadId(2)}/review`).reply(200, reviewAnswer(2, { approval_status: 'APPROVED', override_reason: reason }));
    const user = setupUser();
    openWeeklyUploads();
    await screen.findByText('Client 2');

    await user.click(screen.getByRole('button', { name: 'Approved' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Review Details' });
    // A fact of its own: its label in the header cell, the reason beside it.
    const fact = (await within(dialog).findByText(reason)).closest('tr');
    expect(fact?.querySelector('th')).toHaveTextContent('Approved Despite Errors');
  });

  test('says it is loading, then that it failed', async () => {
    answerReviewedWeek();
    api().get(`/api/staff/uploads/${uploadId(1)}/review`).delay(100).reply(200, UNREADABLE_BODY);
    const user = setupUser();
    openWeeklyUploads();
    await screen.findByText('Client 1');
    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Review Details' });
    expect(within(dialog).getByText('Loading review details...')).toBeInTheDocument();
    expect(await within(dialog).findByText('Failed to load review details')).toBeInTheDocument();
  });

  test('Reupload sends a checked file for the rejected upload and follows it; a failure is only logged', async () => {
    answerReviewedWeek();
    api().get(`/api/staff/uploads/${uploadId(1)}/review`).reply(200, reviewAnswer(1));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = setupUser();
    const { sockets } = openWeeklyUploads();
    await screen.findByText('Client 1');
    fromServer(() => sockets.latest.acceptConnection());
    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Review Details' });
    const input = await within(dialog).findByLabelText('Replacement document file');

    fireEvent.change(input, { target: { files: [fileOf('notes.pdf', 'application/pdf')] } });
    expect(await screen.findByText('Invalid file format. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed')).toBeInTheDocument();

    api().post(`/api/staff/reupload-required-document/${uploadId(1)}`).reply(409, { success: false, message: 'Only a rejected upload can be re-uploaded' });
    fireEvent.change(input, { target: { files: [fileOf('fixed.xlsx', XLSX)] } });
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Re-upload failed:', 'Only a rejected upload can be re-uploaded'));
    expect(screen.queryByText('Only a rejected upload can be re-uploaded')).not.toBeInTheDocument();
    logged.mockRestore();

    const newVersion = '0f0f0f0f-0000-4000-8000-000000000009';
    api()
      .post(`/api/staff/reupload-required-document/${uploadId(1)}`, (body: unknown) => typeof body === 'string' && body.includes('filename="fixed.xlsx"'))
      .reply(202, { success: true, data: { processingId: newVersion, jobId: '77' } });
    // The rejected version's review is refetched (it is history now), and the week shows the new version.
    api().get(`/api/staff/uploads/${uploadId(1)}/review`).reply(200, reviewAnswer(1));
    answerList([row(1, weeklyUpload(9, { upload_id: newVersion, status: 'QUEUED' })), row(2), row(3)]);
    fireEvent.change(input, { target: { files: [fileOf('fixed.xlsx', XLSX)] } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sockets.latest.joins()).toContain(newVersion);
    expect(await screen.findByText('Queued for processing')).toBeInTheDocument();
  });
});
