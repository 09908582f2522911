import { screen, within } from '@testing-library/react';
import { shiftWeek, weekContaining, weekToIsoDates } from '@/common/week';
import { PAGE_SIZES } from '@/common/limits';
import { api, openAdminScreen, setupUser } from './adminScreens';
import { listAnswer, row, upload } from './weeklyReviewScreens';

const COMPANY = { id: '33333333-0000-4000-8000-000000000001', name: 'Acme Payroll', staff_count: 7, active_clients: 12 };

/** The current week and the one before it, as the address and the API carry them. */
const thisWeek = () => weekToIsoDates(weekContaining(new Date()));
const lastWeek = () => weekToIsoDates(shiftWeek(weekContaining(new Date()), -1));

const STATS = {
  pendingReviews: 3,
  rejectedUploads: 1,
  approvedUploads: 3,
  failedUploads: 0,
  processingUploads: 0,
  remainingUploads: 4,
  completedUploads: 7,
  clientsWithUploads: 6,
  clientsCompleted: 3,
  totalClients: 10,
};
const NO_STATS = {
  pendingReviews: 0,
  rejectedUploads: 0,
  approvedUploads: 0,
  failedUploads: 0,
  processingUploads: 0,
  remainingUploads: 0,
  completedUploads: 0,
  clientsWithUploads: 0,
  clientsCompleted: 0,
  totalClients: 0,
};

/**
 * GET /company/weekly-documents as the overview asks it: the week's clients with an upload, the most
 * week-over-week changes first, a card's worth.
 */
function answerChanges(week: { weekStart: string; weekEnd: string }, documents: Record<string, unknown>[] = [], status = 200) {
  const query = { ...week, filter: 'completed', sort: 'week_over_week_warnings', page: 1, limit: PAGE_SIZES.adminWeeklyChanges };
  const body = status === 200 ? listAnswer(documents, { limit: PAGE_SIZES.adminWeeklyChanges }) : { success: false, message: 'The week could not be read' };
  return api().get('/api/company/weekly-documents').query(query).reply(status, body);
}

/**
 * GET /company/weekly-stats for exactly this week (and the week's changes, which the overview reads
 * beside them, none here); returns the interceptor to check it was asked.
 */
function answerStats(week: { weekStart: string; weekEnd: string }, stats: Record<string, number> = STATS) {
  answerChanges(week);
  return api().get('/api/company/weekly-stats').query(week).reply(200, { success: true, data: { stats } });
}

const GB = 1024 ** 3;

/** GET /company/storage: the company's stored files against its quota. */
function answerStorage(storage = { usedBytes: 1.2 * GB, quotaBytes: 5 * GB }, status = 200) {
  const body = status === 200 ? { success: true, data: { storage } } : { success: false, message: 'Storage cannot be read right now' };
  return api().get('/api/company/storage').reply(status, body);
}

/** GET /company/current, and the storage the company's overview shows beside it. */
function answerCompany(storage?: { usedBytes: number; quotaBytes: number }) {
  api().get('/api/company/current').reply(200, { success: true, data: { company: COMPANY } });
  return answerStorage(storage);
}

/** The link of the weekly card with this title. */
function weeklyCard(title: string) {
  return within(screen.getByRole('region', { name: 'Weekly Overview' })).getByRole('link', { name: new RegExp(`^${title}`) });
}

/** The query of a link's address, decoded into its parameters in their order. */
function queryOf(link: HTMLElement) {
  const [path, query = ''] = (link.getAttribute('href') ?? '').split('?');
  return { path, params: [...new URLSearchParams(query).entries()] };
}

describe('Admin dashboard header', () => {
  test('shows the breadcrumb, the company name and id, and cards that lead to staff and clients', async () => {
    answerCompany();
    answerStats(thisWeek());
    openAdminScreen('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Payroll' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(/^Admin\/Dashboard$/);
    expect(screen.getByText(COMPANY.id)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Company Admin Overview' })).toBeInTheDocument();

    const staffCard = screen.getByRole('group', { name: 'Staff Users' });
    expect(staffCard).toHaveTextContent('7');
    expect(staffCard.closest('a')).toHaveAttribute('href', '/admin/staff-management');
    const clientsCard = screen.getByRole('group', { name: 'Active Clients' });
    expect(clientsCard).toHaveTextContent('12');
    expect(clientsCard.closest('a')).toHaveAttribute('href', '/admin/client-management');
  });

  test.each([
    ['the server message', 403, { success: false, message: 'Your session has no company' }, 'Your session has no company'],
    ['a fallback when the answer is not the API JSON', 200, '<html>Welcome to the proxy</html>', 'Failed to load company dashboard'],
    ['that the company is missing when the answer has none', 200, { success: true, data: {} }, 'Company data not found'],
  ])('a failed load shows %s', async (_case, status, body, text) => {
    api().get('/api/company/current').reply(status, body);
    answerStats(thisWeek());
    openAdminScreen('/admin');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
    // The week is read on its own and still shows.
    expect(await within(weeklyCard('Completed Uploads')).findByText('7')).toBeInTheDocument();
  });
});

describe('Admin dashboard storage', () => {
  const storageCard = () => screen.getByRole('group', { name: 'Storage' });

  test('shows how much of its storage the company uses, as text and as a bar', async () => {
    const storage = answerCompany();
    answerStats(thisWeek());
    openAdminScreen('/admin');

    expect(await within(await screen.findByRole('group', { name: 'Storage' })).findByText('Storage: 1.2 GB of 5 GB')).toBeInTheDocument();
    expect(storage.isDone()).toBe(true);
    const bar = within(storageCard()).getByRole('progressbar', { name: 'Storage used' });
    expect(bar).toHaveAttribute('aria-valuenow', '24');
    expect(storageCard()).toHaveTextContent('24%');
    expect(storageCard()).not.toHaveTextContent('Storage is full');
  });

  test('a full store says new uploads are refused and what to do', async () => {
    answerCompany({ usedBytes: 5 * GB + 300, quotaBytes: 5 * GB });
    answerStats(thisWeek());
    openAdminScreen('/admin');

    expect(await within(await screen.findByRole('group', { name: 'Storage' })).findByText('Storage: 5 GB of 5 GB')).toBeInTheDocument();
    expect(within(storageCard()).getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute('aria-valuenow', '100');
    expect(storageCard()).toHaveTextContent('Storage is full: new uploads are refused. Raise a support ticket to increase it.');
  });

  test("a failed read of the storage shows the server's message, and the rest of the dashboard still shows", async () => {
    api().get('/api/company/current').reply(200, { success: true, data: { company: COMPANY } });
    answerStorage(undefined, 403);
    answerStats(thisWeek());
    openAdminScreen('/admin');

    expect(await within(await screen.findByRole('group', { name: 'Storage' })).findByRole('alert')).toHaveTextContent('Storage cannot be read right now');
    expect(screen.getByRole('group', { name: 'Staff Users' })).toHaveTextContent('7');
    expect(await within(weeklyCard('Completed Uploads')).findByText('7')).toBeInTheDocument();
  });
});

describe('Admin dashboard weekly overview', () => {
  test("asks for the current week's figures and shows each card leading to the review list filtered the same way for that week", async () => {
    answerCompany();
    const stats = answerStats(thisWeek());
    openAdminScreen('/admin');

    const overview = await screen.findByRole('region', { name: 'Weekly Overview' });
    expect(within(overview).getByRole('heading', { level: 2, name: 'Weekly Overview' })).toBeInTheDocument();
    expect(await within(weeklyCard('Pending Reviews')).findByText('3')).toBeInTheDocument();
    expect(stats.isDone()).toBe(true);
    const { weekStart, weekEnd } = thisWeek();

    const cards = [
      ['Pending Reviews', 'pending', '3', 'Files awaiting review'],
      ['Rejected Uploads', 'rejected', '1', 'Sent back to staff'],
      ['Approved Uploads', 'approved', '3', '75% approval rate'],
      ['Remaining Uploads', 'remaining', '4', 'Clients yet to upload'],
      ['Completed Uploads', 'completed', '7', 'Total uploads this week'],
    ];
    for (const [title, filter, value, description] of cards) {
      const card = weeklyCard(title);
      expect(card).toHaveTextContent(`${title}${value}${description}`);
      expect(card).toHaveAttribute('href', `/admin/weekly-uploads?filter=${filter}&weekStart=${weekStart}&weekEnd=${weekEnd}`);
    }

    const summary = weeklyCard('Weekly Processing Summary');
    expect(queryOf(summary)).toEqual({ path: '/admin/weekly-uploads', params: [['weekStart', weekStart], ['weekEnd', weekEnd]] });
    // Completed is approved: uploads awaiting review, rejected or failed are counted apart.
    expect(summary).toHaveTextContent('3 of 10 clients completed');
    expect(summary).toHaveTextContent('30%');
    expect(within(summary).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    expect(summary).toHaveTextContent('3 awaiting review · 1 rejected · 0 failed · 4 not uploaded');
  });

  test('a week with a failed and a processing upload counts each apart, and neither as completed', async () => {
    answerCompany();
    answerStats(thisWeek(), { ...STATS, pendingReviews: 1, approvedUploads: 1, rejectedUploads: 1, failedUploads: 2, processingUploads: 1, remainingUploads: 1, completedUploads: 6, clientsWithUploads: 6, clientsCompleted: 1, totalClients: 7 });
    openAdminScreen('/admin');

    const summary = await screen.findByRole('link', { name: /^Weekly Processing Summary/ });
    expect(await within(summary).findByText('1 of 7 clients completed')).toBeInTheDocument();
    expect(summary).toHaveTextContent('14%');
    expect(summary).toHaveTextContent('1 awaiting review · 1 rejected · 2 failed · 1 processing · 1 not uploaded');
  });

  test('a week without reviews or clients shows a 0% approval rate and 0 of 0 clients completed', async () => {
    answerCompany();
    answerStats(thisWeek(), NO_STATS);
    openAdminScreen('/admin');

    expect(await within(await screen.findByRole('region', { name: 'Weekly Overview' })).findByText('0% approval rate')).toBeInTheDocument();
    expect(weeklyCard('Approved Uploads')).toHaveTextContent('Approved Uploads00% approval rate');
    const summary = weeklyCard('Weekly Processing Summary');
    expect(summary).toHaveTextContent('0 of 0 clients completed');
    expect(summary).toHaveTextContent('0%');
    expect(within(summary).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  test('the approval rate counts reviewed uploads only and is rounded to a whole percent', async () => {
    answerCompany();
    answerStats(thisWeek(), { ...STATS, pendingReviews: 40, approvedUploads: 2, rejectedUploads: 1, clientsWithUploads: 3, clientsCompleted: 1, totalClients: 3 });
    openAdminScreen('/admin');

    expect(await within(await screen.findByRole('region', { name: 'Weekly Overview' })).findByText('67% approval rate')).toBeInTheDocument();
    expect(weeklyCard('Weekly Processing Summary')).toHaveTextContent('1 of 3 clients completed33%');
  });

  test('stepping to the week before asks for its figures, writes it into the address and moves every link to it', async () => {
    answerCompany();
    answerStats(thisWeek());
    const user = setupUser();
    const { router } = openAdminScreen('/admin');
    expect(await within(await screen.findByRole('region', { name: 'Weekly Overview' })).findByText('75% approval rate')).toBeInTheDocument();

    const previous = answerStats(lastWeek(), { ...STATS, pendingReviews: 9, approvedUploads: 1, rejectedUploads: 1, clientsWithUploads: 2, clientsCompleted: 2 });
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await within(weeklyCard('Pending Reviews')).findByText('9')).toBeInTheDocument();
    expect(previous.isDone()).toBe(true);
    expect(weeklyCard('Approved Uploads')).toHaveTextContent('50% approval rate');
    expect(weeklyCard('Weekly Processing Summary')).toHaveTextContent('2 of 10 clients completed20%');

    const { weekStart, weekEnd } = lastWeek();
    expect(new URLSearchParams(router.state.location.search).get('weekStart')).toBe(weekStart);
    expect(new URLSearchParams(router.state.location.search).get('weekEnd')).toBe(weekEnd);
    expect(weeklyCard('Rejected Uploads')).toHaveAttribute('href', `/admin/weekly-uploads?filter=rejected&weekStart=${weekStart}&weekEnd=${weekEnd}`);
    expect(weeklyCard('Weekly Processing Summary')).toHaveAttribute('href', `/admin/weekly-uploads?weekStart=${weekStart}&weekEnd=${weekEnd}`);
    expect(screen.getByRole('button', { name: 'This Week' })).toBeEnabled();
  });

  test('opens on the week the address names', async () => {
    answerCompany();
    const week = { weekStart: '2025-09-15', weekEnd: '2025-09-21' };
    const stats = answerStats(week);
    openAdminScreen('/admin?weekStart=2025-09-15&weekEnd=2025-09-21');

    expect(await within(await screen.findByRole('region', { name: 'Weekly Overview' })).findByText('75% approval rate')).toBeInTheDocument();
    expect(stats.isDone()).toBe(true);
    expect(screen.getByTestId('week-range')).toHaveTextContent('Sep 15 – Sep 21, 2025');
    expect(weeklyCard('Remaining Uploads')).toHaveAttribute('href', '/admin/weekly-uploads?filter=remaining&weekStart=2025-09-15&weekEnd=2025-09-21');
  });

  test.each([
    ['the server message', 403, { success: false, message: 'Statistics are not available' }, 'Statistics are not available'],
    ['a fallback when the answer is not the API JSON', 200, '<html>Welcome to the proxy</html>', 'Failed to load weekly statistics'],
  ])('a failed read of the week shows %s, and the company still shows', async (_case, status, body, text) => {
    answerCompany();
    answerChanges(thisWeek());
    api().get('/api/company/weekly-stats').query(thisWeek()).reply(status, body);
    openAdminScreen('/admin');

    const overview = await screen.findByRole('region', { name: 'Weekly Overview' });
    expect(await within(overview).findByRole('alert')).toHaveTextContent(text);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Payroll' })).toBeInTheDocument();
    expect(weeklyCard('Pending Reviews')).toHaveTextContent('Pending Reviews—');
  });
});

describe('Admin dashboard changes since last approved week', () => {
  const changesCard = () => screen.getByText('Changes since last approved week').closest('.ant-card') as HTMLElement;

  test("lists the week's clients with an upload, most changed first, each with its count and leading to its upload", async () => {
    answerCompany();
    api().get('/api/company/weekly-stats').query(thisWeek()).reply(200, { success: true, data: { stats: STATS } });
    answerChanges(thisWeek(), [
      row(3, upload(3, { week_over_week_warnings: 5 })),
      row(1, upload(1, { week_over_week_warnings: 1 })),
      row(2, upload(2, { week_over_week_warnings: 0 })),
      row(4, upload(4, { status: 'QUEUED', week_over_week_warnings: null }), 'PROCESSING'),
    ]);
    openAdminScreen('/admin');

    const list = await screen.findByRole('list', { name: 'Changes since last approved week' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Client 35 changes', 'Client 11 change', 'Client 2No changes', 'Client 4—']);
    const { weekStart, weekEnd } = thisWeek();
    expect(queryOf(within(items[0]).getByRole('link', { name: 'Client 3' }))).toEqual({
      path: '/admin/weekly-uploads',
      params: [['clientId', '22222222-0000-4000-8000-000000000003'], ['weekStart', weekStart], ['weekEnd', weekEnd]],
    });
    expect(queryOf(within(changesCard()).getByRole('link', { name: 'All uploads by changes' }))).toEqual({
      path: '/admin/weekly-uploads',
      params: [['sort', 'week_over_week_warnings'], ['weekStart', weekStart], ['weekEnd', weekEnd]],
    });
  });

  test('a week nobody uploaded in says so; a failed read says why', async () => {
    answerCompany();
    answerStats(thisWeek());
    const user = setupUser();
    openAdminScreen('/admin');
    expect(await within(await screen.findByRole('region', { name: 'Weekly Overview' })).findByText('No client has uploaded this week yet.')).toBeInTheDocument();

    api().get('/api/company/weekly-stats').query(lastWeek()).reply(200, { success: true, data: { stats: STATS } });
    answerChanges(lastWeek(), [], 403);
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await within(changesCard()).findByRole('alert')).toHaveTextContent('The week could not be read');
  });
});
