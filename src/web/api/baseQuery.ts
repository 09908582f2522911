import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { Mutex } from 'async-mutex';
import { QUERY_RETRY } from '@/common/limits';
import { apiBase } from '@/web/lib/apiBase';
import { sessionExpired } from './session';

export type ApiBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

/** The body marker of an answer to a request whose access token has expired. */
export const TOKEN_EXPIRED = 'TOKEN_EXPIRED';
export const TOKEN_REFRESH_FAILED_MESSAGE = 'Token refresh failed';
export const REFRESH_PATH = '/auth/refresh';

export interface BaseQueryOptions {
  baseUrl: string;
  /** Waits between retries of a read; replaceable so tests need not wait. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isTokenExpired(error: FetchBaseQueryError | undefined): boolean {
  return !!error && isRecord(error.data) && error.data.error === TOKEN_EXPIRED;
}

/** Delay before retry number `attempt` (1-based): 1 s, 2 s, 4 s, ... capped at 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(QUERY_RETRY.baseDelayMs * 2 ** (attempt - 1), QUERY_RETRY.maxDelayMs);
}

/** Reads are retried after network failures and 5xx answers; a 4xx answer is final. */
export function isRetryable(error: FetchBaseQueryError): boolean {
  if (typeof error.status === 'number') return error.status >= 500;
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Every error answer carries a message: the body's, else the HTTP status text. An error answer
 * whose body is not JSON (a proxy's error page) counts as an answer with that status.
 */
function withMessage(error: FetchBaseQueryError, meta: FetchBaseQueryMeta | undefined): FetchBaseQueryError {
  const status = error.status === 'PARSING_ERROR' && error.originalStatus >= 400 ? error.originalStatus : error.status;
  if (typeof status !== 'number') return error;
  const data = typeof error.status === 'number' ? error.data : undefined;
  if (isRecord(data) && typeof data.message === 'string' && data.message !== '') return error;
  const statusText = meta?.response?.statusText || `Request failed with status ${status}`;
  return { status, data: { success: false, ...(isRecord(data) ? data : {}), message: statusText } };
}

/**
 * The API's base query. It sends cookies with every call; when an answer says the access token has
 * expired it renews the session once (concurrent requests wait for that single refresh) and repeats
 * the request once. A refused refresh answers 'Token refresh failed' and ends the signed-in session.
 * Reads that fail on the network or with a 5xx answer are retried with exponential backoff.
 */
export function createBaseQuery({ baseUrl, sleep = abortableSleep }: BaseQueryOptions): ApiBaseQuery {
  const rawBaseQuery = fetchBaseQuery({ baseUrl, credentials: 'include' });
  const mutex = new Mutex();
  // Counts finished refreshes, so a request sent before one of them need not start another.
  let refreshes = 0;
  let refreshFailure: FetchBaseQueryError | undefined;

  const send = async (args: string | FetchArgs, api: BaseQueryApi, extraOptions: object) => {
    const result = await rawBaseQuery(args, api, extraOptions);
    return result.error ? { ...result, error: withMessage(result.error, result.meta) } : result;
  };

  const refresh = async (api: BaseQueryApi, extraOptions: object): Promise<FetchBaseQueryError | undefined> => {
    const result = await send({ url: REFRESH_PATH, method: 'POST' }, api, extraOptions);
    if (!result.error) return undefined;
    if (typeof result.error.status !== 'number') return result.error;
    // The server refused: the session is over.
    api.dispatch(sessionExpired());
    return { status: result.error.status, data: { success: false, message: TOKEN_REFRESH_FAILED_MESSAGE, error: 'TOKEN_REFRESH_FAILED' } };
  };

  const withReauth: ApiBaseQuery = async (args, api, extraOptions) => {
    // Nothing goes out while a refresh is renewing the cookies.
    await mutex.waitForUnlock();
    const sentAfter = refreshes;
    const result = await send(args, api, extraOptions);
    if (!isTokenExpired(result.error)) return result;

    await mutex.runExclusive(async () => {
      if (refreshes !== sentAfter) return; // another request already refreshed since this one was sent
      refreshFailure = await refresh(api, extraOptions);
      refreshes += 1;
    });
    if (refreshFailure) return { error: refreshFailure };
    return send(args, api, extraOptions);
  };

  return async (args, api, extraOptions) => {
    for (let attempt = 1; ; attempt += 1) {
      const result = await withReauth(args, api, extraOptions);
      const retry =
        result.error !== undefined &&
        api.type === 'query' &&
        attempt <= QUERY_RETRY.maxRetries &&
        isRetryable(result.error) &&
        !api.signal.aborted;
      if (!retry) return result;
      await sleep(retryDelayMs(attempt), api.signal);
    }
  };
}

export const baseQueryWithReauth = createBaseQuery({ baseUrl: apiBase });
