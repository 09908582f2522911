import { setupStore } from '@/web/app/store';
import { trackRequested } from '@/web/realtime/processingSlice';
import { connectionWanted } from '@/web/realtime/realtimeSlice';
import { users } from '../../helpers/renderWithProviders';
import { fakeSockets } from './fakeSocket';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const TOO_MANY_TABS = 'Live updates stopped on this page because the app is open in too many tabs or windows. Close the ones you do not need, then reload this page to follow again.';

function liveStore() {
  const sockets = fakeSockets();
  const store = setupStore({ auth: { user: users.STAFF } }, { openSocket: sockets.open });
  store.dispatch(connectionWanted());
  sockets.latest.acceptConnection();
  return { store, sockets };
}

const noticeTexts = (store: ReturnType<typeof setupStore>) => store.getState().realtime.notices.map(({ kind, text }) => `${kind}: ${text}`);

let logged: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers();
  logged = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  logged.mockRestore();
  jest.useRealTimers();
});

describe("the socket middleware under the server's limits", () => {
  test('a socket the server closes for too many tabs stays closed, and the page says why', () => {
    const { store, sockets } = liveStore();
    sockets.latest.tell({ code: 'TOO_MANY_SOCKETS', message: TOO_MANY_TABS, reconnect: false });
    sockets.latest.drop('io server disconnect');
    jest.advanceTimersByTime(60_000);
    expect(sockets.latest.connectCalls).toBe(1);
    expect(sockets.opened).toHaveLength(1);
    expect(store.getState().realtime.connection).toBe('disconnected');
    expect(noticeTexts(store)).toEqual([`error: ${TOO_MANY_TABS}`]);
  });

  test('a socket closed because its session ended or its access changed connects again, quietly', () => {
    const { store, sockets } = liveStore();
    sockets.latest.tell({ code: 'ACCESS_CHANGED', message: 'Your access has changed. Live updates are reconnecting.', reconnect: true });
    sockets.latest.drop('io server disconnect');
    jest.advanceTimersByTime(1000);
    expect(sockets.latest.connectCalls).toBe(2);
    expect(noticeTexts(store)).toEqual([]);
    // What the server said before one close does not hold for the next connection's.
    sockets.latest.acceptConnection();
    sockets.latest.drop('io server disconnect');
    jest.advanceTimersByTime(1000);
    expect(sockets.latest.connectCalls).toBe(3);
  });

  test('joins refused for timing are made again after the delay the server names, one after the other', () => {
    const { store, sockets } = liveStore();
    store.dispatch(trackRequested({ processingId: P1, source: 'resumed' }));
    store.dispatch(trackRequested({ processingId: P2, source: 'resumed' }));
    const tooFast = { ok: false as const, message: 'This page asked to follow uploads too quickly. It will try again in a moment.', retryInMs: 100 };
    sockets.latest.answerJoin(P1, tooFast);
    sockets.latest.answerJoin(P2, tooFast);
    expect(Object.keys(store.getState().processing.tracked)).toEqual([P1, P2]);
    jest.advanceTimersByTime(100);
    expect(sockets.latest.joins()).toEqual([P1, P2, P1]);
    jest.advanceTimersByTime(100);
    expect(sockets.latest.joins()).toEqual([P1, P2, P1, P2]);
    sockets.latest.answerJoin(P1, { ok: true, update: { processingId: P1, jobId: null, status: 'SCRUBBING', message: null, error: null } });
    expect(store.getState().processing.tracked[P1].status).toBe('SCRUBBING');
  });

  test('a handshake the busy server asked to try again is tried again shortly', () => {
    const { sockets } = liveStore();
    sockets.latest.drop('transport close');
    sockets.latest.refuse('TRY_AGAIN', 'Live updates are busy. Connecting again shortly.');
    expect(sockets.latest.connectCalls).toBe(1);
    jest.advanceTimersByTime(2000);
    expect(sockets.latest.connectCalls).toBe(2);
  });
});
