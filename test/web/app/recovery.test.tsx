import { setupListeners } from '@reduxjs/toolkit/query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { weekContaining, weekToIsoDates } from '@/common/week';
import { recoveryListeners } from '@/web/app/recovery';
import { SESSION_ENDED_MESSAGE } from '@/web/features/auth/LoginForm';
import { downloadFile } from '@/web/lib/download';
import { stubScreenReads, users } from '../../helpers/renderWithProviders';
import { answerList, api, fromServer, LIST, openReviewScreen, REVIEW_PATH, row, search, setupUser, upload } from '../admin/weeklyReviewScreens';
import { clients, clientsAnswer, openStaffScreen, UNREADABLE_BODY } from '../staff/staffScreens';

const thisWeek = () => weekToIsoDates(weekContaining(new Date()));
const STATS = { totalUploaded: 5, uploadsPendingReview: 2, approvedUploads: 2, rejectedUploads: 1, clientsWithUploads: 4, totalAssignedClients: 7, completionPercentage: 57 };

function answerStats() {
  return api().get('/api/staff/weekly-stats').query(thisWeek()).reply(200, { success: true, data: { stats: STATS } });
}

function answerClientCount(total = 7) {
  return api().get('/api/staff/clients').query({ limit: 1 }).reply(200, clientsAnswer(clients(1, 1), { limit: 1, total }));
}

function failClientCount() {
  return api().get('/api/staff/clients').query({ limit: 1 }).reply(200, UNREADABLE_BODY);
}

/** The Assigned Clients card's count, once it shows one. */
async function clientCount(count: string) {
  return within(await screen.findByRole('link', { name: /Assigned Clients/ })).findByText(count);
}

describe('a failed read offers Retry', () => {
  test("Retry asks again, and the screen shows the new answer in place of the failure", async () => {
    failClientCount();
    answerStats();
    const user = setupUser();
    openStaffScreen('/staff');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load staff dashboard');

    const again = answerClientCount();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await clientCount('7')).toBeInTheDocument();
    expect(again.isDone()).toBe(true);
    expect(screen.queryByText('Failed to load staff dashboard')).not.toBeInTheDocument();
  });

  test("the weekly list's failure keeps its exact words and offers Retry", async () => {
    api().get(LIST).query(true).reply(200, UNREADABLE_BODY);
    const user = setupUser();
    openReviewScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load weekly uploads. Please try again.');

    answerList([row(1, upload(1))]);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Client 1')).toBeInTheDocument();
  });
});

describe('screens recover by themselves', () => {
  test('when the socket connects again, a failed list is asked again, and a live list is refetched after every reconnect', async () => {
    api().get(LIST).query(true).reply(200, UNREADABLE_BODY);
    const { sockets } = openReviewScreen();
    fromServer(() => sockets.latest.acceptConnection());
    expect(await screen.findByText('Failed to load weekly uploads. Please try again.')).toBeInTheDocument();

    // The server goes away and comes back: the socket reconnects, and the list loads without a click.
    fromServer(() => sockets.latest.drop());
    const recovered = answerList([row(1, upload(1))]);
    fromServer(() => sockets.latest.acceptConnection());
    expect(await screen.findByText('Client 1')).toBeInTheDocument();
    expect(recovered.isDone()).toBe(true);
    expect(screen.queryByText('Failed to load weekly uploads. Please try again.')).not.toBeInTheDocument();

    // A list that loaded may have missed live updates while the socket was down: it is read again.
    fromServer(() => sockets.latest.drop());
    const refreshed = answerList([row(1, upload(1, { approval_status: 'APPROVED' }), 'APPROVED')]);
    fromServer(() => sockets.latest.acceptConnection());
    await waitFor(() => expect(refreshed.isDone()).toBe(true));
    expect(await screen.findByText('Approved', { selector: '.ant-typography' })).toBeInTheDocument();
  });

  test('when the window regains focus, a failed read is asked again, and reads that succeeded are not', async () => {
    failClientCount();
    answerStats();
    const { store } = openStaffScreen('/staff');
    const stopListening = setupListeners(store.dispatch, recoveryListeners);
    try {
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load staff dashboard');
      expect(await within(screen.getByRole('region', { name: 'Weekly Overview' })).findByText('5')).toBeInTheDocument();

      // Only the failed count is answered again: a second read of the figures would be a request no test expected.
      const again = answerClientCount();
      fireEvent.focus(window);
      expect(await clientCount('7')).toBeInTheDocument();
      expect(again.isDone()).toBe(true);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      stopListening();
    }
  });
});

describe('signing in again', () => {
  test('with only the access cookie gone, the session is renewed before anyone is told to sign in', async () => {
    api().get('/api/staff/clients').query({ limit: 1 }).reply(401, { success: false, message: 'Please sign in to continue.', error: 'UNAUTHORIZED' });
    const renewed = api().post('/api/auth/refresh').reply(200, { success: true, message: 'Session refreshed' });
    answerClientCount();
    answerStats();
    openStaffScreen('/staff');

    expect(await clientCount('7')).toBeInTheDocument();
    expect(renewed.isDone()).toBe(true);
    expect(screen.queryByText('Please sign in to continue.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a download without an access token renews the session and tries again before showing any message', async () => {
    const url = 'http://localhost/api/staff/download/u-1?type=raw';
    const missing = { success: false, message: 'Please sign in to continue.', error: 'UNAUTHORIZED' };
    api().get('/api/staff/download/u-1').query({ type: 'raw' }).reply(401, missing);
    api().get('/api/staff/download/u-1').query({ type: 'raw' }).reply(409, { success: false, message: 'The raw version is not ready yet', error: 'CONFLICT' });
    const renewSession = jest.fn(async () => true);
    await expect(downloadFile(url, { renewSession })).rejects.toThrow('The raw version is not ready yet');
    expect(renewSession).toHaveBeenCalledTimes(1);

    // When the session cannot be renewed, the answer's words stand.
    api().get('/api/staff/download/u-1').query({ type: 'raw' }).reply(401, missing);
    await expect(downloadFile(url, { renewSession: async () => false })).rejects.toThrow('Please sign in to continue.');
  });

  test('a session that expires on a page returns there after signing in, search included', async () => {
    api().get(LIST).query(true).reply(401, { success: false, message: 'Your session has expired.', error: 'TOKEN_EXPIRED' });
    api().post('/api/auth/refresh').reply(401, { success: false, message: SESSION_ENDED_MESSAGE, error: 'SESSION_ENDED' });
    const user = setupUser();
    const { router } = openReviewScreen();

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/admin'));
    expect(await screen.findByText(SESSION_ENDED_MESSAGE)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), users.ADMIN.email);
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    api().post('/api/auth/admin').reply(200, { success: true, message: 'Login successful', data: { user: users.ADMIN } });
    api().get('/api/auth/me').reply(200, { success: true, data: users.ADMIN });
    answerList([row(1, upload(1))]);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Client 1')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(REVIEW_PATH);
    expect(search(router)).toEqual({ weekStart: '2026-03-02', weekEnd: '2026-03-08' });
  });

  test('where the sign-in message remains, it offers Sign in, which leads to the sign-in screen and back', async () => {
    api().get(LIST).query(true).reply(401, { success: false, message: SESSION_ENDED_MESSAGE, error: 'SESSION_ENDED' });
    const user = setupUser();
    const { router } = openReviewScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SESSION_ENDED_MESSAGE);
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/admin'));
    await user.type(screen.getByLabelText('Email'), users.ADMIN.email);
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    api().post('/api/auth/admin').reply(200, { success: true, message: 'Login successful', data: { user: users.ADMIN } });
    api().get('/api/auth/me').reply(200, { success: true, data: users.ADMIN });
    answerList([row(1, upload(1))]);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Client 1')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(REVIEW_PATH);
  });

  test('an address elsewhere is not followed after signing in: the area home opens', async () => {
    const user = setupUser();
    const { router } = openReviewScreen('/auth/admin');
    await screen.findByRole('heading', { name: 'Welcome back' });
    await act(() => router.navigate('/auth/admin', { state: { returnTo: '//evil.example/admin' }, replace: true }));
    await user.type(screen.getByLabelText('Email'), users.ADMIN.email);
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    api().post('/api/auth/admin').reply(200, { success: true, message: 'Login successful', data: { user: users.ADMIN } });
    stubScreenReads();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});
