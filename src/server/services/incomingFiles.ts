import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../http/errors';
import { type FileStorage, type StoredObject, StoredObjectTooLarge } from '../storage/fileStorage';
import { type SpreadsheetKind, SpreadsheetSignatureGate } from '../storage/spreadsheetSignature';

export interface IncomingFile {
  /** The name the browser sent; only its last path segment is kept. */
  filename: string;
  mimetype: string;
  content: Readable;
  /** Set by the multipart reader when it stopped at its own size limit. */
  truncated(): boolean;
}

/** The file name without any folder part or control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (base.length <= 255) return base;
  const extension = path.extname(base).slice(0, 16);
  return base.slice(0, 255 - extension.length) + extension;
}

/** The errors a refused upload answers with, in the wording of the form it came from. */
export interface IncomingFileRefusals {
  tooLarge: () => AppError;
  /** The first bytes are not what the extension says. */
  signature: () => AppError;
  /** The form broke off before the file was complete. */
  interrupted: () => AppError;
}

/**
 * Streams an uploaded file into storage while its first bytes are checked against the kind its
 * extension names and its size against the limit, so nothing larger than the limit is ever held,
 * and a refused file leaves nothing stored.
 */
export async function storeIncomingFile(
  storage: FileStorage,
  incoming: IncomingFile,
  options: { kind: SpreadsheetKind; maxBytes: number; refusals: IncomingFileRefusals },
): Promise<StoredObject> {
  const { refusals } = options;
  const gate = new SpreadsheetSignatureGate(options.kind, refusals.signature);
  let sourceFailed = false;
  incoming.content.once('error', () => {
    sourceFailed = true;
  });
  let stored: StoredObject;
  try {
    stored = await storage.put(incoming.content, { maxBytes: options.maxBytes, through: [gate] });
  } catch (error) {
    // The form may have broken off before this listener was attached: the stream remembers it.
    const cutShort = sourceFailed || incoming.content.errored !== null;
    incoming.content.destroy();
    if (error instanceof StoredObjectTooLarge) throw refusals.tooLarge();
    if (error instanceof AppError) throw error;
    if (cutShort) throw refusals.interrupted();
    throw error;
  }
  if (incoming.truncated()) {
    await storage.delete(stored.key);
    throw refusals.tooLarge();
  }
  return stored;
}
