/**
 * Reading a file sent to be matched: its type checked as an upload's is, its content copied to a
 * temporary file within the size limit, its identity read by the engine (readFileIdentity: the top of
 * each sheet, streamed, with the reader's zip-bomb guards), and the copy deleted. Nothing is stored.
 * A file that cannot be read answers in the words an upload of it would get, for that file alone.
 */
import { pipeline } from 'node:stream/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { WEEKLY_UPLOAD_MESSAGES, weeklyDocumentTypeProblem } from '@/common/uploadRules';
import { ERROR_MESSAGES, ProcessingError } from '../../processing/processingError';
import { type FileIdentity, readFileIdentity } from '../../processing/matching/fileIdentity';
import { TemporaryCopy } from '../../storage/temporaryCopy';
import { cleanFileName, type IncomingFile } from '../uploads/incomingFiles';

/** A file as read for matching: its identity, or why it cannot be matched. */
export type FileReading = { fileName: string; identity: FileIdentity; refusal?: undefined } | { fileName: string; identity?: undefined; refusal: string };

/** Counts the bytes passing; past the limit it passes nothing more, but reads on, so the form can be read to its next file. */
class ByteLimit extends Transform {
  private bytes = 0;
  exceeded = false;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) this.exceeded = true;
    callback(null, this.exceeded ? undefined : chunk);
  }
}

/** Reads one incoming file for matching; the incoming stream is always consumed to its end. */
export async function readMatchFile(incoming: IncomingFile, maxBytes: number): Promise<FileReading> {
  const fileName = cleanFileName(incoming.filename) || 'file';
  const problem = weeklyDocumentTypeProblem({ name: fileName, type: incoming.mimetype });
  if (problem) {
    await drain(incoming);
    return { fileName, refusal: problem };
  }
  const copy = await TemporaryCopy.create();
  const limit = new ByteLimit(maxBytes);
  try {
    await pipeline(incoming.content, limit, copy, devNull());
    if (limit.exceeded || incoming.truncated()) return { fileName, refusal: WEEKLY_UPLOAD_MESSAGES.tooLarge };
    return { fileName, identity: await readFileIdentity(copy.path, fileName) };
  } catch (error) {
    if (error instanceof ProcessingError) return { fileName, refusal: refusalOf(error) };
    throw error;
  } finally {
    await copy.remove();
  }
}

/** The engine's words for a file it would refuse; "no payroll data" is no refusal here, only no match. */
function refusalOf(error: ProcessingError): string {
  return error.code === 'INTERNAL' ? ERROR_MESSAGES.INTERNAL : ERROR_MESSAGES[error.code];
}

function devNull(): Transform {
  return new Transform({
    transform(_chunk, _encoding, callback) {
      callback();
    },
  });
}

async function drain(incoming: IncomingFile): Promise<void> {
  if (incoming.content.readableEnded || incoming.content.destroyed) return;
  await new Promise<void>((resolve) => {
    incoming.content.once('end', resolve);
    incoming.content.once('close', resolve);
    incoming.content.once('error', () => resolve());
    incoming.content.resume();
  });
}
