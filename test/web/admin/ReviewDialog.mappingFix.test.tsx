import { screen, waitFor, within } from '@testing-library/react';
import { update } from '../realtime/fakeSocket';
import { chooseOption } from './adminScreens';
import { answerOpenedUpload, api, fromServer, LIST, listAnswer, openReviewScreen, row, setupUser, upload, uploadId } from './weeklyReviewScreens';

const ID = uploadId(1);
const VIEWER = `/api/company/uploads/${ID}/viewer`;
const FIX = `/api/company/uploads/${ID}/mapping-fixes`;

/** The summary of a run, with the week-over-week rules it raised. */
function summary(issuesByRule: unknown[], overtimeHeader: { header: string; column: string }) {
  return {
    sheets: [
      {
        name: 'Downtown',
        hidden: false,
        used: true,
        reason: null,
        headerRow: 1,
        rowsRead: 3,
        dataRows: 3,
        mapping: [{ header: 'Emp ID', column: 'Employee ID' }, { header: 'Name', column: 'Employee Name' }, overtimeHeader],
      },
    ],
    rowsIn: 3,
    rowsOut: 3,
    duplicatesRemoved: 0,
    employees: 3,
    totalHours: [{ kind: 'Regular', hours: 120 }],
    totalGross: 3600,
    issues: { error: 0, warning: issuesByRule.length },
    issuesByRule,
  };
}

const MISSING = { rule: 'employee-missing', severity: 'warning', label: 'Employee missing since last approved week', count: 1, firstRow: null };
const RENAMED = { rule: 'header-new', severity: 'warning', label: 'Header new since last approved week', count: 1, firstRow: null };
const SHEETS = [{ version: 'consolidated', sheets: [{ index: 0, name: 'Consolidated', kind: 'data', rowCount: 3, columns: ['Employee ID'] }] }];

const BEFORE_FIX = { state: 'READY', message: null, versions: SHEETS, summary: summary([RENAMED, MISSING], { header: 'OT Hrs', column: 'OT Hrs' }) };
const PREPARING = { state: 'PREPARING', message: null, versions: [], summary: null };
const AFTER_FIX = { state: 'READY', message: null, versions: SHEETS, summary: summary([MISSING], { header: 'OT Hrs', column: 'Overtime Hours' }) };

/**
 * The viewer and the week's list answer whatever the server would say now: the test moves them on as
 * the run goes, and the viewer may ask again (it polls while the run prepares it) as often as it likes.
 */
function answerAsTheServer() {
  const now = { viewer: BEFORE_FIX as unknown, upload: upload(1, { week_over_week_warnings: 2 }), weekStatus: 'PENDING' };
  answerOpenedUpload(1);
  api()
    .persist()
    .get(VIEWER)
    .reply(() => [200, { success: true, data: now.viewer }]);
  api()
    .persist()
    .get(LIST)
    .query(true)
    .reply(() => [200, listAnswer([row(1, now.upload, now.weekStatus)])]);
  return now;
}

/**
 * The fix's dialog, found by its form: under test every dialog's title has the same id, so the
 * dialog opened over the review dialog is named after the review's title.
 */
async function findFixDialog(): Promise<HTMLElement> {
  return (await screen.findByRole('form', { name: 'Fix mapping' })).closest<HTMLElement>('[role="dialog"]')!;
}

const fixDialogGone = () => expect(screen.queryByRole('form', { name: 'Fix mapping' })).not.toBeInTheDocument();

describe("an admin's mapping fix from the review dialog", () => {
  test('a mapping warning offers Fix mapping; the fix is sent, the dialog follows the new run live and then shows the new summary', async () => {
    const now = answerAsTheServer();
    const user = setupUser();
    const { sockets } = openReviewScreen();
    const reviewButton = await screen.findByRole('button', { name: 'Review' });
    fromServer(() => sockets.latest.acceptConnection());
    await user.click(reviewButton);
    const review = await screen.findByRole('dialog', { name: 'Review Upload' });
    expect(await within(review).findByRole('button', { name: /^warning Header new since last approved week/ })).toBeInTheDocument();
    // Only a warning about a header can be answered by a mapping fix.
    expect(within(review).getAllByRole('button', { name: /^Fix mapping/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Fix mapping: Header new since last approved week',
    ]);

    await user.click(within(review).getByRole('button', { name: 'Fix mapping: Header new since last approved week' }));
    const fix = await findFixDialog();
    expect(within(fix).getByRole('combobox', { name: 'Sheet' }).closest('.ant-select')).toHaveTextContent('Downtown');
    await chooseOption(user, within(fix).getByRole('combobox', { name: 'Header' }), 'OT Hrs → kept as extra column');
    await chooseOption(user, within(fix).getByRole('combobox', { name: 'Column' }), 'Overtime Hours');

    const sent = api()
      .post(FIX, { sheet: 'Downtown', header: 'OT Hrs', column: 'Overtime Hours' })
      .reply(() => {
        Object.assign(now, { viewer: PREPARING, upload: upload(1, { status: 'QUEUED' }), weekStatus: 'PROCESSING' });
        return [202, { success: true, message: 'Queued', data: { processingId: ID, jobId: 'job-7' } }];
      });
    await user.click(within(fix).getByRole('button', { name: 'Fix and process again' }));
    expect(await screen.findByText('Mapping fixed: the upload is being processed again with it.')).toBeInTheDocument();
    expect(sent.isDone()).toBe(true);
    await waitFor(fixDialogGone);

    // This tab follows the run it started: the viewer shows its progress, and nothing can be decided meanwhile.
    await waitFor(() => expect(sockets.latest.joins()).toContain(ID));
    fromServer(() => sockets.latest.answerJoin(ID, { ok: true, update: update(ID, 'QUEUED') }));
    fromServer(() => sockets.latest.push(update(ID, 'CONSOLIDATING', { message: 'Consolidating sheets...' })));
    expect(await within(review).findByLabelText('Consolidate: in progress')).toBeInTheDocument();
    expect(within(review).getByText('Preparing the review…')).toBeInTheDocument();
    expect(within(review).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(within(review).getByRole('button', { name: 'Reject' })).toBeDisabled();

    Object.assign(now, { viewer: AFTER_FIX, upload: upload(1, { week_over_week_warnings: 1 }), weekStatus: 'PENDING' });
    fromServer(() => sockets.latest.push(update(ID, 'SCRUBBED', { message: 'Processing complete' })));
    expect(await within(review).findByRole('button', { name: /^warning Employee missing since last approved week/ })).toBeInTheDocument();
    expect(within(review).queryByRole('button', { name: /^warning Header new since last approved week/ })).not.toBeInTheDocument();
    expect(within(review).queryByLabelText('Consolidate: in progress')).not.toBeInTheDocument();
    expect(within(review).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  test('the form asks for a header and a column before sending; a refusal stays in the dialog in the server words', async () => {
    answerAsTheServer();
    const user = setupUser();
    openReviewScreen();
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(await screen.findByRole('button', { name: 'Fix mapping: Header new since last approved week' }));
    const fix = await findFixDialog();

    await user.click(within(fix).getByRole('button', { name: 'Fix and process again' }));
    expect(await within(fix).findByText('Choose the header to fix.')).toBeInTheDocument();
    expect(within(fix).getByText('Choose one of the payroll columns, or keep the header as an extra column.')).toBeInTheDocument();

    // Every sheet, and kept as an extra column: both are sent as null.
    await chooseOption(user, within(fix).getByRole('combobox', { name: 'Header' }), 'Name → Employee Name');
    await chooseOption(user, within(fix).getByRole('combobox', { name: 'Column' }), 'Keep as extra column');
    await user.click(within(fix).getByRole('checkbox', { name: 'Use this fix for the header in every sheet' }));
    const refused = api()
      .post(FIX, { sheet: null, header: 'Name', column: null })
      .reply(409, { success: false, message: 'This upload is being processed; fix the mapping once it is done.', error: 'CONFLICT' });
    await user.click(within(fix).getByRole('button', { name: 'Fix and process again' }));
    expect(await within(fix).findByText('This upload is being processed; fix the mapping once it is done.')).toBeInTheDocument();
    expect(refused.isDone()).toBe(true);
    expect(screen.getByRole('form', { name: 'Fix mapping' })).toBeInTheDocument();
  });
});
