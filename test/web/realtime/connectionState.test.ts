import { setupStore } from '@/web/app/store';
import { connectionWanted } from '@/web/realtime/realtimeSlice';
import { users } from '../../helpers/renderWithProviders';
import { fakeSockets } from './fakeSocket';

function openingStore() {
  const sockets = fakeSockets();
  const store = setupStore({ auth: { user: users.STAFF } }, { openSocket: sockets.open });
  store.dispatch(connectionWanted());
  return { store, sockets, connection: () => store.getState().realtime.connection };
}

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('the live connection before and after its first connect', () => {
  test('a page that just opened is connecting, not disconnected, until the socket connects', () => {
    const { sockets, connection } = openingStore();
    expect(sockets.latest.connectCalls).toBe(1);
    expect(connection()).toBe('connecting');
    sockets.latest.acceptConnection();
    expect(connection()).toBe('connected');
  });

  test('a first attempt that fails shows disconnected', () => {
    const { sockets, connection } = openingStore();
    // the server cannot be reached: socket.io reports it without a refusal code
    sockets.latest.refuse('', 'xhr poll error');
    expect(connection()).toBe('disconnected');
  });

  test('a connection that is lost shows disconnected until it connects again', () => {
    const { sockets, connection } = openingStore();
    sockets.latest.acceptConnection();
    sockets.latest.drop();
    expect(connection()).toBe('disconnected');
    sockets.latest.acceptConnection();
    expect(connection()).toBe('connected');
  });
});
