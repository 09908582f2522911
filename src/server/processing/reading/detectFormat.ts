/**
 * What a file really is, told from its bytes and not its name: a zip (the xlsx family), an OLE
 * compound file (.xls, or an encrypted xlsx), a bare BIFF stream (Excel 2 to 4), or text (a CSV, or an
 * HTML/XML page wearing a spreadsheet extension, which is refused). The upload's check judges the
 * content arriving with the same function (`formatOfContent`), so a file is refused at upload with
 * the words the engine would fail it with.
 */
import { open } from 'node:fs/promises';
import { ProcessingError } from '../processingError';
import { bomEncoding } from './csvEncoding';
import { BinaryContentMeter } from './textContent';

export type FileFormat = 'xlsx' | 'xls' | 'csv';

/** How much of the start of the content the format is judged on. */
export const SNIFF_BYTES = 64 * 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];

/** What the format is judged on. */
export interface ContentSample {
  /** The first SNIFF_BYTES of the content, or all of it. */
  head: Buffer;
  /** For a compound file, the bytes `compoundDirectory` points at (empty otherwise, or when beyond the end). */
  directory: Buffer;
  /** Whether `head` is the whole content. */
  whole: boolean;
}

function startsWith(bytes: Buffer, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

/** Whether the content, too short to hold it, is the start of a workbook's signature: a file cut off. */
function isCutSignature(head: Buffer): boolean {
  return head.length >= 2 && [ZIP, OLE].some((signature) => head.length < signature.length && head.every((b, i) => signature[i] === b));
}

function utf16Name(name: string): Buffer {
  return Buffer.from(name, 'utf16le');
}

/** An OLE compound file holding an EncryptedPackage stream is an xlsx saved with a password. */
function isEncryptedOoxml(bytes: Buffer): boolean {
  return bytes.includes(utf16Name('EncryptedPackage')) || bytes.includes(utf16Name('EncryptionInfo'));
}

/**
 * Whether the header of an OLE compound file is one a spreadsheet program writes: version 3 with
 * 512-byte sectors or version 4 with 4096-byte ones, little-endian, 64-byte mini sectors.
 */
function isSoundCompoundHeader(head: Buffer): boolean {
  if (head.length < 512) return false;
  const [major, byteOrder, sectorShift, miniSectorShift] = [26, 28, 30, 32].map((offset) => head.readUInt16LE(offset));
  return byteOrder === 0xfffe && miniSectorShift === 6 && ((major === 3 && sectorShift === 9) || (major === 4 && sectorShift === 12));
}

/**
 * Where the first directory sector of a compound file lies (the stream names are there), and how
 * many bytes of it are looked at; undefined for content that is not a sound compound file.
 */
export function compoundDirectory(head: Buffer): { offset: number; length: number } | undefined {
  if (!startsWith(head, OLE) || !isSoundCompoundHeader(head)) return undefined;
  const sectorSize = 1 << head.readUInt16LE(30);
  return { offset: (head.readUInt32LE(48) + 1) * sectorSize, length: sectorSize * 4 };
}

/**
 * The first record of a bare BIFF stream, as Excel 2, 3 and 4 wrote their workbooks (0x0009, 0x0209,
 * 0x0409), or a BIFF5/8 stream outside its compound file (0x0809).
 */
export function isBareBiff(head: Buffer): boolean {
  return head.length >= 4 && head[0] === 0x09 && [0x00, 0x02, 0x04, 0x08].includes(head[1]) && head[3] === 0x00;
}

/** Whether the start of the content is an Excel 2, 3 or 4 workbook. */
export function isOldBiff(head: Buffer): boolean {
  return isBareBiff(head) && head[1] !== 0x08;
}

function looksLikeMarkup(text: string): boolean {
  return /^\s*<(?:!doctype|html|\?xml|table|head|body|meta|div|workbook|ss:workbook)/i.test(text);
}

/** Whether the start of the content is binary rather than text (the measure a CSV is read with, textContent.ts). */
function isBinary({ head, whole }: ContentSample): boolean {
  const marked = bomEncoding(head);
  if (marked?.encoding === 'utf-16le' || marked?.encoding === 'utf-16be') {
    const meter = new BinaryContentMeter(2);
    const binary = meter.feedUnits(new TextDecoder(marked.encoding).decode(head, { stream: !whole }));
    return binary || (whole && meter.end());
  }
  const meter = new BinaryContentMeter(1);
  return meter.feedBytes(head) || (whole && meter.end());
}

/**
 * Content decides the format; the name decides only whether text may be read, as a CSV. Throws
 * EMPTY, PASSWORD_PROTECTED, CORRUPT (a workbook's signature cut short, an unsound compound file),
 * BINARY_CSV (a .csv that is not text) or INVALID_FORMAT (no spreadsheet at all: a web page, a PDF,
 * text named as a workbook, binary content named as one).
 */
export function formatOfContent(sample: ContentSample, textAllowed: boolean): FileFormat {
  const { head, directory, whole } = sample;
  if (whole && head.length === 0) throw new ProcessingError('EMPTY');
  if (startsWith(head, ZIP) || startsWith(head, EMPTY_ZIP)) return 'xlsx';
  if (startsWith(head, OLE)) {
    if (isEncryptedOoxml(head) || isEncryptedOoxml(directory)) throw new ProcessingError('PASSWORD_PROTECTED');
    if (!isSoundCompoundHeader(head)) throw new ProcessingError('CORRUPT');
    return 'xls';
  }
  if (isBareBiff(head)) return 'xls';
  if (whole && isCutSignature(head)) throw new ProcessingError('CORRUPT');
  if (startsWith(head, PDF)) throw new ProcessingError('INVALID_FORMAT');
  if (isBinary(sample)) throw new ProcessingError(textAllowed ? 'BINARY_CSV' : 'INVALID_FORMAT');
  const text = head.toString('latin1', 0, Math.min(head.length, 1024)).replace(/^\ufeff|^\xef\xbb\xbf/, '');
  if (looksLikeMarkup(text) || !textAllowed) throw new ProcessingError('INVALID_FORMAT');
  return 'csv';
}

/** Whether a file of this name may be text: only a .csv is read as one. */
export function mayBeText(fileName: string): boolean {
  return /\.csv$/i.test(fileName);
}

/** The head of the file, plus the first directory sectors of a compound file (where stream names live). */
async function readSample(path: string): Promise<ContentSample> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(size, SNIFF_BYTES));
    await file.read(head, 0, head.length, 0);
    let directory = Buffer.alloc(0);
    const at = compoundDirectory(head);
    if (at && at.offset < size) {
      directory = Buffer.alloc(Math.min(at.length, size - at.offset));
      await file.read(directory, 0, directory.length, at.offset);
    }
    return { head, directory, whole: size <= SNIFF_BYTES };
  } finally {
    await file.close();
  }
}

export async function detectFormat(path: string, fileName: string): Promise<FileFormat> {
  return formatOfContent(await readSample(path), mayBeText(fileName));
}
