import path from 'node:path';
import { finished, type Readable, Transform, type TransformCallback } from 'node:stream';
import { visibleText } from '@/common/visibleText';
import { AppError, badRequest } from '../../http/errors';
import { ERROR_MESSAGES, ProcessingError } from '../../processing/processingError';
import { checkWorkbookPackage } from '../../processing/reading/workbookPackage';
import { type FileStorage, type StoredObject, StoredObjectTooLarge } from '../../storage/fileStorage';
import { type SpreadsheetKind, SpreadsheetSignatureGate } from '../../storage/spreadsheetSignature';
import { TemporaryCopy } from '../../storage/temporaryCopy';

export interface IncomingFile {
  /** The name the browser sent; only its last path segment is kept. */
  filename: string;
  mimetype: string;
  content: Readable;
  /** Set by the multipart reader when it stopped at its own size limit. */
  truncated(): boolean;
}

/**
 * The file name without any folder part or invisible characters (control, bidirectional-control and
 * other format characters, which can make a name read differently from what it is:
 * "invoice\u202Exslx.exe" shows as "invoiceexe.xlsx"; see visibleText), at most 255 characters.
 */
export function cleanFileName(name: string): string {
  const base = visibleText(name.split(/[\\/]/).pop() ?? '').trim();
  if (base.length <= 255) return base;
  const extension = path.extname(base).slice(0, 16);
  return base.slice(0, 255 - extension.length) + extension;
}

/** The errors a refused upload answers with, in the wording of the form it came from. */
export interface IncomingFileRefusals {
  tooLarge: () => AppError;
  /**
   * The content is no spreadsheet at all (a web page, a PDF, text named as a workbook, a zip of other
   * files): the form's own "Invalid file format" wording. Every other problem with the content
   * answers in the engine's words (ERROR_MESSAGES), which name it and say what to do.
   */
  wrongKind: () => AppError;
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
 * judged as the engine judges it (SpreadsheetSignatureGate): what it is, and all of a CSV's text. A
 * zip is copied aside as it streams, since whether it is a workbook (and no zip bomb) shows only once
 * it is complete; it is judged before this returns. Nothing larger than the limit is ever held, and a
 * refused file leaves nothing stored.
 */
export async function storeIncomingFile(storage: FileStorage, incoming: IncomingFile, checks: IncomingFileChecks): Promise<StoredObject> {
  const gate = new SpreadsheetSignatureGate(checks.kind, (problem) => contentRefusal(problem, checks.refusals));
  const copy = new CopyOfZip(() => gate.format === 'xlsx');
  try {
    const stored = await streamIntoStorage(storage, incoming, checks, [gate, copy]);
    if (copy.path) await refuseUnlessWorkbook(storage, stored, copy.path, checks.refusals);
    return stored;
  } finally {
    await copy.remove();
  }
}

/** The answer to content the engine would refuse: the form's wording for no spreadsheet at all, else the engine's. */
function contentRefusal(problem: ProcessingError, refusals: IncomingFileRefusals): AppError {
  return problem.code === 'INVALID_FORMAT' ? refusals.wrongKind() : badRequest(ERROR_MESSAGES[problem.code]);
}

/**
 * Passes content through, copying it to a temporary file (TemporaryCopy) when it is a zip: told by
 * `isZip` when the first chunk arrives, which the content gate before it has judged by then.
 */
class CopyOfZip extends Transform {
  private copy: TemporaryCopy | undefined;
  /** The copy's making, under way: what `remove` waits for, should the flow have failed meanwhile. */
  private making: Promise<unknown> | undefined;
  private decided = false;

  constructor(private readonly isZip: () => boolean) {
    super();
  }

  /** Where the copy is, when one was made. */
  get path(): string | undefined {
    return this.copy?.path;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.decided) {
      this.decided = true;
      if (this.isZip()) {
        this.making = TemporaryCopy.create().then((copy) => {
          this.copy = copy;
          // the copy passes the content on too, to nothing; its failures reach the callbacks of its writes
          copy.resume();
          copy.on('error', () => undefined);
          this.pass(chunk, callback);
        }, callback);
        return;
      }
    }
    this.pass(chunk, callback);
  }

  override _flush(callback: TransformCallback): void {
    const copy = this.copy;
    if (!copy) {
      callback();
      return;
    }
    copy.end();
    finished(copy, { readable: false }, (error) => callback(error ?? null));
  }

  /** Deletes the copy, if one was made. */
  async remove(): Promise<void> {
    await this.making?.catch(() => undefined);
    await this.copy?.remove();
  }

  private pass(chunk: Buffer, callback: TransformCallback): void {
    if (!this.copy) {
      callback(null, chunk);
      return;
    }
    this.copy.write(chunk, (error) => callback(error ?? null, chunk));
  }
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
 * is not a workbook answers as no spreadsheet at all; a bomb, a damaged zip or a password answer in
 * the engine's words, which say what to do.
 */
async function refuseUnlessWorkbook(storage: FileStorage, stored: StoredObject, copyPath: string, refusals: IncomingFileRefusals): Promise<void> {
  try {
    await checkWorkbookPackage(copyPath);
  } catch (error) {
    await storage.delete(stored.key);
    if (!(error instanceof ProcessingError)) throw error;
    throw contentRefusal(error, refusals);
  }
}
