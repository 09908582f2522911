import { screen, waitFor, within } from '@testing-library/react';
import { formatDateTime } from '@/web/lib/formatDate';
import { update } from '../realtime/fakeSocket';
import { chooseOption } from './adminScreens';
import {
  answerList,
  api,
  fromServer,
  LIST,
  listAnswer,
  openReviewScreen,
  REVIEW_PATH,
  row,
  rows,
  search,
  setupUser,
  upload,
  uploadId,
  WEEK,
} from './weeklyReviewScreens';

/** The rows of the table as the user reads them, cell by cell. */
function rowTexts() {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((tableRow) => within(tableRow).getAllByRole('cell').map((cell) => cell.textContent));
}

function pageButtons() {
  return within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('button')
    .map((button) => button.textContent);
}

const REVIEWER = { name: 'Alice Admin', reviewed_at: '2026-03-05T09:30:00.000Z' };

describe('Weekly Uploads Review screen', () => {
  test('lists the week 20 a page under its total, rows numbered across pages, five page buttons around the current page', async () => {
    answerList(rows(101, 20), { page: 6, total: 130 });
    answerList(rows(121, 10), { page: 7, total: 130 });
    const user = setupUser();
    const { router } = openReviewScreen(`${REVIEW_PATH}&page=6`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly Uploads Review' })).toBeInTheDocument();
    expect(await screen.findByText('Client 101')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Company Weekly Uploads (130 total)' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['#', 'Client', 'Status', 'Changes', 'Upload Details', 'Actions']);
    expect(rowTexts()[0]).toEqual(['101', 'Client 101Client 101 Payroll', 'No Upload', '—', 'No uploads this week', 'No Upload']);
    expect(pageButtons()).toEqual(['Previous', '3', '4', '5', '6', '7', 'Next']);

    await user.click(screen.getByRole('button', { name: 'Page 7' }));
    expect(await screen.findByText('Client 121')).toBeInTheDocument();
    expect(rowTexts().map((cells) => cells[0])).toEqual(['121', '122', '123', '124', '125', '126', '127', '128', '129', '130']);
    expect(pageButtons()).toEqual(['Previous', '3', '4', '5', '6', '7', 'Next']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(search(router)).toEqual({ ...WEEK, page: '7' });
  });

  test('numbers rows by 50 a page when the answer gives no page size', async () => {
    const answer = listAnswer(rows(1, 2), { page: 2, total: 22 });
    delete (answer.data.pagination as Partial<typeof answer.data.pagination>).limit;
    api().get(LIST).query({ ...WEEK, page: 2, limit: 20 }).reply(200, answer);
    openReviewScreen(`${REVIEW_PATH}&page=2`);
    await screen.findByText('Client 1');
    expect(rowTexts().map((cells) => cells[0])).toEqual(['51', '52']);
    expect(pageButtons()).toEqual(['Previous', '1', '2', 'Next']);
  });

  test('each row says where its upload stands: status badge, who uploaded and reviewed it, and what can be done', async () => {
    answerList(
      [
        row(1),
        row(2, upload(2, { status: 'CONSOLIDATING', versions: ['raw'] }), 'PROCESSING'),
        row(3, upload(3)),
        row(4, upload(4, { approval_status: 'APPROVED', reviewed_by: REVIEWER }), 'APPROVED'),
        row(5, upload(5, { approval_status: 'REJECTED', reviewed_by: REVIEWER }), 'REJECTED'),
      ],
      { total: 5 },
    );
    const user = setupUser();
    openReviewScreen();
    await screen.findByText('Client 5');

    const cells = rowTexts();
    expect(cells.map((texts) => texts[2])).toEqual([
      'No Upload',
      expect.stringMatching(/^Processing/),
      'Pending Review',
      'Approved',
      'Rejected',
    ]);
    expect(cells[3][4]).toBe(`Uploaded by Steve Staff${formatDateTime('2026-03-03T12:00:00.000Z')}Reviewed by Alice Admin${formatDateTime(REVIEWER.reviewed_at)}`);
    expect(cells.map((texts) => texts[5])).toEqual(['No Upload', 'DownloadProcessing', 'DownloadReview', 'DownloadApproved', 'DownloadRejected']);
    const tableRows = screen.getAllByRole('row').slice(1);
    expect(within(tableRows[1]).getByRole('list', { name: 'Processing progress' })).toBeInTheDocument();
    expect(within(tableRows[1]).getByLabelText('Consolidate: in progress')).toBeInTheDocument();

    // Only the versions that exist are offered.
    await user.click(within(tableRows[1]).getByRole('button', { name: 'Download' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Raw file']);
    await user.click(within(tableRows[2]).getByRole('button', { name: 'Download' }));
    const scrubbed = await screen.findByRole('menuitem', { name: 'Scrubbed file' });
    expect(within(scrubbed.closest<HTMLElement>('[role="menu"]')!).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Raw file',
      'Consolidated file',
      'Scrubbed file',
    ]);
  });

  test("a dashboard card's link opens its filter and week; choosing a filter or week writes both and starts from page 1; All removes the filter", async () => {
    const previousWeek = { weekStart: '2026-02-23', weekEnd: '2026-03-01' };
    const pending = answerList([row(1, upload(1))], { filter: 'pending', page: 2, total: 21 });
    const rejected = answerList([row(2, upload(2, { approval_status: 'REJECTED' }), 'REJECTED')], { filter: 'rejected' });
    const earlier = answerList([row(3)], { filter: 'rejected', week: previousWeek });
    const all = answerList([row(4)], { week: previousWeek });
    const user = setupUser();
    const { router } = openReviewScreen(`/admin/weekly-uploads?filter=pending&weekStart=${WEEK.weekStart}&weekEnd=${WEEK.weekEnd}&page=2`);
    await screen.findByText('Client 1');
    expect(pending.isDone()).toBe(true);
    const filter = screen.getByRole('combobox', { name: 'Filter uploads' });

    await chooseOption(user, filter, 'Rejected');
    expect(await screen.findByText('Client 2')).toBeInTheDocument();
    expect(rejected.isDone()).toBe(true);
    expect(search(router)).toEqual({ ...WEEK, filter: 'rejected' });

    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByText('Client 3')).toBeInTheDocument();
    expect(earlier.isDone()).toBe(true);
    expect(search(router)).toEqual({ ...previousWeek, filter: 'rejected' });

    await chooseOption(user, screen.getByRole('combobox', { name: 'Filter uploads' }), 'All uploads');
    expect(await screen.findByText('Client 4')).toBeInTheDocument();
    expect(all.isDone()).toBe(true);
    expect(search(router)).toEqual(previousWeek);
  });

  test("Changes counts each upload's week-over-week warnings; sorting by it asks the server for the most changed first, kept in the address with the week and filter", async () => {
    const byClient = answerList(
      [row(1), row(2, upload(2, { week_over_week_warnings: 0 })), row(3, upload(3, { week_over_week_warnings: 4 })), row(4, upload(4, { week_over_week_warnings: 1 }))],
      { filter: 'pending', page: 2, total: 24 },
    );
    const byChanges = answerList([row(3, upload(3, { week_over_week_warnings: 4 })), row(4, upload(4, { week_over_week_warnings: 1 }))], { filter: 'pending', sort: 'week_over_week_warnings' });
    const backByClient = answerList([row(1)], { filter: 'pending' });
    const user = setupUser();
    const { router } = openReviewScreen(`${REVIEW_PATH}&filter=pending&page=2`);
    await screen.findByText('Client 4');
    expect(byClient.isDone()).toBe(true);
    expect(rowTexts().map((cells) => cells[3])).toEqual(['—', 'No changes', '4 changes', '1 change']);

    const changes = screen.getByRole('columnheader', { name: /Changes/ });
    expect(changes).not.toHaveAttribute('aria-sort');
    await user.click(within(changes).getByText('Changes'));
    await waitFor(() => expect(rowTexts().map((cells) => cells[1])).toEqual(['Client 3Client 3 Payroll', 'Client 4Client 4 Payroll']));
    expect(byChanges.isDone()).toBe(true);
    expect(search(router)).toEqual({ ...WEEK, filter: 'pending', sort: 'week_over_week_warnings' });
    expect(screen.getByRole('columnheader', { name: /Changes/ })).toHaveAttribute('aria-sort', 'descending');

    // Sorting it off goes back to client order.
    await user.click(within(screen.getByRole('columnheader', { name: /Changes/ })).getByText('Changes'));
    expect(await screen.findByText('Client 1')).toBeInTheDocument();
    expect(backByClient.isDone()).toBe(true);
    expect(search(router)).toEqual({ ...WEEK, filter: 'pending' });
  });

  test('a link naming the order opens the list sorted by changes', async () => {
    const sorted = answerList([row(5, upload(5, { week_over_week_warnings: 9 }))], { sort: 'week_over_week_warnings' });
    openReviewScreen(`${REVIEW_PATH}&sort=week_over_week_warnings`);
    expect(await screen.findByText('9 changes')).toBeInTheDocument();
    expect(sorted.isDone()).toBe(true);
    expect(screen.getByRole('columnheader', { name: /Changes/ })).toHaveAttribute('aria-sort', 'descending');
  });

  test('says when the week has nothing to show, for every client or for the client the address names', async () => {
    answerList([]);
    openReviewScreen();
    expect(await screen.findByText('No uploads found')).toBeInTheDocument();
    expect(screen.getByText('No uploads found for any clients this week.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Company Weekly Uploads (0 total)' })).toBeInTheDocument();
  });

  test('a list narrowed to one client passes the client on and says so when it is empty', async () => {
    const narrowed = answerList([], { clientId: 'c-9' });
    openReviewScreen(`${REVIEW_PATH}&clientId=c-9`);
    expect(await screen.findByText('No uploads found for the selected client this week.')).toBeInTheDocument();
    expect(narrowed.isDone()).toBe(true);
  });

  test("a failed load shows the screen's message", async () => {
    api().get(LIST).query(true).reply(200, '<html>Sign in to the network</html>');
    openReviewScreen();
    expect(await screen.findByText('Failed to load weekly uploads. Please try again.')).toBeInTheDocument();
  });

  test("a staff member's upload in progress is followed live: the dots move, and when it is done the row can be reviewed", async () => {
    answerList([row(1, upload(1, { status: 'CONSOLIDATING', versions: ['raw'] }), 'PROCESSING')]);
    const { sockets } = openReviewScreen();
    await screen.findByText('Client 1');
    fromServer(() => sockets.latest.acceptConnection());
    await waitFor(() => expect(sockets.latest.joins()).toEqual([uploadId(1)]));
    fromServer(() => sockets.latest.answerJoin(uploadId(1), { ok: true, update: update(uploadId(1), 'CONSOLIDATING') }));

    // Each new stage refetches the list (a new version to download).
    const scrubbing = answerList([row(1, upload(1, { status: 'SCRUBBING', versions: ['raw', 'consolidated'] }), 'PROCESSING')]);
    fromServer(() => sockets.latest.push(update(uploadId(1), 'SCRUBBING', { message: 'Scrubbing file...' })));
    expect(await screen.findByLabelText('Scrub: in progress')).toBeInTheDocument();
    expect(screen.getByLabelText('Consolidate: done')).toBeInTheDocument();
    await waitFor(() => expect(scrubbing.isDone()).toBe(true));

    const done = answerList([row(1, upload(1))]);
    fromServer(() => sockets.latest.push(update(uploadId(1), 'SCRUBBED', { message: 'Processing complete' })));
    expect(await screen.findByRole('button', { name: 'Review' })).toBeInTheDocument();
    await waitFor(() => expect(done.isDone()).toBe(true));
    expect(screen.queryByRole('list', { name: 'Processing progress' })).not.toBeInTheDocument();
  });

  test('an upload resuming after an interruption says so under the dots, until the socket has newer words', async () => {
    answerList([
      row(1, upload(1, { status: 'QUEUED', versions: ['raw'], resuming: true }), 'PROCESSING'),
      row(2, upload(2, { status: 'QUEUED', versions: ['raw'] }), 'PROCESSING'),
    ]);
    const { sockets } = openReviewScreen();
    await screen.findByText('Client 1');
    const [first, second] = screen.getAllByRole('row').slice(1).map((tableRow) => within(tableRow));
    expect(first.getByText('Resuming after an interruption')).toBeInTheDocument();
    expect(second.queryByText('Resuming after an interruption')).not.toBeInTheDocument();

    fromServer(() => sockets.latest.acceptConnection());
    await waitFor(() => expect(sockets.latest.joins()).toEqual(expect.arrayContaining([uploadId(1)])));
    // the new stage refetches the list, which still says the upload is resuming: the socket's words win
    const refetched = answerList([
      row(1, upload(1, { status: 'CONSOLIDATING', versions: ['raw'], resuming: true }), 'PROCESSING'),
      row(2, upload(2, { status: 'QUEUED', versions: ['raw'] }), 'PROCESSING'),
    ]);
    fromServer(() => sockets.latest.push(update(uploadId(1), 'CONSOLIDATING', { message: 'Consolidating: sheet 1 of 2, 4,000 rows', seq: 1 })));
    await waitFor(() => expect(refetched.isDone()).toBe(true));
    const firstRow = () => within(screen.getAllByRole('row')[1]);
    expect(await firstRow().findByText('Consolidating: sheet 1 of 2, 4,000 rows')).toBeInTheDocument();
    expect(firstRow().queryByText('Resuming after an interruption')).not.toBeInTheDocument();
  });

  test('the processing share is drawn under the dots of the Status column and never goes back', async () => {
    answerList([row(1, upload(1, { status: 'CONSOLIDATING', versions: ['raw'] }), 'PROCESSING')]);
    const { sockets } = openReviewScreen();
    await screen.findByText('Client 1');
    fromServer(() => sockets.latest.acceptConnection());
    await waitFor(() => expect(sockets.latest.joins()).toEqual([uploadId(1)]));
    fromServer(() => sockets.latest.answerJoin(uploadId(1), { ok: true, update: update(uploadId(1), 'CONSOLIDATING') }));
    expect(await screen.findByLabelText('Consolidate: in progress')).toBeInTheDocument();
    // the join's answer carries no share: no bar yet
    expect(screen.queryByRole('progressbar', { name: 'Share of processing done' })).not.toBeInTheDocument();

    fromServer(() => sockets.latest.push(update(uploadId(1), 'CONSOLIDATING', { message: 'Consolidating: sheet 1 of 2, 4,000 rows', seq: 1, progress: 0.3 })));
    const share = await screen.findByRole('progressbar', { name: 'Share of processing done' });
    await waitFor(() => expect(share).toHaveAttribute('aria-valuenow', '30'));
    fromServer(() => sockets.latest.push(update(uploadId(1), 'CONSOLIDATING', { message: 'Consolidating: sheet 2 of 2, 9,000 rows', seq: 2, progress: 0.8 })));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Share of processing done' })).toHaveAttribute('aria-valuenow', '80'));
    fromServer(() => sockets.latest.push(update(uploadId(1), 'CONSOLIDATING', { message: 'Consolidating: sheet 2 of 2, 9,500 rows', seq: 3, progress: 0.5 })));
    expect(await screen.findByText('Consolidating: sheet 2 of 2, 9,500 rows')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Share of processing done' })).toHaveAttribute('aria-valuenow', '80');
    expect(within(screen.getAllByRole('row')[1]).getByRole('progressbar', { name: 'Share of processing done' })).toBeInTheDocument();
  });
});

describe('downloads from Weekly Uploads Review', () => {
  let saved: string[];

  beforeEach(() => {
    saved = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  /** An answer the test releases when it chooses, so a second attempt surely falls while the first runs. */
  function held() {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    return { gate, release };
  }

  const ZIP = Buffer.from('PK fake zip');

  test("Download All fetches the week's archive of one type, is blocked while it runs, and toasts its success", async () => {
    answerList([row(1, upload(1))]);
    const { gate, release } = held();
    const archive = api()
      .get('/api/company/bulk-download')
      .query({ fileType: 'scrubbed', ...WEEK })
      .reply((_uri, _body, respond) => {
        void gate.then(() => respond(null, [200, ZIP, { 'Content-Disposition': 'attachment; filename="Acme scrubbed 2026-03-02.zip"' }]));
      });
    const user = setupUser();
    openReviewScreen();
    await screen.findByText('Client 1');

    await user.click(screen.getByRole('button', { name: 'Download All' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Raw Files', 'Consolidated Files', 'Scrubbed Files']);
    await user.click(screen.getByRole('menuitem', { name: 'Scrubbed Files' }));
    const button = screen.getByRole('button', { name: /Download All/ });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveClass('ant-btn-loading');
    await user.click(button);
    expect(screen.queryByRole('menuitem', { name: 'Raw Files' })).toBeNull();

    release();
    expect(await screen.findByText('Successfully downloaded all scrubbed files for this week')).toBeInTheDocument();
    expect(archive.isDone()).toBe(true);
    expect(saved).toEqual(['Acme scrubbed 2026-03-02.zip']);
    await waitFor(() => expect(button).toBeEnabled());
  });

  test("Download All names an unnamed archive bulk_download.zip; a refusal toasts the server's message, else 'Failed to download files', else 'Unknown error'", async () => {
    answerList([row(1, upload(1))]);
    const bulk = (fileType: string) => api().get('/api/company/bulk-download').query({ fileType, ...WEEK });
    bulk('raw').reply(200, ZIP);
    bulk('consolidated').reply(404, { success: false, message: 'No consolidated files this week', error: 'NOT_FOUND' });
    bulk('scrubbed').reply(500, { success: false });
    bulk('raw').replyWithError('socket hang up');
    const user = setupUser();
    openReviewScreen();
    await screen.findByText('Client 1');
    const choose = async (label: string) => {
      const button = screen.getByRole('button', { name: /Download All/ });
      await waitFor(() => expect(button).toBeEnabled());
      await user.click(button);
      await user.click(await screen.findByRole('menuitem', { name: label }));
    };

    await choose('Raw Files');
    expect(await screen.findByText('Successfully downloaded all raw files for this week')).toBeInTheDocument();
    expect(saved).toEqual(['bulk_download.zip']);
    await choose('Consolidated Files');
    expect(await screen.findByText('Failed to download consolidated files: No consolidated files this week')).toBeInTheDocument();
    await choose('Scrubbed Files');
    expect(await screen.findByText('Failed to download scrubbed files: Failed to download files')).toBeInTheDocument();
    await choose('Raw Files');
    expect(await screen.findByText('Failed to download raw files: Unknown error')).toBeInTheDocument();
    expect(saved).toEqual(['bulk_download.zip']);
  });

  test('a version downloads under the name the server gives; the same one cannot start twice at once; a failure toasts its type', async () => {
    answerList([row(1, upload(1))]);
    const { gate, release } = held();
    const file = api()
      .get(`/api/company/download/${uploadId(1)}`)
      .query({ type: 'scrubbed' })
      .reply((_uri, _body, respond) => {
        void gate.then(() => respond(null, [200, ZIP, { 'Content-Disposition': 'attachment; filename="Client 1 scrubbed.xlsx"' }]));
      });
    api().get(`/api/company/download/${uploadId(1)}`).query({ type: 'raw' }).reply(404, { success: false, message: 'File not found', error: 'NOT_FOUND' });
    const user = setupUser();
    openReviewScreen();
    await screen.findByText('Client 1');

    await user.click(screen.getByRole('button', { name: 'Download' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Scrubbed file' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    const busy = await screen.findByRole('menuitem', { name: /^Scrubbed file/ });
    expect(busy).toHaveTextContent('Scrubbed file (downloading...)');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    // Another version of the same upload is not held up by it.
    await user.click(screen.getByRole('menuitem', { name: 'Raw file' }));
    expect(await screen.findByText('Failed to download raw file')).toBeInTheDocument();

    release();
    await waitFor(() => expect(saved).toEqual(['Client 1 scrubbed.xlsx']));
    expect(file.isDone()).toBe(true);
  });
});
