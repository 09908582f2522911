import { screen, waitFor, within } from '@testing-library/react';
import {
  answerList,
  answerSummaries,
  fromServer,
  openWeeklyUploads,
  row,
  setupUser,
  uploadId,
  weeklyUpload,
} from '../staff/weekly-uploads/weeklyScreens';
import { update } from './fakeSocket';

const ID = uploadId(1);

/** The dots of the row, as a screen reader announces them. */
function dots() {
  return within(screen.getByRole('list', { name: 'Processing progress' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));
}

async function downloadChoices(user: ReturnType<typeof setupUser>) {
  await user.click(screen.getByRole('button', { name: 'Download' }));
  const menu = await screen.findByRole('menu');
  const choices = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
  await user.keyboard('{Escape}');
  return choices;
}

beforeEach(() => {
  answerSummaries();
});

describe('live progress on Weekly Uploads', () => {
  test("after a reload, an upload the server reports in progress is joined again and the join's answer places the dots", async () => {
    answerList([row(1, weeklyUpload(1, { status: 'QUEUED', versions: ['raw'] }))]);
    const { sockets } = openWeeklyUploads();
    expect(await screen.findByText('Queued for processing')).toBeInTheDocument();
    expect(dots()).toEqual(['Upload: done', 'Consolidate: waiting', 'Scrub: waiting']);
    expect(sockets.latest.joins()).toEqual([]);

    fromServer(() => sockets.latest.acceptConnection());
    expect(sockets.latest.joins()).toEqual([ID]);
    // The answer is a stage the list did not know yet: the list refetches.
    const refetched = answerList([row(1, weeklyUpload(1, { status: 'CONSOLIDATING' }))]);
    fromServer(() => sockets.latest.answerJoin(ID, { ok: true, update: update(ID, 'CONSOLIDATING', { message: 'Consolidating: sheet 2 of 5, 12,000 rows' }) }));

    expect(await screen.findByText('Consolidating file...')).toBeInTheDocument();
    expect(dots()).toEqual(['Upload: done', 'Consolidate: in progress', 'Scrub: waiting']);
    expect(screen.getByText('Consolidating: sheet 2 of 5, 12,000 rows')).toBeInTheDocument();
    await waitFor(() => expect(refetched.isDone()).toBe(true));
  });

  test('an upload queued in another tab is announced: the week refetches and its dots follow from there', async () => {
    answerList([row(1, null)]);
    const { sockets } = openWeeklyUploads();
    expect(await screen.findByText('No uploads this week')).toBeInTheDocument();
    fromServer(() => sockets.latest.acceptConnection());

    const refetched = answerList([row(1, weeklyUpload(1, { status: 'QUEUED', versions: ['raw'] }))]);
    fromServer(() => sockets.latest.push(update(ID, 'QUEUED', { message: 'Queued for processing' })));
    expect(await screen.findByText('Queued for processing')).toBeInTheDocument();
    await waitFor(() => expect(refetched.isDone()).toBe(true));
    await waitFor(() => expect(sockets.latest.joins()).toEqual([ID]));
    const again = answerList([row(1, weeklyUpload(1, { status: 'CONSOLIDATING' }))]);
    fromServer(() => sockets.latest.answerJoin(ID, { ok: true, update: update(ID, 'CONSOLIDATING') }));
    expect(await screen.findByText('Consolidating file...')).toBeInTheDocument();
    expect(dots()).toEqual(['Upload: done', 'Consolidate: in progress', 'Scrub: waiting']);
    await waitFor(() => expect(again.isDone()).toBe(true));
  });

  test('versions appear in the Download menu as they are produced; SCRUBBED toasts and refetches the week', async () => {
    const processing = weeklyUpload(1, { status: 'CONSOLIDATING', versions: ['raw'] });
    answerList([row(1, processing)]);
    const user = setupUser();
    const { sockets } = openWeeklyUploads();
    await screen.findByText('Consolidating file...');
    fromServer(() => sockets.latest.acceptConnection());
    fromServer(() => sockets.latest.answerJoin(ID, { ok: true, update: update(ID, 'CONSOLIDATING') }));
    expect(await downloadChoices(user)).toEqual(['Raw file']);

    answerList([row(1, { ...processing, status: 'CONSOLIDATED' })]);
    fromServer(() => sockets.latest.push(update(ID, 'CONSOLIDATED', { message: 'Consolidation complete' })));
    expect(await screen.findByText('Consolidation complete', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(await downloadChoices(user)).toEqual(['Raw file', 'Consolidated file']);

    const refetched = answerList([row(1, weeklyUpload(1, { status: 'SCRUBBED' }))]);
    fromServer(() => sockets.latest.push(update(ID, 'SCRUBBED', { message: 'Payroll for Client 1 is ready' })));
    expect(await screen.findByText('Payroll for Client 1 is ready')).toBeInTheDocument();
    expect(screen.getByText('Processing complete')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Processing progress' })).not.toBeInTheDocument();
    await waitFor(() => expect(refetched.isDone()).toBe(true));
    expect(sockets.latest.leaves()).toEqual([ID]);
    expect(await downloadChoices(user)).toEqual(['Raw file', 'Consolidated file', 'Scrubbed file']);
  });

  test('FAILED toasts the reason, and the row offers the upload again', async () => {
    answerList([row(1, weeklyUpload(1, { status: 'SCRUBBING' }))]);
    const { sockets } = openWeeklyUploads();
    await screen.findByText('Scrubbing file...');
    fromServer(() => sockets.latest.acceptConnection());
    answerList([row(1, weeklyUpload(1, { status: 'FAILED', error_message: 'No payroll sheet was found in the workbook' }))]);
    fromServer(() => sockets.latest.push(update(ID, 'FAILED', { error: 'No payroll sheet was found in the workbook' })));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('No payroll sheet was found in the workbook');
    const tableRow = screen.getAllByRole('row')[1];
    expect(within(tableRow).getByText('Failed')).toBeInTheDocument();
    expect(within(tableRow).getByText('No payroll sheet was found in the workbook')).toBeInTheDocument();
    expect(within(tableRow).getByRole('button', { name: 'Upload again' })).toBeInTheDocument();
  });
});
