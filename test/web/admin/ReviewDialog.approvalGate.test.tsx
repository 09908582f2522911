import { screen, waitFor, within } from '@testing-library/react';
import { answerList, answerOpenedUpload, api, openReviewScreen, row, setupUser, upload, uploadId } from './weeklyReviewScreens';

const REVIEW = `/api/company/weekly-documents/${uploadId(1)}/review`;
const VIEWER = `/api/company/uploads/${uploadId(1)}/viewer`;
const REASON = 'The store manager confirmed both rows by phone.';
const ASKED = 'This upload has 2 errors. Give a reason to approve it anyway.';

/** The viewer's overview of an upload whose scrub found `errors` errors (and a warning), as the engine's summary counts them. */
function answerViewerWithErrors(errors: number) {
  const summary = {
    sheets: [{ name: 'Harbor Store', hidden: false, used: true, reason: null, headerRow: 3, rowsRead: 4, dataRows: 4 }],
    rowsIn: 4,
    rowsOut: 4,
    duplicatesRemoved: 0,
    employees: 3,
    totalHours: [{ kind: 'Regular', hours: 110 }],
    totalGross: 2276,
    issues: { error: errors, warning: 1 },
    issuesByRule: [
      { rule: 'negative-hours', severity: 'error', label: 'Negative hours', count: errors, firstRow: 3 },
      { rule: 'missing-id', severity: 'warning', label: 'No Employee ID', count: 1, firstRow: 2 },
    ],
  };
  const sheets = (names: string[], kind: string) => names.map((name, index) => ({ index, name, kind: index === 0 ? kind : 'sources', rowCount: 4, columns: [] }));
  const versions = [
    { version: 'raw', sheets: sheets(['Harbor Store'], 'raw') },
    { version: 'consolidated', sheets: sheets(['Consolidated'], 'data') },
    { version: 'scrubbed', sheets: sheets(['Scrubbed'], 'data') },
  ];
  answerOpenedUpload(1);
  api().get(VIEWER).reply(200, { success: true, data: { state: 'READY', message: null, versions, summary } });
}

/** The viewer of an upload processed before it existed: the dialog cannot know its errors. */
function answerViewerUnavailable() {
  answerOpenedUpload(1);
  api().get(VIEWER).reply(200, { success: true, data: { state: 'UNAVAILABLE', message: 'This upload was processed before the viewer existed.', versions: [], summary: null } });
}

async function openReview(user: ReturnType<typeof setupUser>, answerViewer: () => void) {
  answerList([row(1, upload(1))]);
  openReviewScreen();
  await screen.findByText('Client 1');
  answerViewer();
  await user.click(screen.getByRole('button', { name: 'Review' }));
  return screen.findByRole('dialog', { name: 'Review Upload' });
}

const reasonField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Reason for approving despite errors' });
const approveButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Approve' });

describe('approving an upload whose scrub found errors', () => {
  test('the reason is asked for up front, above the buttons; Approve without one of at least 10 characters is refused in place, then the reason is sent trimmed with the decision', async () => {
    const user = setupUser();
    const dialog = await openReview(user, () => answerViewerWithErrors(2));
    // The summary has arrived when the viewer shows it.
    await within(dialog).findByText('Negative hours');
    const decision = api().post(REVIEW, { approval_status: 'APPROVED', override_reason: REASON }).reply(200, { success: true, message: 'Document approved successfully' });
    answerList([row(1, upload(1, { approval_status: 'APPROVED', override_reason: REASON }), 'APPROVED')]);

    // Before any click: the step sits in the footer with the decision, and does not take the focus.
    const step = within(dialog).getByRole('form', { name: 'Reason for approving' });
    expect(step.closest('.ant-modal-footer')).toContainElement(approveButton(dialog));
    expect(within(step).getByRole('alert')).toHaveTextContent(ASKED);
    expect(reasonField(dialog)).not.toHaveFocus();

    // Approve with no reason: the message, and the field to write it in.
    await user.click(approveButton(dialog));
    expect(await within(step).findByText('Give a reason of at least 10 characters.')).toBeInTheDocument();
    expect(reasonField(dialog)).toHaveFocus();
    expect(decision.isDone()).toBe(false);
    await user.clear(reasonField(dialog));

    // Too short once trimmed: refused in place, nothing sent.
    await user.type(reasonField(dialog), '   too short   ');
    await user.click(approveButton(dialog));
    expect(await within(step).findByText('Give a reason of at least 10 characters.')).toBeInTheDocument();
    expect(decision.isDone()).toBe(false);

    await user.clear(reasonField(dialog));
    await user.type(reasonField(dialog), `  ${REASON} `);
    await user.click(approveButton(dialog));
    expect(await screen.findByText('Document approved successfully')).toBeInTheDocument();
    expect(decision.isDone()).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review Upload' })).not.toBeInTheDocument());
    // The week's row says why it was approved.
    expect(await screen.findByText(`Approved despite errors: ${REASON}`)).toBeInTheDocument();
  });

  test("when only the server knows of the errors, its 409 shows its message and the reason field, without a failure toast, and Approve then sends the reason", async () => {
    const user = setupUser();
    const dialog = await openReview(user, answerViewerUnavailable);
    await within(dialog).findByText('This upload was processed before the viewer existed.');
    api().post(REVIEW, { approval_status: 'APPROVED' }).reply(409, { success: false, message: ASKED, error: 'REASON_REQUIRED' });

    await user.click(approveButton(dialog));
    const step = await within(dialog).findByRole('form', { name: 'Reason for approving' });
    expect(within(step).getByRole('alert')).toHaveTextContent(ASKED);
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('Failed to approved document')).not.toBeInTheDocument();

    const decision = api().post(REVIEW, { approval_status: 'APPROVED', override_reason: REASON }).reply(200, { success: true, message: 'Document approved successfully' });
    answerList([row(1, upload(1, { approval_status: 'APPROVED', override_reason: REASON }), 'APPROVED')]);
    await user.type(reasonField(dialog), REASON);
    await user.click(approveButton(dialog));
    expect(await screen.findByText('Document approved successfully')).toBeInTheDocument();
    expect(decision.isDone()).toBe(true);
  });

  test('rejecting an upload with errors asks for no reason', async () => {
    const user = setupUser();
    const dialog = await openReview(user, () => answerViewerWithErrors(2));
    await within(dialog).findByText('Negative hours');
    const decision = api().post(REVIEW, { approval_status: 'REJECTED' }).reply(200, { success: true, message: 'Document rejected successfully' });
    answerList([row(1, upload(1, { approval_status: 'REJECTED' }), 'REJECTED')]);

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Document rejected successfully')).toBeInTheDocument();
    expect(decision.isDone()).toBe(true);
    expect(screen.queryByRole('form', { name: 'Reason for approving' })).not.toBeInTheDocument();
  });

  test('an upload without errors asks for no reason, and Approve sends the decision alone', async () => {
    const user = setupUser();
    const dialog = await openReview(user, () => answerViewerWithErrors(0));
    await within(dialog).findByText('Negative hours');
    expect(within(dialog).queryByRole('form', { name: 'Reason for approving' })).not.toBeInTheDocument();
    const decision = api().post(REVIEW, { approval_status: 'APPROVED' }).reply(200, { success: true, message: 'Document approved successfully' });
    answerList([row(1, upload(1, { approval_status: 'APPROVED' }), 'APPROVED')]);

    await user.click(approveButton(dialog));
    expect(await screen.findByText('Document approved successfully')).toBeInTheDocument();
    expect(decision.isDone()).toBe(true);
  });

  test('closing the dialog forgets the reason written', async () => {
    const user = setupUser();
    let dialog = await openReview(user, () => answerViewerWithErrors(1));
    await within(dialog).findByText('Negative hours');
    expect(within(dialog).getByRole('form', { name: 'Reason for approving' })).toHaveTextContent('This upload has 1 error. Give a reason to approve it anyway.');
    await user.type(reasonField(dialog), REASON);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review Upload' })).not.toBeInTheDocument());
    answerViewerWithErrors(1);
    await user.click(screen.getByRole('button', { name: 'Review' }));
    dialog = await screen.findByRole('dialog', { name: 'Review Upload' });
    await within(dialog).findByText('Negative hours');
    expect(reasonField(dialog)).toHaveValue('');
    expect(within(dialog).queryByText('Give a reason of at least 10 characters.')).not.toBeInTheDocument();
  });
});
