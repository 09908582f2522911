import { screen, waitFor, within } from '@testing-library/react';
import { weekContaining, weekToIsoDates } from '@/common/week';
import { formatDateTime } from '@/web/lib/formatDate';
import {
  answerList,
  answerSummaries,
  api,
  fromServer,
  openWeeklyUploads,
  row,
  rows,
  setupUser,
  UNREADABLE_BODY,
  WEEK,
  WEEK_PATH,
  weeklyUpload,
} from './weeklyScreens';

/** The rows of the table as the user reads them, cell by cell. */
function rowTexts() {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((tableRow) => within(tableRow).getAllByRole('cell').map((cell) => cell.textContent));
}

function search(router: { state: { location: { search: string } } }) {
  return Object.fromEntries(new URLSearchParams(router.state.location.search));
}

beforeEach(() => {
  answerSummaries();
});

describe('Weekly Uploads screen', () => {
  test("lists the week's documents 10 a page, numbering rows across pages, with the pager only when there is more than one page", async () => {
    const reviewed = weeklyUpload(2, { approval_status: 'APPROVED', reviewed_by: { name: 'Alice Admin', reviewed_at: '2026-03-05T09:00:00.000Z' } });
    answerList([row(1), row(2, reviewed), ...rows(3, 8)], { total: 12 });
    answerList(rows(11, 2), { page: 2, total: 12 });
    const user = setupUser();
    const { router } = openWeeklyUploads();

    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly Uploads' })).toBeInTheDocument();
    expect(await screen.findByText('Client 1')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['#', 'Client', 'Approval Status', 'Upload Details', 'Actions']);
    const [first, second] = rowTexts();
    expect(first.slice(0, 4)).toEqual(['1', 'Client 1Client 1 Payroll', 'N/A', 'No uploads this week']);
    expect(second.slice(0, 4)).toEqual(['2', 'Client 2Client 2 Payroll', 'Approved', `Uploaded by Steve Staff${formatDateTime('2026-03-03T12:00:00.000Z')}`]);
    expect(within(screen.getAllByRole('row')[1]).getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 12 uploads')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Client 11')).toBeInTheDocument();
    expect(rowTexts().map((cells) => cells[0])).toEqual(['11', '12']);
    expect(search(router)).toEqual({ ...WEEK, page: '2' });
  });

  test('a failed upload shows no approval status: there is nothing to review', async () => {
    answerList([row(1, weeklyUpload(1, { status: 'FAILED', approval_status: 'PENDING', error_message: 'No sheet has a payroll header.' }))]);
    openWeeklyUploads();
    await screen.findByText('Client 1');
    expect(rowTexts()[0][2]).toBe('N/A');
  });

  test('a week that fits one page shows no pager', async () => {
    answerList(rows(1, 3));
    openWeeklyUploads();
    await screen.findByText('Client 3');
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  test('opens on the current week, which the address then carries once the view changes', async () => {
    const current = weekToIsoDates(weekContaining(new Date()));
    answerList([row(1)], { week: current });
    answerList([row(1)], { week: current, filter: 'approved' });
    const user = setupUser();
    const { router } = openWeeklyUploads('/staff/weekly-uploads');
    await screen.findByText('Client 1');
    expect(screen.getByRole('button', { name: 'Next week' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'This Week' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Approved' }));
    await waitFor(() => expect(search(router)).toEqual({ filter: 'approved', ...current }));
  });

  test('a filter or a week change is written to the address and starts from page 1; All removes the filter', async () => {
    const previousWeek = { weekStart: '2026-02-23', weekEnd: '2026-03-01' };
    answerList(rows(11, 1), { page: 2, total: 11 });
    const pending = answerList([row(4, weeklyUpload(4))], { filter: 'pending' });
    const earlier = answerList([row(5, weeklyUpload(5))], { filter: 'pending', week: previousWeek });
    const all = answerList(rows(1, 2), { week: previousWeek });
    const user = setupUser();
    const { router } = openWeeklyUploads(`${WEEK_PATH}&page=2`);
    await screen.findByText('Client 11');
    const badge = screen.getByLabelText('Week and filter shown');
    expect(badge).toHaveTextContent('Mar 2 – Mar 8, 2026 · All uploads');
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['All', 'Pending', 'Approved', 'Rejected', 'Uploaded']);

    await user.click(screen.getByRole('radio', { name: 'Pending' }));
    expect(await screen.findByText('Client 4')).toBeInTheDocument();
    expect(pending.isDone()).toBe(true);
    expect(search(router)).toEqual({ ...WEEK, filter: 'pending' });
    expect(badge).toHaveTextContent('Mar 2 – Mar 8, 2026 · Pending');

    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByText('Client 5')).toBeInTheDocument();
    expect(earlier.isDone()).toBe(true);
    expect(search(router)).toEqual({ ...previousWeek, filter: 'pending' });
    expect(screen.getByLabelText('Week and filter shown')).toHaveTextContent('Feb 23 – Mar 1, 2026 · Pending');

    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(await screen.findByText('Client 2')).toBeInTheDocument();
    expect(all.isDone()).toBe(true);
    expect(search(router)).toEqual(previousWeek);
  });

  test("says when the week has nothing to show, for the week or for the address's client", async () => {
    answerList([]);
    openWeeklyUploads();
    expect(await screen.findByText('No uploads found')).toBeInTheDocument();
    expect(screen.getByText('No required uploads found for this week')).toBeInTheDocument();
  });

  test('a list narrowed to one client says so when it is empty', async () => {
    api()
      .get('/api/staff/weekly-documents')
      .query({ ...WEEK, page: 1, limit: 10, clientId: 'c-9' })
      .reply(200, { success: true, data: { documents: [], pagination: { currentPage: 1, totalPages: 0, totalCount: 0, hasPreviousPage: false, hasNextPage: false } } });
    openWeeklyUploads(`${WEEK_PATH}&clientId=c-9`);
    expect(await screen.findByText('No uploads found for the selected client')).toBeInTheDocument();
  });

  test("a failed load shows the server's message, else the screen's own", async () => {
    api().get('/api/staff/weekly-documents').query(true).reply(200, UNREADABLE_BODY);
    openWeeklyUploads();
    expect(await screen.findByText('Failed to load weekly uploads. Please try again.')).toBeInTheDocument();
  });

  test('the connection badge says Connecting… until the first connect, then follows the live socket', async () => {
    answerList([row(1)]);
    const { sockets } = openWeeklyUploads();
    const badge = await screen.findByRole('status', { name: 'Live updates' });
    expect(badge).toHaveTextContent('Connecting…');
    expect(badge).not.toHaveTextContent('Disconnected');
    fromServer(() => sockets.latest.acceptConnection());
    expect(badge).toHaveTextContent('Connected');
    fromServer(() => sockets.latest.drop());
    expect(badge).toHaveTextContent('Disconnected');
  });
});
