import { waitFor } from '@testing-library/react';
import nock from 'nock';
import { api } from '@/web/api/endpoints';
import { setupStore } from '@/web/app/store';
import { signedIn, signedOut } from '@/web/features/auth/authSlice';
import { trackRequested } from '@/web/realtime/processingSlice';
import { connectionWanted } from '@/web/realtime/realtimeSlice';
import { API_ORIGIN, users } from '../../helpers/renderWithProviders';
import { fakeSockets, update } from './fakeSocket';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';

/** A signed-in staff member's store whose socket is a fake, already connected if asked. */
function liveStore({ connect = true } = {}) {
  const sockets = fakeSockets();
  const store = setupStore({ auth: { user: users.STAFF } }, { openSocket: sockets.open });
  store.dispatch(connectionWanted());
  if (connect) sockets.latest.acceptConnection();
  return { store, sockets };
}

function follow(store: ReturnType<typeof setupStore>, request: Parameters<typeof trackRequested>[0]) {
  store.dispatch(trackRequested(request));
}

const noticeTexts = (store: ReturnType<typeof setupStore>) => store.getState().realtime.notices.map(({ kind, text }) => `${kind}: ${text}`);

// Spec section 8: connection errors are only logged. The log is checked where it matters, and kept out of the output.
let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('the socket middleware', () => {
  test('opens one socket only once someone is signed in and live progress is wanted, and closes it on sign-out', () => {
    const sockets = fakeSockets();
    const store = setupStore({ auth: { user: null } }, { openSocket: sockets.open });
    store.dispatch(connectionWanted());
    expect(sockets.opened).toHaveLength(0);

    store.dispatch(signedIn(users.STAFF));
    expect(sockets.opened).toHaveLength(1);
    expect(sockets.latest.connectCalls).toBe(1);
    expect(store.getState().realtime.connection).toBe('connecting');
    sockets.latest.acceptConnection();
    expect(store.getState().realtime.connection).toBe('connected');
    follow(store, { processingId: P1, source: 'upload' });

    store.dispatch(signedOut());
    expect(sockets.latest.disconnectCalls).toBe(1);
    expect(store.getState().realtime.connection).toBe('connecting');
    expect(store.getState().processing.tracked).toEqual({});
    expect(sockets.opened).toHaveLength(1);
  });

  test('follows a job by its job room until the first update maps it to its processing id', () => {
    const { store, sockets } = liveStore();
    follow(store, { jobId: '42', source: 'upload' });
    expect(sockets.latest.joins()).toEqual(['job-42']);
    expect(Object.keys(store.getState().processing.tracked)).toEqual(['job-42']);

    sockets.latest.push(update(P1, 'CONSOLIDATING', { jobId: '42', message: 'Consolidating: sheet 1 of 2' }));
    expect(Object.keys(store.getState().processing.tracked)).toEqual([P1]);
    expect(store.getState().processing.tracked[P1]).toMatchObject({ status: 'CONSOLIDATING', jobId: '42', message: 'Consolidating: sheet 1 of 2' });

    // Later updates are matched by the processing id alone.
    sockets.latest.push(update(P1, 'SCRUBBING'));
    expect(store.getState().processing.tracked[P1].status).toBe('SCRUBBING');
    // Someone else's upload is not recorded.
    sockets.latest.push(update(P2, 'SCRUBBING', { jobId: '43' }));
    expect(Object.keys(store.getState().processing.tracked)).toEqual([P1]);
  });

  test('SCRUBBED stops the following, leaves the rooms and toasts the server message, else the default', () => {
    const { store, sockets } = liveStore();
    follow(store, { jobId: '42', source: 'upload' });
    follow(store, { processingId: P2, source: 'upload' });
    sockets.latest.push(update(P1, 'SCRUBBED', { jobId: '42', message: 'All 3 sheets scrubbed' }));
    sockets.latest.push(update(P2, 'SCRUBBED', { message: '' }));

    expect(store.getState().processing.tracked).toEqual({});
    expect(store.getState().processing.settled[P1].status).toBe('SCRUBBED');
    expect(sockets.latest.leaves()).toEqual(['job-42', P1, P2]);
    expect(noticeTexts(store)).toEqual(['success: All 3 sheets scrubbed', 'success: File processing completed successfully']);

    // A repeated final update (the join's answer, say) is not announced twice.
    sockets.latest.push(update(P2, 'SCRUBBED'));
    expect(noticeTexts(store)).toHaveLength(2);
  });

  test('FAILED stops the following and toasts the server error, else "Processing failed"', () => {
    const { store, sockets } = liveStore();
    follow(store, { processingId: P1, source: 'upload' });
    follow(store, { processingId: P2, source: 'upload' });
    sockets.latest.push(update(P1, 'FAILED', { error: 'The workbook is password-protected' }));
    sockets.latest.push(update(P2, 'FAILED'));
    expect(store.getState().processing.tracked).toEqual({});
    expect(noticeTexts(store)).toEqual(['error: The workbook is password-protected', 'error: Processing failed']);
  });

  test('a late join answer does not move progress back; a finished resumed upload ends quietly', () => {
    const { store, sockets } = liveStore();
    follow(store, { processingId: P1, source: 'upload' });
    sockets.latest.push(update(P1, 'SCRUBBING'));
    sockets.latest.answerJoin(P1, { ok: true, update: update(P1, 'QUEUED') });
    expect(store.getState().processing.tracked[P1].status).toBe('SCRUBBING');

    follow(store, { processingId: P2, status: 'SCRUBBING', source: 'resumed' });
    sockets.latest.answerJoin(P2, { ok: true, update: update(P2, 'SCRUBBED', { message: 'Processing complete' }) });
    expect(store.getState().processing.tracked[P2]).toBeUndefined();
    expect(noticeTexts(store)).toEqual([]);
  });

  test("an upload that finished before the join is still announced from the join's answer", () => {
    const { store, sockets } = liveStore();
    follow(store, { processingId: P1, source: 'upload' });
    sockets.latest.answerJoin(P1, { ok: true, update: update(P1, 'SCRUBBED', { message: 'Processing complete' }) });
    expect(noticeTexts(store)).toEqual(['success: Processing complete']);
  });

  test('an upload this tab saw end is followed again when this tab queues a new run of it (a mapping fix), but not when a list only resumes it', () => {
    const { store, sockets } = liveStore();
    follow(store, { processingId: P1, source: 'upload' });
    sockets.latest.push(update(P1, 'SCRUBBED', { message: 'Processing complete' }));
    follow(store, { processingId: P1, status: 'CONSOLIDATING', source: 'resumed' });
    expect(store.getState().processing.tracked).toEqual({});

    follow(store, { processingId: P1, jobId: '43', source: 'upload' });
    expect(store.getState().processing.tracked[P1].status).toBe('QUEUED');
    expect(store.getState().processing.settled[P1]).toBeUndefined();
    expect(sockets.latest.joins()).toEqual([P1, P1]);
    sockets.latest.push(update(P1, 'CONSOLIDATING'));
    expect(store.getState().processing.tracked[P1].status).toBe('CONSOLIDATING');
    sockets.latest.push(update(P1, 'SCRUBBED', { message: 'Processed again' }));
    expect(noticeTexts(store)).toEqual(['success: Processing complete', 'success: Processed again']);
  });

  test('a refused join stops following that upload', () => {
    const { store, sockets } = liveStore();
    follow(store, { processingId: P1, source: 'resumed' });
    sockets.latest.answerJoin(P1, { ok: false, message: "This upload was not found or you don't have access to it." });
    expect(store.getState().processing.tracked).toEqual({});
  });

  test('uploads followed while disconnected are joined on connect, and every followed room again on reconnect', () => {
    const { store, sockets } = liveStore({ connect: false });
    follow(store, { processingId: P1, source: 'upload' });
    follow(store, { jobId: '7', source: 'upload' });
    expect(sockets.latest.joins()).toEqual([]);

    sockets.latest.acceptConnection();
    expect(sockets.latest.joins()).toEqual([P1, 'job-7']);
    sockets.latest.drop();
    expect(store.getState().realtime.connection).toBe('disconnected');
    sockets.latest.acceptConnection();
    expect(sockets.latest.joins()).toEqual([P1, 'job-7', P1, 'job-7']);
    expect(store.getState().realtime.connection).toBe('connected');
  });

  test('a socket the server closed (a restart closes them all) connects again after the reconnect delay', () => {
    jest.useFakeTimers();
    try {
      const { store, sockets } = liveStore();
      sockets.latest.drop('transport close');
      jest.advanceTimersByTime(5000);
      // A lost transport is socket.io's own to retry.
      expect(sockets.latest.connectCalls).toBe(1);
      sockets.latest.acceptConnection();
      sockets.latest.drop('io server disconnect');
      expect(store.getState().realtime.connection).toBe('disconnected');
      jest.advanceTimersByTime(999);
      expect(sockets.latest.connectCalls).toBe(1);
      jest.advanceTimersByTime(1);
      expect(sockets.latest.connectCalls).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  test('a new stage refetches the upload lists, the summary and an opened upload (its versions); so does the end', async () => {
    const { store, sockets } = liveStore();
    const week = { weekStart: '2026-03-02', weekEnd: '2026-03-08' };
    const answered = { list: 0, summary: 0, review: 0, opened: 0 };
    const emptyPage = { currentPage: 1, totalPages: 0, totalCount: 0, hasPreviousPage: false, hasNextPage: false };
    const server = nock(API_ORIGIN).persist();
    server.get('/api/staff/weekly-documents').query(true).reply(() => {
      answered.list += 1;
      return [200, { success: true, data: { documents: [], pagination: emptyPage } }];
    });
    server.get('/api/staff/weekly-documents-summary').query(true).reply(() => {
      answered.summary += 1;
      return [200, { success: true, data: { summary: { total: 1, uploaded: 1, pending: 0, approved: 0, rejected: 0, remaining: 0 } } }];
    });
    server.get(`/api/staff/uploads/${P1}/review`).reply(() => {
      answered.review += 1;
      return [404, { success: false, message: 'Not reviewed yet' }];
    });
    // The admin's opened row reads the same upload through its own endpoint.
    server.get(`/api/company/uploads/${P1}`).reply(() => {
      answered.opened += 1;
      return [404, { success: false, message: 'Not found' }];
    });
    const reads = [
      store.dispatch(api.endpoints.listStaffWeeklyDocuments.initiate({ ...week, page: 1, limit: 10 })),
      store.dispatch(api.endpoints.getStaffWeeklyDocumentsSummary.initiate(week)),
      store.dispatch(api.endpoints.getStaffUploadReview.initiate({ id: P1 })),
      store.dispatch(api.endpoints.getCompanyUpload.initiate({ uploadId: P1 })),
    ];
    await waitFor(() => expect(answered).toEqual({ list: 1, summary: 1, review: 1, opened: 1 }));
    follow(store, { processingId: P1, source: 'upload' });

    sockets.latest.push(update(P1, 'CONSOLIDATED'));
    await waitFor(() => expect(answered).toEqual({ list: 2, summary: 2, review: 2, opened: 2 }));
    // A progress message within the same stage changes no counts or versions.
    sockets.latest.push(update(P1, 'CONSOLIDATED', { message: 'Consolidation complete: 12,000 rows' }));
    sockets.latest.push(update(P1, 'SCRUBBED'));
    await waitFor(() => expect(answered).toEqual({ list: 3, summary: 3, review: 3, opened: 3 }));
    for (const read of reads) read.unsubscribe();
  });

  test('an expired token is renewed once over HTTP and the socket connects again', async () => {
    const { store, sockets } = liveStore({ connect: false });
    const refresh = nock(API_ORIGIN).post('/api/auth/refresh').reply(200, { success: true, message: 'Session renewed' });
    sockets.latest.refuse('TOKEN_EXPIRED', 'Your session has expired.');
    await waitFor(() => expect(sockets.latest.connectCalls).toBe(2));
    expect(refresh.isDone()).toBe(true);
    expect(store.getState().realtime.connection).toBe('disconnected');

    // Expiring again straight away is not renewed again (nock would refuse a second refresh).
    sockets.latest.refuse('TOKEN_EXPIRED');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sockets.latest.connectCalls).toBe(2);

    sockets.latest.acceptConnection();
    expect(store.getState().realtime.connection).toBe('connected');
  });

  test('a refused renewal ends the session, which closes the socket', async () => {
    const { store, sockets } = liveStore({ connect: false });
    nock(API_ORIGIN).post('/api/auth/refresh').reply(401, { success: false, message: 'Session ended', error: 'UNAUTHORIZED' });
    sockets.latest.refuse('TOKEN_EXPIRED');
    await waitFor(() => expect(store.getState().auth.user).toBeNull());
    expect(sockets.latest.disconnectCalls).toBe(1);
    expect(sockets.latest.connectCalls).toBe(1);
  });

  test('a connection without an access token renews the session once; unauthorised again, it stops the attempts until someone signs in again', async () => {
    const { store, sockets } = liveStore({ connect: false });
    // Only the access cookie is gone: the refresh cookie renews the session, and the socket tries again.
    const refresh = nock(API_ORIGIN).post('/api/auth/refresh').reply(200, { success: true, message: 'Session renewed' });
    sockets.latest.refuse('UNAUTHORIZED', 'Please sign in to continue.');
    expect(logged).toHaveBeenCalledWith('Live updates could not connect:', 'Please sign in to continue.');
    expect(store.getState().realtime.connection).toBe('disconnected');
    await waitFor(() => expect(sockets.latest.connectCalls).toBe(2));
    expect(refresh.isDone()).toBe(true);

    // Refused again at once: no second refresh (nock would refuse one), no further attempt.
    sockets.latest.refuse('UNAUTHORIZED', 'Please sign in to continue.');
    await new Promise((resolve) => setTimeout(resolve, 20));
    follow(store, { processingId: P1, source: 'upload' });
    expect(sockets.latest.connectCalls).toBe(2);
    expect(sockets.opened).toHaveLength(1);

    store.dispatch(signedOut());
    store.dispatch(signedIn(users.STAFF));
    store.dispatch(connectionWanted());
    expect(sockets.opened).toHaveLength(2);
    expect(sockets.latest.connectCalls).toBe(1);
  });
});
