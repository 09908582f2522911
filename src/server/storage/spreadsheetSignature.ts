import { Transform, type TransformCallback } from 'node:stream';
import { ProcessingError } from '../processing/processingError';
import { compoundDirectory, type FileFormat, formatOfContent, SNIFF_BYTES } from '../processing/reading/detectFormat';
import { CsvTextCheck } from './csvTextGate';

/** The spreadsheet kinds accepted for upload, named by their extension. */
export type SpreadsheetKind = 'xls' | 'xlsx' | 'xlsm' | 'csv';

/**
 * Judges content as it streams in, with the engine's own judgement (formatOfContent): what the
 * content is, whatever the allowed extension it came with (an xlsx named .xlsm is read as what it
 * is), text only as a .csv. The first 64 KB are held until judged, so content refused for what it
 * starts with passes nothing on; a compound file is judged once its directory has passed (where an
 * encrypted workbook's stream names are); a CSV's text all through (CsvTextCheck). A refusal is
 * the engine's ProcessingError (EMPTY, PASSWORD_PROTECTED, CORRUPT, BINARY_CSV, INVALID_FORMAT), or
 * what `refusal` makes of it. Whether a zip is a workbook is told only once it is complete
 * (checkWorkbookPackage), on a copy.
 */
export class SpreadsheetSignatureGate extends Transform {
  /** What the content is, once judged: set before the first of it is passed on (a compound file's may follow). */
  format: FileFormat | undefined;
  private held: Buffer[] = [];
  private heldLength = 0;
  private judged = false;
  /** A compound file's head, kept until its directory has passed. */
  private compoundHead: Buffer | undefined;
  private directory: { offset: number; bytes: Buffer; filled: number } | undefined;
  /** Bytes passed on so far. */
  private passed = 0;
  private text: CsvTextCheck | undefined;

  constructor(
    private readonly kind: SpreadsheetKind,
    private readonly refusal: (problem: ProcessingError) => Error = (problem) => problem,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      if (!this.judged) {
        this.held.push(chunk);
        this.heldLength += chunk.length;
        if (this.heldLength < SNIFF_BYTES) {
          callback();
          return;
        }
        chunk = this.judgeHead(false);
      } else this.follow(chunk);
      this.passed += chunk.length;
      callback(null, chunk);
    } catch (error) {
      callback(this.refused(error));
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      const rest = this.judged ? undefined : this.judgeHead(true);
      if (this.compoundHead) this.judgeCompound();
      this.text?.end();
      callback(null, rest);
    } catch (error) {
      callback(this.refused(error));
    }
  }

  /** Judges the content held so far (`whole`: all of it) and hands it back to be passed on. */
  private judgeHead(whole: boolean): Buffer {
    const content = Buffer.concat(this.held);
    this.held = [];
    this.judged = true;
    const head = content.subarray(0, SNIFF_BYTES);
    const at = compoundDirectory(head);
    if (at && !whole && at.offset + at.length > content.length) {
      // the stream names come later: judged once they have passed
      this.compoundHead = Buffer.from(head);
      this.directory = { offset: at.offset, bytes: Buffer.alloc(at.length), filled: 0 };
      this.capture(content);
      return content;
    }
    const directory = at ? content.subarray(at.offset, at.offset + at.length) : Buffer.alloc(0);
    this.format = formatOfContent({ head, directory, whole }, this.kind === 'csv');
    if (this.format === 'csv') {
      this.text = new CsvTextCheck();
      this.text.feed(content);
    }
    return content;
  }

  private follow(chunk: Buffer): void {
    if (this.directory) {
      this.capture(chunk);
      if (this.directory.filled === this.directory.bytes.length) this.judgeCompound();
    }
    this.text?.feed(chunk);
  }

  /** Copies what of the directory's bytes lies in `chunk` (which starts where the bytes passed so far end). */
  private capture(chunk: Buffer): void {
    const directory = this.directory!;
    const start = Math.max(directory.offset, this.passed);
    const end = Math.min(directory.offset + directory.bytes.length, this.passed + chunk.length);
    if (start >= end) return;
    chunk.copy(directory.bytes, start - directory.offset, start - this.passed, end - this.passed);
    directory.filled += end - start;
  }

  private judgeCompound(): void {
    const { bytes, filled } = this.directory!;
    const head = this.compoundHead!;
    this.compoundHead = undefined;
    this.directory = undefined;
    this.format = formatOfContent({ head, directory: bytes.subarray(0, filled), whole: false }, this.kind === 'csv');
  }

  private refused(error: unknown): Error {
    return error instanceof ProcessingError ? this.refusal(error) : (error as Error);
  }
}
