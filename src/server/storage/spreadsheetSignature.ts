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
 * Whether the header of an OLE compound file is one a spreadsheet program writes: version 3 with
 * 512-byte sectors or version 4 with 4096-byte ones, little-endian, 64-byte mini sectors.
 */
function isCompoundFileHeader(head: Buffer): boolean {
  if (head.length < 512 || !startsWith(head, OLE)) return false;
  const [major, byteOrder, sectorShift, miniSectorShift] = [26, 28, 30, 32].map((offset) => head.readUInt16LE(offset));
  return byteOrder === 0xfffe && miniSectorShift === 6 && ((major === 3 && sectorShift === 9) || (major === 4 && sectorShift === 12));
}

/**
 * Whether the leading bytes fit the kind: the xlsx family is a zip (whether it is a workbook is told
 * once the whole file is there), .xls an OLE compound file with a sound header. A CSV's text is
 * checked as a whole as it streams (CsvTextGate), so any first bytes may start one. Empty content
 * fits no kind.
 */
export function fitsSpreadsheetKind(kind: SpreadsheetKind, head: Buffer): boolean {
  if (head.length === 0) return false;
  if (kind === 'xlsx' || kind === 'xlsm') return startsWith(head, ZIP);
  if (kind === 'xls') return isCompoundFileHeader(head);
  return true;
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
