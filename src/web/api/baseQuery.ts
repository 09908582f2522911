import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { QUERY_RETRY } from '@/common/limits';
import { apiBase } from '@/web/lib/apiBase';
import { type RefreshOutcome, refreshSession, refreshSettled } from './refresh';
import { progressListenerOf, sendUpload, uploadTransport } from './uploadTransport';
import { sessionExpired } from './session';

export type ApiBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

/** The body marker of an answer to a request whose access token has expired. */
export const TOKEN_EXPIRED = 'TOKEN_EXPIRED';
export const TOKEN_REFRESH_FAILED_MESSAGE = 'Token refresh failed';

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

/** Whether someone is signed in in this tab (read by the auth slice's shape: the API layer sits below the features). */
function signedIn(state: unknown): boolean {
  return isRecord(state) && isRecord(state.auth) && isRecord(state.auth.user);
}

/**
 * Whether the answer says the request carried no usable access token while this tab has a signed-in
 * user: the access cookie alone has gone (cleared by the browser, or by hand), and the session may
 * well live on in the refresh cookie. Renewing it is tried before anyone is told to sign in.
 */
function lacksAccessToken(error: FetchBaseQueryError | undefined, api: BaseQueryApi): boolean {
  return !!error && error.status === 401 && isRecord(error.data) && error.data.error === 'UNAUTHORIZED' && signedIn(api.getState());
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
 * expired (or that none came, while someone is signed in) it renews the session through the tab's single refresh (see refresh.ts: concurrent
 * requests, downloads, the socket and other tabs wait for the one in flight, and a request it
 * already renewed for does not refresh again) and repeats the request once. A refused refresh
 * answers 'Token refresh failed' and ends the signed-in session. Reads that fail on the network or
 * with a 5xx answer are retried with exponential backoff.
 */
export function createBaseQuery({ baseUrl, sleep = abortableSleep }: BaseQueryOptions): ApiBaseQuery {
  const rawBaseQuery = fetchBaseQuery({ baseUrl, credentials: 'include' });
  // The refusals whose end of the session this base query has announced: once for all who waited on it.
  const announcedRefusals = new WeakSet<RefreshOutcome>();

  /** A multipart upload someone watches goes through the upload transport, which counts the bytes sent. */
  const watchedUpload = (args: string | FetchArgs, api: BaseQueryApi) => {
    const transport = uploadTransport();
    const onProgress = typeof args === 'object' ? progressListenerOf(args.body) : undefined;
    if (!transport || !onProgress || typeof args !== 'object') return undefined;
    const url = `${baseUrl.replace(/\/+$/, '')}/${args.url.replace(/^\/+/, '')}`;
    return sendUpload(transport, { url, method: args.method ?? 'POST', body: args.body as FormData, signal: api.signal, onProgress });
  };

  const send = async (args: string | FetchArgs, api: BaseQueryApi, extraOptions: object) => {
    const result = (await watchedUpload(args, api)) ?? (await rawBaseQuery(args, api, extraOptions));
    return result.error ? { ...result, error: withMessage(result.error, result.meta) } : result;
  };

  /** Why the request cannot be repeated, when the refresh did not renew the session. */
  const refreshFailure = (outcome: RefreshOutcome, api: BaseQueryApi): FetchBaseQueryError | undefined => {
    if (outcome.renewed) return undefined;
    if (typeof outcome.status !== 'number') return { status: outcome.status, error: outcome.error };
    // The server refused: the session is over.
    if (!announcedRefusals.has(outcome)) {
      announcedRefusals.add(outcome);
      api.dispatch(sessionExpired());
    }
    return { status: outcome.status, data: { success: false, message: TOKEN_REFRESH_FAILED_MESSAGE, error: 'TOKEN_REFRESH_FAILED' } };
  };

  const withReauth: ApiBaseQuery = async (args, api, extraOptions) => {
    // Nothing goes out while a refresh is renewing the cookies.
    await refreshSettled();
    const sentAt = Date.now();
    const result = await send(args, api, extraOptions);
    if (!isTokenExpired(result.error) && !lacksAccessToken(result.error, api)) return result;

    const failure = refreshFailure(await refreshSession(sentAt), api);
    if (failure) return { error: failure };
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
