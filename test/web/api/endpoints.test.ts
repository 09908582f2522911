import { configureStore } from '@reduxjs/toolkit';
import nock from 'nock';
import { api } from '@/web/api/endpoints';

type QueryAction = Parameters<ReturnType<typeof newStore>['dispatch']>[0] & PromiseLike<unknown> & { unsubscribe(): void };

function newStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}


test('a write refetches the reads it changes and leaves the others alone', async () => {
  const store = newStore();
  const tickets = { success: true, data: { tickets: [], pagination: { page: 1, limit: 12, total: 0, totalPages: 0, hasPrevPage: false, hasNextPage: false } } };
  const clients = { success: true, data: { clients: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0, hasPrevPage: false, hasNextPage: false } } };
  const ticketReads = nock('http://localhost').get('/api/ticket').query(true).times(2).reply(200, tickets);
  const clientReads = nock('http://localhost').get('/api/client').query(true).once().reply(200, clients);
  nock('http://localhost')
    .post('/api/ticket')
    .reply(201, { success: true, data: { ticket: { id: 't-1' } } });

  const ticketSub = store.dispatch(api.endpoints.listMyTickets.initiate({ page: 1, limit: 12 }));
  const clientSub = store.dispatch(api.endpoints.listClients.initiate({ page: 1, limit: 10 }));
  await Promise.all([ticketSub, clientSub]);
  await store.dispatch(api.endpoints.createTicket.initiate({ ticketInput: { title: 'Help', description: 'Broken' } }));

  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(ticketReads.isDone()).toBe(true);
  expect(clientReads.isDone()).toBe(true);
  ticketSub.unsubscribe();
  clientSub.unsubscribe();
});

test.each([
  ['getMe', 900, '/api/auth/me', undefined],
  ['listCompanies', 600, '/api/system/companies', {}],
  ['listStaffWeeklyDocuments', 60, '/api/staff/weekly-documents', {}],
  ['getTicket', 300, '/api/ticket/t-1', { id: 't-1' }],
] as const)('an unused %s entry is kept %i s, then dropped', async (name, seconds, path, arg) => {
  const store = newStore();
  nock('http://localhost').get(path).reply(200, { success: true, data: {} });
  const endpoint = api.endpoints[name] as unknown as { initiate: (arg: unknown) => QueryAction };
  const subscription = store.dispatch(endpoint.initiate(arg));
  await subscription;
  const cached = () => Object.keys(store.getState().api.queries).length;
  expect(cached()).toBe(1);

  jest.useFakeTimers();
  try {
    subscription.unsubscribe();
    jest.advanceTimersByTime(seconds * 1000 - 1000);
    expect(cached()).toBe(1);
    jest.advanceTimersByTime(2000);
    expect(cached()).toBe(0);
  } finally {
    jest.useRealTimers();
  }
});
