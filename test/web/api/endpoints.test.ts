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

/** Answers every request to `path` with an empty page and counts them. */
function countedList(path: string, key: string) {
  const counter = { requests: 0 };
  const body = { success: true, data: { [key]: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0, hasPrevPage: false, hasNextPage: false } } };
  nock('http://localhost')
    .persist()
    .get(path)
    .query(true)
    .reply(() => {
      counter.requests += 1;
      return [200, body];
    });
  return counter;
}

describe('freshness (spec section 9): a screen that mounts again reads the cache within the window and asks again after it', () => {
  let now = 0;
  beforeEach(() => {
    now = Date.UTC(2026, 2, 4, 9, 0, 0);
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  test.each([
    ['listAllTickets', 120, '/api/ticket/all', 'tickets', { page: 1, limit: 12 }],
    ['listMyTickets', 120, '/api/ticket', 'tickets', { page: 1, limit: 12 }],
    ['listCompanies', 300, '/api/system/companies', 'companies', { page: 1, limit: 10 }],
    ['listConsolidatedFiles', 300, '/api/system/consolidated-files', 'files', { page: 1, limit: 10 }],
  ] as const)('%s stays fresh for %i s', async (name, seconds, path, key, arg) => {
    const store = newStore();
    const list = countedList(path, key);
    const endpoint = api.endpoints[name] as unknown as { initiate: (arg: unknown) => QueryAction };

    const first = store.dispatch(endpoint.initiate(arg));
    await first;
    expect(list.requests).toBe(1);

    // Another screen mounts just before the window closes: the cache answers.
    now += seconds * 1000 - 1000;
    const second = store.dispatch(endpoint.initiate(arg));
    await second;
    expect(list.requests).toBe(1);

    // A screen that mounts once the window has passed asks the server again.
    now += 1000;
    const third = store.dispatch(endpoint.initiate(arg));
    await third;
    expect(list.requests).toBe(2);
    [first, second, third].forEach((subscription) => subscription.unsubscribe());
  });
});

describe('a write refused because its row is gone', () => {
  const companyId = '00000000-0000-4000-8000-000000000001';

  test.each([
    [404, 'Company not found', 2],
    [400, 'id must be an id such as 3f2b8c1e-5d4a-4b6e-9c7d-0a1b2c3d4e5f.', 1],
  ] as const)('deleteCompany answered %i (%s) reads the companies list %i time(s)', async (status, message, reads) => {
    const store = newStore();
    const list = countedList('/api/system/companies', 'companies');
    nock('http://localhost').delete(`/api/system/companies/${companyId}`).reply(status, { success: false, message });
    const subscription = store.dispatch(api.endpoints.listCompanies.initiate({ page: 1, limit: 10 }));
    await subscription;

    const answer = await store.dispatch(api.endpoints.deleteCompany.initiate({ id: companyId }));
    expect('error' in answer && answer.error).toMatchObject({ status, data: { message } });
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(list.requests).toBe(reads);
    subscription.unsubscribe();
  });
});
