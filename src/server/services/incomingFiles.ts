import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { AppError, badRequest } from '../http/errors';
import { ProcessingError } from '../processing/processingError';
import { checkWorkbookPackage } from '../processing/reading/workbookPackage';
import { CsvTextGate } from '../storage/csvTextGate';
import { type FileStorage, type StoredObject, StoredObjectTooLarge } from '../storage/fileStorage';
import { type SpreadsheetKind, SpreadsheetSignatureGate } from '../storage/spreadsheetSignature';
import { TemporaryCopy } from '../storage/temporaryCopy';

export interface IncomingFile {
  /** The name the browser sent; only its last path segment is kept. */
  filename: string;
  mimetype: string;
  content: Readable;
  /** Set by the multipart reader when it stopped at its own size limit. */
  truncated(): boolean;
}

/**
 * Control characters (C0, DEL, C1) and the bidirectional controls (embeddings, overrides, isolates and
 * marks), which can make a name read differently from what it is: "invoice\u202Exslx.exe" shows as
 * "invoiceexe.xlsx".
 */
// eslint-disable-next-line no-control-regex
const HIDDEN_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The file name without any folder part, control or bidirectional control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(HIDDEN_IN_NAMES, '').trim();
  if (base.length <= 255) return base;
  const extension = path.extname(base).slice(0, 16);
  return base.slice(0, 255 - extension.length) + extension;
}

/** The errors a refused upload answers with, in the wording of the form it came from. */
export interface IncomingFileRefusals {
  tooLarge: () => AppError;
  /** The content is not what the extension says: its first bytes, a CSV's text, a zip that is no workbook. */
  signature: () => AppError;
  /** The form broke off before the file was complete. */
  interrupted: () => AppError;
}

export interface IncomingFileChecks {
  kind: SpreadsheetKind;
  maxBytes: number;
  refusals: IncomingFileRefusals;
}

/**
 * Streams an uploaded file into storage while its size is checked against the limit and its content
 * against the kind its extension names: the first bytes, and all of a CSV's text. A zip of the xlsx
 * family is copied aside as it streams, since whether it is a workbook (and no zip bomb) shows only
 * once it is complete; it is judged before this returns. Nothing larger than the limit is ever held,
 * and a refused file leaves nothing stored.
 */
export async function storeIncomingFile(storage: FileStorage, incoming: IncomingFile, checks: IncomingFileChecks): Promise<StoredObject> {
  const copy = checks.kind === 'xlsx' || checks.kind === 'xlsm' ? await TemporaryCopy.create() : undefined;
  try {
    const stored = await streamIntoStorage(storage, incoming, checks, [...streamingChecks(checks), ...(copy ? [copy] : [])]);
    if (copy) await refuseUnlessWorkbook(storage, stored, copy.path, checks.refusals.signature);
    return stored;
  } finally {
    await copy?.remove();
  }
}

/** The checks the content passes through on its way in: its first bytes, and a CSV's whole text. */
function streamingChecks({ kind, refusals }: IncomingFileChecks): Transform[] {
  const gate = new SpreadsheetSignatureGate(kind, refusals.signature);
  return kind === 'csv' ? [gate, new CsvTextGate(refusals.signature)] : [gate];
}

/** Puts the content into storage through the checks, answering each failure with the form's refusal. */
async function streamIntoStorage(storage: FileStorage, incoming: IncomingFile, checks: IncomingFileChecks, through: Transform[]): Promise<StoredObject> {
  const { refusals } = checks;
  let sourceFailed = false;
  incoming.content.once('error', () => {
    sourceFailed = true;
  });
  let stored: StoredObject;
  try {
    stored = await storage.put(incoming.content, { maxBytes: checks.maxBytes, through });
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

/**
 * Removes the stored zip and refuses it unless it is a workbook within the zip-bomb limits. One that
 * is not a workbook answers as content that is not what its name says; a bomb, a damaged zip or a
 * password answer in the engine's words, which say what to do.
 */
async function refuseUnlessWorkbook(storage: FileStorage, stored: StoredObject, copyPath: string, notWorkbook: () => AppError): Promise<void> {
  try {
    await checkWorkbookPackage(copyPath);
  } catch (error) {
    await storage.delete(stored.key);
    if (!(error instanceof ProcessingError)) throw error;
    throw error.code === 'INVALID_FORMAT' ? notWorkbook() : badRequest(error.message);
  }
}
