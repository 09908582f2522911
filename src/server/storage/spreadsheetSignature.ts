import { Transform, type TransformCallback } from 'node:stream';

/** The spreadsheet kinds accepted for upload, named by their extension. */
export type SpreadsheetKind = 'xls' | 'xlsx' | 'xlsm' | 'csv';

/** How many leading bytes decide whether the content is what its name says. */
export const SIGNATURE_BYTES = 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(head: Buffer, signature: number[]): boolean {
  return head.length >= signature.length && signature.every((byte, index) => head[index] === byte);
}

/**
 * Whether the leading bytes fit the kind: the xlsx family is a zip, .xls an OLE compound file, and
 * a CSV is text (a UTF-16 byte-order mark, or no NUL byte and hardly any control characters).
 * Empty content fits no kind.
 */
export function fitsSpreadsheetKind(kind: SpreadsheetKind, head: Buffer): boolean {
  if (head.length === 0) return false;
  if (kind === 'xlsx' || kind === 'xlsm') return startsWith(head, ZIP);
  if (kind === 'xls') return startsWith(head, OLE);
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return true;
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 9 || (byte > 13 && byte < 32) || byte === 127) control += 1;
  }
  return control <= head.length / 100;
}

/**
 * Passes content through once its first bytes fit the kind; otherwise fails with the given error
 * before anything past the first kilobyte has been read.
 */
export class SpreadsheetSignatureGate extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private decided = false;

  constructor(
    private readonly kind: SpreadsheetKind,
    private readonly refusal: () => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.decided) {
      callback(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SIGNATURE_BYTES) {
      callback();
      return;
    }
    this.release(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.decided) callback();
    else this.release(callback);
  }

  private release(callback: TransformCallback): void {
    const held = Buffer.concat(this.head);
    this.head = [];
    this.decided = true;
    if (!fitsSpreadsheetKind(this.kind, held.subarray(0, SIGNATURE_BYTES))) {
      callback(this.refusal());
      return;
    }
    callback(null, held);
  }
}
