/**
 * Downloads of stored files (spec 7.3, 7.5): fetched with the session's cookies, named from the
 * answer's Content-Disposition, and handed to the browser through an object URL. Any screen that
 * offers a file uses this; the screen chooses its own fallback name and toasts.
 */

/** The server's failure text when its answer carries no message (spec section 8). */
export const DOWNLOAD_FAILED_MESSAGE = 'Failed to download file';
export const DEFAULT_DOWNLOAD_NAME = 'download';

/** A download that did not arrive; `message` is the server's, or empty when there was nothing to say. */
export class DownloadError extends Error {
  override name = 'DownloadError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A name the browser can save under: the last path segment, without control characters. */
function safeFileName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean === '' || clean === '.' || clean === '..' ? null : clean;
}

function decodeExtended(value: string): string | null {
  // RFC 5987: charset'language'percent-encoded-octets
  const match = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(value.trim().replace(/^"(.*)"$/, '$1'));
  if (!match) return null;
  try {
    if (match[1].toLowerCase() !== 'iso-8859-1') return decodeURIComponent(match[2]);
    return match[2].replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return null;
  }
}

/**
 * The file name a Content-Disposition header gives: `filename*` first (it carries names that are not
 * ASCII), then `filename`, quoted or not. Null when the header names no usable file.
 */
export function contentDispositionFileName(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*("[^"]*"|[^;]+)/i.exec(header);
  const fromExtended = extended ? decodeExtended(extended[1]) : null;
  if (fromExtended && safeFileName(fromExtended)) return safeFileName(fromExtended);
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]*))/i.exec(header);
  if (!plain) return null;
  const value = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2].trim();
  return safeFileName(value);
}

/** Hands a file to the browser to save under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has started reading the file by the time the click returns; the URL can go soon after.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await response.json();
    return isRecord(body) ? body : null;
  } catch {
    return null;
  }
}

async function fetchFile(url: string, accept: string): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'include', headers: { Accept: accept } });
  } catch {
    // A network failure has no message a person can act on: the screen shows its own.
    throw new DownloadError('');
  }
}

export interface DownloadOptions {
  /** The name to save under when the answer names none. */
  fallbackName?: string;
  /**
   * Renews the session when the answer says the access token expired (spec section 8) or is missing; the download
   * is then tried once more. It is told when the refused request left (epoch milliseconds), so a
   * refresh that some other caller finished since is not repeated. Answers whether the session was
   * renewed.
   */
  renewSession?: (sentAt: number) => Promise<boolean>;
  /** The failure text when the answer carries no message; 'Failed to download file' unless told. */
  failureMessage?: string;
  /** What the request accepts; a single file unless told (a week's archive is a zip). */
  accept?: string;
}

/**
 * Fetches a file and saves it, answering the name it was saved under. A refused download throws a
 * DownloadError with the server's message, else `failureMessage` ('Failed to download file').
 */
export async function downloadFile(
  url: string,
  { fallbackName = DEFAULT_DOWNLOAD_NAME, renewSession, failureMessage = DOWNLOAD_FAILED_MESSAGE, accept = 'application/octet-stream' }: DownloadOptions = {},
): Promise<string> {
  const sentAt = Date.now();
  let response = await fetchFile(url, accept);
  let failure = response.ok ? null : await readJson(response);
  // A missing access token (the access cookie alone gone) is renewed as an expired one is: downloads start from signed-in screens only.
  const renewable = failure?.error === 'TOKEN_EXPIRED' || (response.status === 401 && failure?.error === 'UNAUTHORIZED');
  if (renewable && renewSession && (await renewSession(sentAt))) {
    response = await fetchFile(url, accept);
    failure = response.ok ? null : await readJson(response);
  }
  if (!response.ok) {
    const message = typeof failure?.message === 'string' && failure.message.trim() !== '' ? failure.message : failureMessage;
    throw new DownloadError(message);
  }
  const name = contentDispositionFileName(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}
