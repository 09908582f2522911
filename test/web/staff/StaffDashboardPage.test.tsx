import { screen, within } from '@testing-library/react';
import { shiftWeek, weekContaining, weekToIsoDates } from '@/common/week';
import { users } from '../../helpers/renderWithProviders';
import { api, clientsAnswer, clients, openStaffScreen, setupUser, UNREADABLE_BODY } from './staffScreens';

/** The current week and the one before it, as the address and the API carry them. */
const thisWeek = () => weekToIsoDates(weekContaining(new Date()));
const lastWeek = () => weekToIsoDates(shiftWeek(weekContaining(new Date()), -1));

const STATS = {
  totalUploaded: 5,
  uploadsPendingReview: 2,
  approvedUploads: 2,
  rejectedUploads: 1,
  failedUploads: 0,
  processingUploads: 0,
  remainingUploads: 3,
  clientsWithUploads: 5,
  clientsCompleted: 2,
  totalAssignedClients: 8,
  completionPercentage: 25,
};
const NO_STATS = { ...STATS, totalUploaded: 0, uploadsPendingReview: 0, approvedUploads: 0, rejectedUploads: 0, remainingUploads: 0, clientsWithUploads: 0, clientsCompleted: 0, totalAssignedClients: 0, completionPercentage: 0 };

/** GET /staff/weekly-stats for exactly this week; returns the interceptor to check it was asked. */
function answerStats(week: { weekStart: string; weekEnd: string }, stats: Record<string, number> = STATS) {
  return api().get('/api/staff/weekly-stats').query(week).reply(200, { success: true, data: { stats } });
}

function answerClientCount(total = 7) {
  api().get('/api/staff/clients').query({ limit: 1 }).reply(200, clientsAnswer(clients(1, 1), { limit: 1, total }));
}

/** The link of the weekly card with this title. */
function weeklyCard(title: string) {
  return within(screen.getByRole('region', { name: 'Weekly Overview' })).getByRole('link', { name: new RegExp(`^${title}`) });
}

describe('Staff dashboard', () => {
  test('greets the staff member and counts their clients from a one-row request', async () => {
    const count = api().get('/api/staff/clients').query({ limit: 1 }).reply(200, clientsAnswer(clients(1, 1), { limit: 1, total: 7 }));
    answerStats(thisWeek());
    openStaffScreen('/staff');

    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(breadcrumb).toHaveTextContent('Staff/Dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Steve Staff' })).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Signed-in user' });
    expect(profile).toHaveTextContent(/^STWelcome back, Steve StaffSteve Staff/);
    expect(profile).toHaveTextContent('steve@acme.test');
    expect(profile).toHaveTextContent('Acme');

    const card = await screen.findByRole('link', { name: /Assigned Clients/ });
    expect(card).toHaveAttribute('href', '/staff/clients');
    expect(card).toHaveTextContent('Active client assignments');
    expect(await within(card).findByText('7')).toBeInTheDocument();
    expect(count.isDone()).toBe(true);
  });

  test('a user without a name is greeted as Staff User with the initials ST', async () => {
    const nameless = { ...users.STAFF, name: '' };
    api().get('/api/staff/clients').query({ limit: 1 }).reply(200, clientsAnswer([], { limit: 1 }));
    answerStats(thisWeek());
    openStaffScreen('/staff', nameless);

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Staff User' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Signed-in user' })).toHaveTextContent(/^STWelcome back, Staff UserStaff User/);
    expect(await within(screen.getByRole('link', { name: /Assigned Clients/ })).findByText('0')).toBeInTheDocument();
  });

  test('a failure to count the clients shows the server message', async () => {
    api().get('/api/staff/clients').query({ limit: 1 }).reply(403, { success: false, message: 'Your account is not a staff account' });
    answerStats(thisWeek());
    openStaffScreen('/staff');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is not a staff account');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Steve Staff' })).toBeInTheDocument();
  });

  test('a failure without a message says the dashboard could not be loaded', async () => {
    api().get('/api/staff/clients').query({ limit: 1 }).reply(200, UNREADABLE_BODY);
    answerStats(thisWeek());
    openStaffScreen('/staff');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load staff dashboard');
  });
});

describe('Staff dashboard weekly overview', () => {
  test("asks for the current week's figures and shows each card leading to the weekly uploads filtered the same way for that week", async () => {
    answerClientCount();
    const stats = answerStats(thisWeek());
    openStaffScreen('/staff');

    const overview = await screen.findByRole('region', { name: 'Weekly Overview' });
    expect(within(overview).getByRole('heading', { level: 2, name: 'Weekly Overview' })).toBeInTheDocument();
    expect(await within(weeklyCard('Total Uploaded')).findByText('5')).toBeInTheDocument();
    expect(stats.isDone()).toBe(true);
    const { weekStart, weekEnd } = thisWeek();

    const cards = [
      ['Total Uploaded', 'uploaded', '5', 'Reviewed + Unreviewed'],
      ['Pending Review', 'pending', '2', 'Awaiting admin review'],
      ['Approved', 'approved', '2', 'Approved by an admin'],
      ['Rejected', 'rejected', '1', 'To upload again'],
    ];
    for (const [title, filter, value, description] of cards) {
      const card = weeklyCard(title);
      expect(card).toHaveTextContent(`${title}${value}${description}`);
      expect(card).toHaveAttribute('href', `/staff/weekly-uploads?filter=${filter}&weekStart=${weekStart}&weekEnd=${weekEnd}`);
    }

    const completion = weeklyCard('Weekly Completion');
    expect(completion).toHaveAttribute('href', `/staff/weekly-uploads?weekStart=${weekStart}&weekEnd=${weekEnd}`);
    expect(completion).toHaveTextContent('2 of 8 clients completed');
    // The server's percentage, shown as a whole percent.
    expect(completion).toHaveTextContent('25%');
    expect(within(completion).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(completion).toHaveTextContent('2 awaiting review · 1 rejected · 0 failed · 3 not uploaded');
  });

  test('only approved weeks are completed: a rejected, a failed and a pending upload are each counted apart', async () => {
    answerClientCount(5);
    answerStats(thisWeek(), {
      ...STATS,
      totalUploaded: 4,
      uploadsPendingReview: 1,
      approvedUploads: 1,
      rejectedUploads: 1,
      failedUploads: 1,
      remainingUploads: 1,
      clientsWithUploads: 4,
      clientsCompleted: 1,
      totalAssignedClients: 5,
      completionPercentage: 20,
    });
    openStaffScreen('/staff');

    const completion = await screen.findByRole('link', { name: /^Weekly Completion/ });
    expect(await within(completion).findByText('1 of 5 clients completed')).toBeInTheDocument();
    expect(completion).toHaveTextContent('20%');
    expect(completion).toHaveTextContent('1 awaiting review · 1 rejected · 1 failed · 1 not uploaded');
  });

  test('a staff member without clients sees 0 of 0 clients completed at 0%', async () => {
    answerClientCount(0);
    answerStats(thisWeek(), NO_STATS);
    openStaffScreen('/staff');

    const completion = await screen.findByRole('link', { name: /^Weekly Completion/ });
    expect(await within(completion).findByText('0 of 0 clients completed')).toBeInTheDocument();
    expect(completion).toHaveTextContent('0%');
    expect(within(completion).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(weeklyCard('Total Uploaded')).toHaveTextContent('Total Uploaded0Reviewed + Unreviewed');
  });

  test('stepping to the week before asks for its figures, writes it into the address and moves every link to it', async () => {
    answerClientCount();
    answerStats(thisWeek());
    const user = setupUser();
    const { router } = openStaffScreen('/staff');
    expect(await within(await screen.findByRole('region', { name: 'Weekly Overview' })).findByText('2 of 8 clients completed')).toBeInTheDocument();

    const previous = answerStats(lastWeek(), {
      ...STATS,
      totalUploaded: 8,
      uploadsPendingReview: 0,
      approvedUploads: 8,
      rejectedUploads: 0,
      remainingUploads: 0,
      clientsWithUploads: 8,
      clientsCompleted: 8,
      completionPercentage: 100,
    });
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await within(weeklyCard('Total Uploaded')).findByText('8')).toBeInTheDocument();
    expect(previous.isDone()).toBe(true);
    expect(weeklyCard('Weekly Completion')).toHaveTextContent('8 of 8 clients completed100%');

    const { weekStart, weekEnd } = lastWeek();
    const address = new URLSearchParams(router.state.location.search);
    expect([address.get('weekStart'), address.get('weekEnd')]).toEqual([weekStart, weekEnd]);
    expect(weeklyCard('Pending Review')).toHaveAttribute('href', `/staff/weekly-uploads?filter=pending&weekStart=${weekStart}&weekEnd=${weekEnd}`);
    expect(weeklyCard('Weekly Completion')).toHaveAttribute('href', `/staff/weekly-uploads?weekStart=${weekStart}&weekEnd=${weekEnd}`);

    // 'This Week' comes back to the current week, answered from the cache.
    await user.click(screen.getByRole('button', { name: 'This Week' }));
    expect(await within(screen.getByRole('region', { name: 'Weekly Overview' })).findByText('2 of 8 clients completed')).toBeInTheDocument();
    expect(weeklyCard('Approved')).toHaveAttribute('href', `/staff/weekly-uploads?filter=approved&weekStart=${thisWeek().weekStart}&weekEnd=${thisWeek().weekEnd}`);
  });

  test('opens on the week the address names', async () => {
    answerClientCount();
    const stats = answerStats({ weekStart: '2025-09-08', weekEnd: '2025-09-14' });
    openStaffScreen('/staff?weekStart=2025-09-08&weekEnd=2025-09-14');

    expect(await within(await screen.findByRole('region', { name: 'Weekly Overview' })).findByText('2 of 8 clients completed')).toBeInTheDocument();
    expect(stats.isDone()).toBe(true);
    expect(screen.getByTestId('week-range')).toHaveTextContent('Sep 8 – Sep 14, 2025');
    expect(screen.getByRole('button', { name: 'Previous week' })).toBeDisabled();
    expect(weeklyCard('Rejected')).toHaveAttribute('href', '/staff/weekly-uploads?filter=rejected&weekStart=2025-09-08&weekEnd=2025-09-14');
  });

  test.each([
    ['the server message', 403, { success: false, message: 'Statistics are not available' }, 'Statistics are not available'],
    ['a fallback when the answer is not the API JSON', 200, UNREADABLE_BODY, 'Failed to load weekly statistics'],
  ])('a failed read of the week shows %s, and the client count still shows', async (_case, status, body, text) => {
    answerClientCount();
    api().get('/api/staff/weekly-stats').query(thisWeek()).reply(status, body);
    openStaffScreen('/staff');

    const overview = await screen.findByRole('region', { name: 'Weekly Overview' });
    expect(await within(overview).findByRole('alert')).toHaveTextContent(text);
    expect(await within(screen.getByRole('link', { name: /Assigned Clients/ })).findByText('7')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
