/**
 * What a file really is, told from its bytes and not its name: a zip (the xlsx family), an OLE
 * compound file (.xls, or an encrypted xlsx), a bare BIFF stream, or text (a CSV, or an HTML/XML page
 * wearing a spreadsheet extension, which is refused).
 */
import { open } from 'node:fs/promises';
import { ProcessingError } from '../processingError';

export type FileFormat = 'xlsx' | 'xls' | 'csv';

const SNIFF_BYTES = 64 * 1024;

function startsWith(bytes: Buffer, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

function utf16Name(name: string): Buffer {
  return Buffer.from(name, 'utf16le');
}

/** An OLE compound file holding an EncryptedPackage stream is an xlsx saved with a password. */
function isEncryptedOoxml(head: Buffer): boolean {
  return head.includes(utf16Name('EncryptedPackage')) || head.includes(utf16Name('EncryptionInfo'));
}

function looksLikeMarkup(text: string): boolean {
  return /^\s*<(?:!doctype|html|\?xml|table|head|body|meta|div|workbook|ss:workbook)/i.test(text);
}

/** Plain text: no NUL bytes (unless UTF-16 with a BOM) and few control characters. */
function isText(head: Buffer): boolean {
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return true;
  let control = 0;
  for (let i = 0; i < head.length; i++) {
    const b = head[i];
    if (b === 0) return false;
    if (b < 9 || (b > 13 && b < 32)) control++;
  }
  return control <= head.length / 100;
}

/** The head of the file, plus the first directory sector of a compound file (where stream names live). */
async function readHead(path: string): Promise<{ head: Buffer; directory: Buffer; size: number }> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(size, SNIFF_BYTES));
    await file.read(head, 0, head.length, 0);
    let directory = Buffer.alloc(0);
    if (head.length >= 512 && startsWith(head, [0xd0, 0xcf, 0x11, 0xe0])) {
      const sectorSize = 1 << Math.min(head.readUInt16LE(30), 16);
      const offset = (head.readUInt32LE(48) + 1) * sectorSize;
      if (offset < size) {
        directory = Buffer.alloc(Math.min(sectorSize * 4, size - offset));
        await file.read(directory, 0, directory.length, offset);
      }
    }
    return { head, directory, size };
  } finally {
    await file.close();
  }
}

/** Content decides the format; only text needs the name, since text is accepted only as a .csv. */
export async function detectFormat(path: string, fileName: string): Promise<FileFormat> {
  const { head, directory, size } = await readHead(path);
  if (size === 0) throw new ProcessingError('EMPTY');
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'xlsx';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (isEncryptedOoxml(head) || isEncryptedOoxml(directory)) throw new ProcessingError('PASSWORD_PROTECTED');
    return 'xls';
  }
  if (head.length >= 4 && head[0] === 0x09 && [0x00, 0x02, 0x04, 0x08].includes(head[1]) && head[3] === 0x00) return 'xls';
  if (size < 8 && !isText(head)) throw new ProcessingError('CORRUPT');
  if (!isText(head)) throw new ProcessingError('INVALID_FORMAT');
  const text = head.toString('latin1', 0, Math.min(head.length, 1024)).replace(/^\ufeff|^\xef\xbb\xbf/, '');
  if (looksLikeMarkup(text) || !/\.csv$/i.test(fileName)) throw new ProcessingError('INVALID_FORMAT');
  return 'csv';
}
