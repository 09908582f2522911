import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import nock from 'nock';
import { createBaseQuery, isRetryable, retryDelayMs } from '@/web/api/baseQuery';
import { sessionExpired } from '@/web/api/session';

const ORIGIN = 'http://localhost';
const baseUrl = `${ORIGIN}/api`;
const expired = { success: false, message: 'Access token expired', error: 'TOKEN_EXPIRED' };

function fakeApi(type: 'query' | 'mutation' = 'query') {
  const dispatch = jest.fn();
  const api = {
    signal: new AbortController().signal,
    abort: jest.fn(),
    dispatch,
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type,
  } as unknown as BaseQueryApi;
  return { api, dispatch };
}

function setup() {
  const delays: number[] = [];
  const baseQuery = createBaseQuery({
    baseUrl,
    sleep: async (ms) => {
      delays.push(ms);
    },
  });
  return { baseQuery, delays };
}

describe('re-auth on an expired access token', () => {
  test('refreshes the session once and repeats the request', async () => {
    const { baseQuery } = setup();
    const { api, dispatch } = fakeApi();
    const first = nock(ORIGIN).get('/api/company/current').reply(401, expired);
    const refresh = nock(ORIGIN).post('/api/auth/refresh').reply(200, { success: true, message: 'Session renewed' });
    const repeat = nock(ORIGIN).get('/api/company/current').reply(200, { success: true, data: { company: { id: 'c-1' } } });

    const result = await baseQuery('/company/current', api, {});

    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ success: true, data: { company: { id: 'c-1' } } });
    expect(first.isDone() && refresh.isDone() && repeat.isDone()).toBe(true);
    expect(dispatch).not.toHaveBeenCalled();
  });

  test('concurrent expired requests share one refresh and each repeats once', async () => {
    const { baseQuery } = setup();
    const { api } = fakeApi();
    const paths = ['/api/company/current', '/api/company/staff', '/api/ticket'];
    for (const path of paths) {
      nock(ORIGIN).get(path).reply(401, expired);
      nock(ORIGIN).get(path).reply(200, { success: true, data: { path } });
    }
    let refreshes = 0;
    nock(ORIGIN)
      .post('/api/auth/refresh')
      .times(3)
      .reply(async () => {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 30));
        return [200, { success: true, message: 'Session renewed' }];
      });

    const results = await Promise.all(paths.map((path) => baseQuery(path.replace('/api', ''), api, {})));

    expect(refreshes).toBe(1);
    expect(results.map((result) => result.data)).toEqual(paths.map((path) => ({ success: true, data: { path } })));
  });

  test('a refused refresh answers "Token refresh failed" to every waiting request and ends the session', async () => {
    const { baseQuery } = setup();
    const { api, dispatch } = fakeApi();
    nock(ORIGIN).get('/api/company/current').reply(401, expired);
    nock(ORIGIN).get('/api/ticket').reply(401, expired);
    const refresh = nock(ORIGIN)
      .post('/api/auth/refresh')
      .delay(20)
      .reply(401, { success: false, message: 'Session expired', error: 'UNAUTHORIZED' });

    const results = await Promise.all([baseQuery('/company/current', api, {}), baseQuery('/ticket', api, {})]);

    expect(refresh.isDone()).toBe(true);
    for (const result of results) {
      expect(result.error).toMatchObject({ status: 401, data: { message: 'Token refresh failed' } });
    }
    expect(dispatch).toHaveBeenCalledTimes(1);
    expect(dispatch).toHaveBeenCalledWith(sessionExpired());
  });

  test('an expired token on the repeated request is not refreshed a second time', async () => {
    const { baseQuery } = setup();
    const { api } = fakeApi('mutation');
    nock(ORIGIN).post('/api/ticket').twice().reply(401, expired);
    let refreshes = 0;
    nock(ORIGIN)
      .post('/api/auth/refresh')
      .times(2)
      .reply(() => {
        refreshes += 1;
        return [200, { success: true, message: 'Session renewed' }];
      });

    const result = await baseQuery({ url: '/ticket', method: 'POST', body: {} }, api, {});

    expect(refreshes).toBe(1);
    expect(result.error).toMatchObject({ status: 401, data: { error: 'TOKEN_EXPIRED' } });
  });

  test('other 401 answers are returned as they are, without a refresh', async () => {
    const { baseQuery } = setup();
    const { api } = fakeApi('mutation');
    nock(ORIGIN)
      .post('/api/auth/admin')
      .reply(401, { success: false, message: 'Invalid email or password', error: 'INVALID_CREDENTIALS' });

    const result = await baseQuery({ url: '/auth/admin', method: 'POST', body: {} }, api, {});

    expect(result.error).toMatchObject({ status: 401, data: { message: 'Invalid email or password' } });
  });
});

describe('error messages', () => {
  test('an error answer without a message carries the HTTP status text', async () => {
    const { baseQuery } = setup();
    const { api } = fakeApi('mutation');
    nock(ORIGIN).delete('/api/client/c-1').reply(404, 'gone');

    const result = await baseQuery({ url: '/client/c-1', method: 'DELETE' }, api, {});

    expect(result.error).toMatchObject({ status: 404, data: { success: false, message: 'Not Found' } });
  });
});

describe('retries (spec section 7.8)', () => {
  test('a read failing with 5xx is retried 3 times with delays 1 s, 2 s, 4 s', async () => {
    const { baseQuery, delays } = setup();
    const { api } = fakeApi('query');
    const failures = nock(ORIGIN).get('/api/ticket').times(4).reply(503, { success: false, message: 'Unavailable' });

    const result = await baseQuery('/ticket', api, {});

    expect(failures.isDone()).toBe(true);
    expect(delays).toEqual([1000, 2000, 4000]);
    expect(result.error).toMatchObject({ status: 503, data: { message: 'Unavailable' } });
  });

  test('a read succeeds when a retry does', async () => {
    const { baseQuery, delays } = setup();
    const { api } = fakeApi('query');
    nock(ORIGIN).get('/api/ticket').replyWithError('connection reset');
    nock(ORIGIN).get('/api/ticket').reply(200, { success: true, data: { tickets: [] } });

    const result = await baseQuery('/ticket', api, {});

    expect(delays).toEqual([1000]);
    expect(result.data).toEqual({ success: true, data: { tickets: [] } });
  });

  test('a 4xx answer to a read is final', async () => {
    const { baseQuery, delays } = setup();
    const { api } = fakeApi('query');
    nock(ORIGIN).get('/api/ticket/t-1').once().reply(404, { success: false, message: 'Ticket not found' });

    const result = await baseQuery('/ticket/t-1', api, {});

    expect(delays).toEqual([]);
    expect(result.error).toMatchObject({ status: 404 });
  });

  test('a write is never retried', async () => {
    const { baseQuery, delays } = setup();
    const { api } = fakeApi('mutation');
    nock(ORIGIN).post('/api/ticket').once().reply(500, { success: false, message: 'Internal error' });

    const result = await baseQuery({ url: '/ticket', method: 'POST', body: {} }, api, {});

    expect(delays).toEqual([]);
    expect(result.error).toMatchObject({ status: 500 });
  });

  test('delays double from 1 s and stop growing at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  test('network failures and 5xx answers are retryable, 4xx answers are not', () => {
    expect(isRetryable({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe(true);
    expect(isRetryable({ status: 502, data: null })).toBe(true);
    expect(isRetryable({ status: 429, data: null })).toBe(false);
    expect(isRetryable({ status: 400, data: null })).toBe(false);
  });
});

describe('re-auth when the access token is missing', () => {
  const missing = { success: false, message: 'Please sign in to continue.', error: 'UNAUTHORIZED' };

  function signedInApi() {
    const { api, dispatch } = fakeApi();
    return { api: { ...api, getState: () => ({ auth: { user: { id: 'u-staff' } } }) } as BaseQueryApi, dispatch };
  }

  test('someone signed in: the session is renewed through the refresh cookie and the request repeated', async () => {
    const { baseQuery } = setup();
    const { api, dispatch } = signedInApi();
    nock(ORIGIN).get('/api/staff/clients').reply(401, missing);
    const refresh = nock(ORIGIN).post('/api/auth/refresh').reply(200, { success: true, message: 'Session renewed' });
    nock(ORIGIN).get('/api/staff/clients').reply(200, { success: true, data: { clients: [] } });

    const result = await baseQuery('/staff/clients', api, {});

    expect(result.error).toBeUndefined();
    expect(refresh.isDone()).toBe(true);
    expect(dispatch).not.toHaveBeenCalled();
  });

  test('someone signed in without a refresh cookie either: the refused renewal ends the session, and no sign-in message is left on the screen', async () => {
    const { baseQuery } = setup();
    const { api, dispatch } = signedInApi();
    nock(ORIGIN).get('/api/staff/clients').reply(401, missing);
    nock(ORIGIN).post('/api/auth/refresh').reply(401, { success: false, message: 'Your session has ended. Please sign in again.', error: 'SESSION_ENDED' });

    const result = await baseQuery('/staff/clients', api, {});

    expect(result.error).toMatchObject({ status: 401, data: { message: 'Token refresh failed' } });
    expect(dispatch).toHaveBeenCalledWith(sessionExpired());
  });

  test('nobody signed in: the answer stands, and no refresh is tried', async () => {
    const { baseQuery } = setup();
    const { api, dispatch } = fakeApi();
    nock(ORIGIN).get('/api/staff/clients').reply(401, missing);

    const result = await baseQuery('/staff/clients', api, {});

    expect(result.error).toMatchObject({ status: 401, data: missing });
    expect(dispatch).not.toHaveBeenCalled();
  });
});
