import { renderHook, waitFor } from '@testing-library/react';
import nock from 'nock';
import { api } from '@/web/api/endpoints';
import { REFRESH_LOCK, type refreshSession as RefreshSession } from '@/web/api/refresh';
import { setupStore } from '@/web/app/store';
import { useRenewSession } from '@/web/components/uploads/useUploadDownload';
import { downloadFile } from '@/web/lib/download';
import { connectionWanted } from '@/web/realtime/realtimeSlice';
import { API_ORIGIN, users } from '../../helpers/renderWithProviders';
import { fakeSockets } from '../realtime/fakeSocket';

/**
 * The session is refreshed one at a time, however many callers meet an expired access token at
 * once: the refresh token rotates on every use, and the server takes a spent token presented again
 * for a stolen one. These tests play the server: a request that arrives before the refresh has
 * been answered carries the expired token and is answered TOKEN_EXPIRED; one that arrives after
 * carries the renewed cookies and is served.
 */

const expired = { success: false, message: 'Your session has expired.', error: 'TOKEN_EXPIRED' };
const renewed = { success: true, message: 'Session refreshed' };
const DOWNLOAD_PATH = '/api/staff/download/u-1';

/** A server whose refresh answers only when the test lets it, and which counts what it was asked. */
function sessionServer() {
  let answered = false;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const seen = { refreshes: 0, inFlight: 0, mostAtOnce: 0, expiredAnswers: 0 };
  nock(API_ORIGIN)
    .post('/api/auth/refresh')
    .times(10)
    .reply(async () => {
      seen.refreshes += 1;
      seen.inFlight += 1;
      seen.mostAtOnce = Math.max(seen.mostAtOnce, seen.inFlight);
      await held;
      seen.inFlight -= 1;
      answered = true;
      return [200, renewed];
    });
  /** Answers reads of `path` TOKEN_EXPIRED until the refresh has been answered, then `body`. */
  const serve = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    nock(API_ORIGIN)
      .get(path)
      .query(true)
      .times(2)
      .reply(() => {
        if (answered) return [200, body, headers];
        seen.expiredAnswers += 1;
        return [401, expired];
      });
  return { seen, serve, release: () => release() };
}

let saved: string[];
beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('one refresh for every caller of a tab', () => {
  test('two expired requests, a download and the socket refresh the session once, and each goes on', async () => {
    const server = sessionServer();
    const sockets = fakeSockets();
    const store = setupStore({ auth: { user: users.STAFF } }, { openSocket: sockets.open });
    store.dispatch(connectionWanted());
    expect(sockets.latest.connectCalls).toBe(1);
    server.serve('/api/auth/me', { success: true, data: users.STAFF });
    server.serve('/api/company/current', { success: true, data: { id: 'c-1', name: 'Acme Payroll' } });
    server.serve(DOWNLOAD_PATH, 'payroll bytes', { 'Content-Disposition': 'attachment; filename="payroll.xlsx"' });
    const renewSession = renderHook(() => useRenewSession()).result.current;

    const me = store.dispatch(api.endpoints.getMe.initiate());
    const company = store.dispatch(api.endpoints.getCurrentCompany.initiate());
    const download = downloadFile(`${API_ORIGIN}${DOWNLOAD_PATH}?type=raw`, { renewSession });
    // All three met the expired token, and one of them is refreshing.
    await waitFor(() => expect(server.seen).toMatchObject({ expiredAnswers: 3, refreshes: 1 }));
    // The socket's handshake, begun before, is refused beside them.
    sockets.latest.refuse('TOKEN_EXPIRED', 'Your session has expired.');
    server.release();

    expect(await download).toBe('payroll.xlsx');
    expect((await me).data).toEqual({ success: true, data: users.STAFF });
    expect((await company).data).toMatchObject({ success: true, data: { id: 'c-1' } });
    await waitFor(() => expect(sockets.latest.connectCalls).toBe(2));
    expect(server.seen).toMatchObject({ refreshes: 1, mostAtOnce: 1 });
    expect(saved).toEqual(['payroll.xlsx']);
    expect(store.getState().auth.user).toEqual(users.STAFF);
    me.unsubscribe();
    company.unsubscribe();
  });

  test('a request sent while a refresh is under way waits for it instead of meeting the expired token', async () => {
    const server = sessionServer();
    server.serve(DOWNLOAD_PATH, 'bytes', { 'Content-Disposition': 'attachment; filename="a.xlsx"' });
    const read = nock(API_ORIGIN)
      .get('/api/ticket')
      .query(true)
      .reply(() => [server.seen.refreshes === 1 && server.seen.inFlight === 0 ? 200 : 401, { success: true, data: { tickets: [] } }]);
    const store = setupStore({ auth: { user: users.STAFF } });
    const renewSession = renderHook(() => useRenewSession()).result.current;

    const download = downloadFile(`${API_ORIGIN}${DOWNLOAD_PATH}`, { renewSession });
    await waitFor(() => expect(server.seen.refreshes).toBe(1));
    const tickets = store.dispatch(api.endpoints.listMyTickets.initiate({}));
    server.release();

    expect(await download).toBe('a.xlsx');
    expect((await tickets).isSuccess).toBe(true);
    expect(read.isDone()).toBe(true);
    expect(server.seen.refreshes).toBe(1);
    tickets.unsubscribe();
  });

  test('a download whose refresh the server refuses fails with its message, and the requests waiting on it end the session', async () => {
    nock(API_ORIGIN).get(DOWNLOAD_PATH).reply(401, expired);
    nock(API_ORIGIN).get('/api/auth/me').reply(401, expired);
    const refresh = nock(API_ORIGIN).post('/api/auth/refresh').delay(30).reply(401, { success: false, message: 'Your session has ended. Please sign in again.', error: 'SESSION_ENDED' });
    const store = setupStore({ auth: { user: users.STAFF } });
    const renewSession = renderHook(() => useRenewSession()).result.current;

    const download = downloadFile(`${API_ORIGIN}${DOWNLOAD_PATH}`, { renewSession });
    const me = store.dispatch(api.endpoints.getMe.initiate());

    await expect(download).rejects.toThrow('Your session has expired.');
    expect((await me).error).toMatchObject({ status: 401, data: { message: 'Token refresh failed' } });
    expect(refresh.isDone()).toBe(true);
    expect(store.getState().auth).toMatchObject({ user: null, sessionEnded: true });
    me.unsubscribe();
  });
});

/** Loads the refresh module again, as another tab of the browser would have it: its own state, the same channel name. */
function anotherTab(): typeof RefreshSession {
  let loaded: typeof RefreshSession | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = (require('@/web/api/refresh') as { refreshSession: typeof RefreshSession }).refreshSession;
  });
  return loaded!;
}

/** Resolves with the next message of `kind` the tabs exchange, once every tab has had the event loop turn that delivers it. */
function nextAnnouncement(kind: 'refreshing' | 'done'): Promise<void> {
  const listener = new BroadcastChannel(REFRESH_LOCK);
  return new Promise<void>((resolve) => {
    listener.onmessage = (event: MessageEvent<{ kind: string }>) => {
      if (event.data.kind !== kind) return;
      listener.close();
      setTimeout(resolve, 0);
    };
  });
}

describe('one refresh at a time across tabs', () => {
  test('without Web Locks, a tab waits for the refresh another tab announced, and then does not refresh again', async () => {
    const server = sessionServer();
    const [tabA, tabB] = [anotherTab(), anotherTab()];
    const sentAt = Date.now();

    const announced = nextAnnouncement('refreshing');
    const first = tabA(sentAt);
    await announced;
    const second = tabB(sentAt);
    server.release();

    await expect(first).resolves.toEqual({ renewed: true });
    await expect(second).resolves.toEqual({ renewed: true });
    expect(server.seen.refreshes).toBe(1);
  });

  test('a tab whose request left before another tab\'s refresh ended repeats it without refreshing', async () => {
    const server = sessionServer();
    const [tabA, tabB] = [anotherTab(), anotherTab()];
    const sentAt = Date.now();

    const settled = nextAnnouncement('done');
    const first = tabA(sentAt);
    server.release();
    await expect(first).resolves.toEqual({ renewed: true });
    await settled;

    await expect(tabB(sentAt)).resolves.toEqual({ renewed: true });
    expect(server.seen.refreshes).toBe(1);
    // A request sent after that refresh met an expired token of its own: that one is refreshed.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(tabB(Date.now())).resolves.toEqual({ renewed: true });
    expect(server.seen.refreshes).toBe(2);
  });

  describe('with Web Locks', () => {
    const requested: { name: string; ifAvailable: boolean }[] = [];
    beforeEach(() => {
      requested.length = 0;
      // The browser's lock manager, reduced to what the refresh uses: one exclusive lock per name,
      // granted in order; `ifAvailable` is granted only when nobody holds or waits for it.
      const tails = new Map<string, Promise<unknown>>();
      const users = new Map<string, number>();
      type Callback = (lock: { name: string } | null) => Promise<unknown>;
      const locks = {
        request(name: string, optionsOrCallback: { ifAvailable?: boolean } | Callback, maybeCallback?: Callback): Promise<unknown> {
          const [options, callback] = typeof optionsOrCallback === 'function' ? [{}, optionsOrCallback] : [optionsOrCallback, maybeCallback!];
          requested.push({ name, ifAvailable: options.ifAvailable === true });
          if (options.ifAvailable && (users.get(name) ?? 0) > 0) return Promise.resolve().then(() => callback(null));
          users.set(name, (users.get(name) ?? 0) + 1);
          const granted = (tails.get(name) ?? Promise.resolve()).then(() => callback({ name }));
          const released = granted.finally(() => users.set(name, (users.get(name) ?? 1) - 1));
          tails.set(
            name,
            released.catch(() => undefined),
          );
          return granted;
        },
      };
      Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
    });
    afterEach(() => {
      delete (navigator as { locks?: unknown }).locks;
    });

    test('a tab that waited for the lock hears that the tab before it renewed the session, and does not refresh again', async () => {
      const server = sessionServer();
      const [tabA, tabB] = [anotherTab(), anotherTab()];
      const sentAt = Date.now();

      const first = tabA(sentAt);
      await waitFor(() => expect(server.seen.refreshes).toBe(1));
      const second = tabB(sentAt);
      server.release();

      expect(await Promise.all([first, second])).toEqual([{ renewed: true }, { renewed: true }]);
      expect(server.seen).toMatchObject({ refreshes: 1, mostAtOnce: 1 });
      expect(requested).toEqual([
        { name: REFRESH_LOCK, ifAvailable: true },
        { name: REFRESH_LOCK, ifAvailable: true },
        { name: REFRESH_LOCK, ifAvailable: false },
      ]);
    });
  });
});
