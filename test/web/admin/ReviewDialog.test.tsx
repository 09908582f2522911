import { screen, waitFor, within } from '@testing-library/react';
import { formatDateTime } from '@/web/lib/formatDate';
import { answerList, answerOpenedUpload, api, openReviewScreen, row, setupUser, upload, uploadId } from './weeklyReviewScreens';

const REVIEW = `/api/company/weekly-documents/${uploadId(1)}/review`;
const GONE = "Upload not found or you don't have access to this upload.";

/** The viewer of an upload processed before it existed: the dialog's own behaviour is what these tests pin. */
function answerViewerUnavailable() {
  answerOpenedUpload(1);
  api()
    .get(`/api/company/uploads/${uploadId(1)}/viewer`)
    .reply(200, { success: true, data: { state: 'UNAVAILABLE', message: 'This upload was processed before the viewer existed.', versions: [], summary: null } });
}

async function openReview(user: ReturnType<typeof setupUser>) {
  await screen.findByText('Client 1');
  answerViewerUnavailable();
  await user.click(screen.getByRole('button', { name: 'Review' }));
  return screen.findByRole('dialog', { name: 'Review Upload' });
}

function tab(dialog: HTMLElement, name: string | RegExp) {
  return within(dialog).getByRole('tab', { name });
}

describe('the review dialog', () => {
  test('shows who uploaded what and when, and a tab per version with its file and size; a missing version is marked N/A and cannot be opened', async () => {
    const withoutScrubbed = upload(1, { uploaded_by: { name: '' }, versions: ['raw', 'consolidated'] });
    answerList([row(1, withoutScrubbed)]);
    // The versions' files and sizes are read when the row is opened.
    answerOpenedUpload(1, {
      uploaded_by: { name: '' },
      file_versions: { raw: { filename: 'payroll.xlsx', file_size_mb: 1.5, notes: null }, consolidated: { filename: 'payroll-consolidated.xlsx', file_size_mb: 0.5 } },
    });
    const user = setupUser();
    openReviewScreen();
    const dialog = await openReview(user);

    // The facts come first, each label followed by its value (two to a row where the dialog is wide).
    const labels = within(dialog).getAllByRole('columnheader').slice(0, 4);
    const facts = Object.fromEntries(labels.map((label) => [label.textContent, label.nextElementSibling?.textContent]));
    expect(facts).toEqual({ Client: 'Client 1', Document: 'Client 1 Payroll', 'Uploaded By': 'Unknown', 'Upload Date': formatDateTime('2026-03-03T12:00:00.000Z') });
    expect(within(dialog).getAllByRole('tab').map((element) => element.textContent)).toEqual(['Raw File', 'Consolidated', 'Scrubbed (N/A)']);
    expect(tab(dialog, 'Raw File')).toHaveAttribute('aria-selected', 'true');
    expect(tab(dialog, 'Scrubbed (N/A)')).toHaveAttribute('aria-disabled', 'true');
    expect(await within(dialog).findByText('payroll.xlsx')).toBeInTheDocument();
    expect(within(dialog).getByText('1.50 MB')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Raw File Comments (optional)' })).toHaveValue('');

    await user.click(tab(dialog, 'Consolidated'));
    expect(within(dialog).getByText('payroll-consolidated.xlsx')).toBeInTheDocument();
    expect(within(dialog).getByText('0.50 MB')).toBeInTheDocument();
    await user.click(tab(dialog, 'Scrubbed (N/A)'));
    expect(tab(dialog, 'Consolidated')).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent).filter(Boolean)).toEqual(['Cancel', 'Reject', 'Approve']);
  });

  test("the list names which versions exist; their files and sizes are read only when the row is opened, and a failed read offers Retry", async () => {
    answerList([row(1, upload(1))]);
    // Refused, as when its client was deleted meanwhile: the dialog says so in the server's words.
    const refused = api()
      .get(`/api/company/uploads/${uploadId(1)}`)
      .reply(404, { success: false, message: GONE, error: 'NOT_FOUND' });
    const user = setupUser();
    openReviewScreen();
    await screen.findByText('Client 1');
    expect(refused.isDone()).toBe(false);

    api()
      .get(`/api/company/uploads/${uploadId(1)}/viewer`)
      .reply(200, { success: true, data: { state: 'UNAVAILABLE', message: 'This upload was processed before the viewer existed.', versions: [], summary: null } });
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Upload' });
    // The tabs come from the row at once; the file of each waits for the upload.
    expect(within(dialog).getAllByRole('tab').map((element) => element.textContent)).toEqual(['Raw File', 'Consolidated', 'Scrubbed']);
    expect(await within(dialog).findByText(GONE)).toBeInTheDocument();
    expect(refused.isDone()).toBe(true);
    expect(within(dialog).getByRole('textbox', { name: 'Raw File Comments (optional)' })).toBeEnabled();

    answerOpenedUpload(1);
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('payroll.xlsx')).toBeInTheDocument();
    expect(within(dialog).getByText('1.50 MB')).toBeInTheDocument();
    expect(within(dialog).queryByText(GONE)).not.toBeInTheDocument();
  });

  test('Approve sends the decision with only the comments written, trimmed, then closes and the list refetches', async () => {
    answerList([row(1, upload(1))]);
    const decision = api().post(REVIEW, { approval_status: 'APPROVED', raw_notes: 'Two employees are missing', scrubbed_notes: 'Fine' }).reply(200, { success: true, message: 'Reviewed' });
    const refetched = answerList([row(1, upload(1, { approval_status: 'APPROVED', reviewed_by: { name: 'Alice Admin', reviewed_at: '2026-03-05T09:30:00.000Z' } }), 'APPROVED')]);
    const user = setupUser();
    openReviewScreen();
    const dialog = await openReview(user);

    await user.type(within(dialog).getByRole('textbox', { name: 'Raw File Comments (optional)' }), '  Two employees are missing ');
    await user.click(tab(dialog, 'Consolidated'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Consolidated Comments (optional)' }), '   ');
    await user.click(tab(dialog, 'Scrubbed'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Scrubbed Comments (optional)' }), 'Fine');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Document approved successfully')).toBeInTheDocument();
    expect(decision.isDone()).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review Upload' })).not.toBeInTheDocument());
    await waitFor(() => expect(refetched.isDone()).toBe(true));
    expect(await screen.findByText('Approved', { selector: '.ant-typography' })).toBeInTheDocument();
  });

  test('Reject without comments sends the decision alone', async () => {
    answerList([row(1, upload(1))]);
    const decision = api().post(REVIEW, { approval_status: 'REJECTED' }).reply(200, { success: true, message: 'Reviewed' });
    answerList([row(1, upload(1, { approval_status: 'REJECTED' }), 'REJECTED')]);
    const user = setupUser();
    openReviewScreen();
    const dialog = await openReview(user);

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Document rejected successfully')).toBeInTheDocument();
    expect(decision.isDone()).toBe(true);
  });

  test("a refused decision toasts, says why in the dialog and keeps it open with the comments; closing forgets them", async () => {
    answerList([row(1, upload(1))]);
    api().post(REVIEW, { approval_status: 'REJECTED', raw_notes: 'Wrong week' }).reply(409, { success: false, message: 'This upload has already been reviewed', error: 'CONFLICT' });
    const user = setupUser();
    openReviewScreen();
    let dialog = await openReview(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Raw File Comments (optional)' }), 'Wrong week');

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Failed to rejected document')).toBeInTheDocument();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This upload has already been reviewed');
    expect(screen.getByRole('dialog', { name: 'Review Upload' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Raw File Comments (optional)' })).toHaveValue('Wrong week');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review Upload' })).not.toBeInTheDocument());
    dialog = await openReview(user);
    expect(within(dialog).getByRole('textbox', { name: 'Raw File Comments (optional)' })).toHaveValue('');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  test("a refused approval is worded as shipped: 'Failed to approved document'", async () => {
    answerList([row(1, upload(1))]);
    api().post(REVIEW, { approval_status: 'APPROVED' }).reply(500, { success: false });
    const user = setupUser();
    openReviewScreen();
    const dialog = await openReview(user);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    // Without a message of the server's, the dialog says what the answer's status says.
    expect(await screen.findByText('Failed to approved document')).toBeInTheDocument();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Internal Server Error');
    expect(screen.getByRole('dialog', { name: 'Review Upload' })).toBeInTheDocument();
  });
});

describe('the review dialog, laid out for deciding', () => {
  /** A viewer ready with a summary and the sheets of every version. */
  function answerViewerReady() {
    const summary = {
      sheets: [{ name: 'Harbor Store', hidden: false, used: true, reason: null, headerRow: 1, rowsRead: 2, dataRows: 2 }],
      rowsIn: 2,
      rowsOut: 2,
      duplicatesRemoved: 0,
      employees: 2,
      totalHours: [{ kind: 'Regular', hours: 80 }],
      totalGross: 1600,
      issues: { error: 0, warning: 1 },
      issuesByRule: [{ rule: 'missing-id', severity: 'warning', label: 'No Employee ID', count: 1, firstRow: 1 }],
    };
    const sheet = (name: string, kind: string) => [{ index: 0, name, kind, rowCount: 2, columns: [] }];
    const versions = [
      { version: 'raw', sheets: sheet('Harbor Store', 'raw') },
      { version: 'consolidated', sheets: sheet('Consolidated', 'data') },
      { version: 'scrubbed', sheets: sheet('Scrubbed', 'data') },
    ];
    answerOpenedUpload(1);
    api()
      .persist()
      .get(`/api/company/uploads/${uploadId(1)}/viewer`)
      .reply(200, { success: true, data: { state: 'READY', message: null, versions, summary } });
  }

  test('one switcher leads through the summary and the versions: a version shows its file, its comments and its sheets', async () => {
    answerList([row(1, upload(1))]);
    answerViewerReady();
    const user = setupUser();
    openReviewScreen();
    await screen.findByText('Client 1');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Upload' });

    expect(await within(dialog).findByText('No Employee ID')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('tablist')).toHaveLength(1);
    expect(within(dialog).getAllByRole('tab').map((element) => element.textContent)).toEqual(['Summary', 'Raw File', 'Consolidated', 'Scrubbed']);
    expect(tab(dialog, 'Summary')).toHaveAttribute('aria-selected', 'true');

    const rows = api()
      .get(`/api/company/uploads/${uploadId(1)}/viewer/rows`)
      .query({ version: 'scrubbed', sheet: '0', offset: '0', limit: '200', filter: 'all' })
      .reply(200, { success: true, data: { offset: 0, total: 0, rows: [] } });
    await user.click(tab(dialog, 'Scrubbed'));
    expect(within(dialog).getByRole('textbox', { name: 'Scrubbed Comments (optional)' })).toBeInTheDocument();
    // The viewer follows the switcher: the Scrubbed version's sheets, as tabs of their own, and no second set of version tabs.
    await waitFor(() => expect(within(dialog).getAllByRole('tablist')).toHaveLength(2));
    expect(within(within(dialog).getAllByRole('tablist')[1]).getAllByRole('tab').map((element) => element.textContent)).toEqual(['Scrubbed']);
    expect(within(dialog).queryByRole('tab', { name: 'Raw' })).not.toBeInTheDocument();
    await waitFor(() => expect(rows.isDone()).toBe(true));
  });

  test('the decision sits in the footer, outside the body that scrolls', async () => {
    answerList([row(1, upload(1))]);
    const user = setupUser();
    openReviewScreen();
    const dialog = await openReview(user);

    const footer = dialog.querySelector<HTMLElement>('.ant-modal-footer')!;
    const body = dialog.querySelector<HTMLElement>('.ant-modal-body')!;
    expect(within(footer).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel', 'Reject', 'Approve']);
    expect(body).not.toContainElement(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(body).toContainElement(within(dialog).getByRole('textbox', { name: 'Raw File Comments (optional)' }));
    expect(body).toHaveStyle({ overflowY: 'auto' });
  });

  test('comments longer than the contract takes are refused with a message on their version, and nothing is sent', async () => {
    answerList([row(1, upload(1))]);
    const decision = api().post(REVIEW).reply(200, { success: true, message: 'Reviewed' });
    const user = setupUser();
    openReviewScreen();
    const dialog = await openReview(user);

    await user.click(tab(dialog, 'Consolidated'));
    await user.click(within(dialog).getByRole('textbox', { name: 'Consolidated Comments (optional)' }));
    await user.paste('x'.repeat(5001));
    await user.click(tab(dialog, 'Raw File'));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    // The dialog opens the version whose comments are too long, with the message under them.
    await waitFor(() => expect(tab(dialog, 'Consolidated')).toHaveAttribute('aria-selected', 'true'));
    expect(await within(dialog).findByText('Keep the comments to 5000 characters or fewer.')).toBeInTheDocument();
    expect(decision.isDone()).toBe(false);

    // Spaces around the comments are not sent, so they do not count.
    await user.clear(within(dialog).getByRole('textbox', { name: 'Consolidated Comments (optional)' }));
    await user.paste(`  ${'x'.repeat(5000)}  `);
    await waitFor(() => expect(within(dialog).queryByText('Keep the comments to 5000 characters or fewer.')).not.toBeInTheDocument());
  });
});
