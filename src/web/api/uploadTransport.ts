import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/**
 * How a file upload travels when the page wants to see its bytes go out. `fetch` cannot tell how
 * much of a request body has been sent, so multipart bodies whose file someone watches (see
 * watchUploadProgress) go through XMLHttpRequest, whose upload events count the bytes; every other
 * request stays on fetch. The answer is turned into what fetchBaseQuery would have answered, so the
 * mutations, their errors and their messages are the same either way.
 */

/** Bytes of the request body sent so far, of its whole size. */
export interface UploadProgressEvent {
  sent: number;
  total: number;
}

export type UploadProgressListener = (event: UploadProgressEvent) => void;

export interface UploadRequest {
  url: string;
  method: string;
  body: FormData;
  signal: AbortSignal;
  onProgress: UploadProgressListener;
}

/** What came back: the status line and the body as text. */
export interface UploadAnswer {
  status: number;
  statusText: string;
  body: string;
}

/** Sends one multipart request; rejects when it never got an answer (network failure, abort). */
export type UploadTransport = (request: UploadRequest) => Promise<UploadAnswer>;

/**
 * The files being watched, with their listeners. A form does not hold the File it was given when a
 * name is given with it (it holds a copy under that name), so a form's file is matched to a watched
 * one by what the copy keeps: its size, type and modification time, besides being the same object.
 */
const watched = new Set<{ file: Blob; listener: UploadProgressListener }>();

function sameFile(watchedFile: Blob, sent: Blob): boolean {
  if (watchedFile === sent) return true;
  if (watchedFile.size !== sent.size || watchedFile.type !== sent.type) return false;
  const modified = (blob: Blob) => (typeof File !== 'undefined' && blob instanceof File ? blob.lastModified : undefined);
  return modified(watchedFile) === modified(sent);
}

/** Reports the bytes sent of every upload carrying `file` until the returned function is called. */
export function watchUploadProgress(file: Blob, listener: UploadProgressListener): () => void {
  const entry = { file, listener };
  watched.add(entry);
  return () => {
    watched.delete(entry);
  };
}

/** The listener of the first watched file of a form, if any. */
export function progressListenerOf(body: unknown): UploadProgressListener | undefined {
  if (typeof FormData === 'undefined' || !(body instanceof FormData) || watched.size === 0) return undefined;
  for (const [, value] of body.entries()) {
    if (typeof value === 'string') continue;
    for (const entry of watched) if (sameFile(entry.file, value)) return entry.listener;
  }
  return undefined;
}

/** The browser's transport: XMLHttpRequest with cookies, its upload events reported as they come. */
export const xhrUploadTransport: UploadTransport = ({ url, method, body, signal, onProgress }) =>
  new Promise((resolve, reject) => {
    const abortError = () => new DOMException('The upload was cancelled', 'AbortError');
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : 0 });
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, statusText: xhr.statusText, body: xhr.responseText });
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    xhr.send(body);
  });

/**
 * The transport uploads use where the page watches their progress; null leaves them on fetch
 * (environments without XMLHttpRequest, and suites that answer requests at the fetch level).
 */
let current: UploadTransport | null = typeof XMLHttpRequest === 'undefined' ? null : xhrUploadTransport;

/** Replaces the transport (null: fetch), answering the one it replaced. */
export function setUploadTransport(transport: UploadTransport | null): UploadTransport | null {
  const previous = current;
  current = transport;
  return previous;
}

export function uploadTransport(): UploadTransport | null {
  return current;
}

type UploadResult = { data: unknown; error?: undefined; meta?: FetchBaseQueryMeta } | { error: FetchBaseQueryError; data?: undefined; meta?: FetchBaseQueryMeta };

/** Sends a watched upload through the transport, answering as fetchBaseQuery does. */
export async function sendUpload(transport: UploadTransport, request: UploadRequest): Promise<UploadResult> {
  let answer: UploadAnswer;
  try {
    answer = await transport(request);
  } catch (error) {
    return { error: { status: 'FETCH_ERROR', error: String(error) } };
  }
  if (answer.status < 200 || answer.status > 599) return { error: { status: 'FETCH_ERROR', error: `No answer (status ${answer.status})` } };
  const meta: FetchBaseQueryMeta = {
    request: new Request(request.url, { method: request.method }),
    response: new Response(null, { status: answer.status, statusText: answer.statusText }),
  };
  let data: unknown = null;
  if (answer.body !== '') {
    try {
      data = JSON.parse(answer.body);
    } catch (error) {
      return { error: { status: 'PARSING_ERROR', originalStatus: answer.status, data: answer.body, error: String(error) }, meta };
    }
  }
  return answer.status >= 200 && answer.status < 300 ? { data, meta } : { error: { status: answer.status, data }, meta };
}
