import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import * as XLSX from '@e965/xlsx';
import type { ProcessingErrorCode } from '@/server/processing/processingError';
import { CsvTextCheck } from '@/server/storage/csvTextGate';
import { type SpreadsheetKind, SpreadsheetSignatureGate } from '@/server/storage/spreadsheetSignature';
import { oldExcelWorkbook } from '../processing/engineHarness';

const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The 512-byte header of a compound file: version, byte order, sector and mini-sector sizes at their offsets. */
function compoundFileHeader(fields: { major?: number; byteOrder?: number; sectorShift?: number; miniSectorShift?: number; directorySector?: number } = {}): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from(OLE_SIGNATURE).copy(header);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(fields.major ?? 3, 26);
  header.writeUInt16LE(fields.byteOrder ?? 0xfffe, 28);
  header.writeUInt16LE(fields.sectorShift ?? 9, 30);
  header.writeUInt16LE(fields.miniSectorShift ?? 6, 32);
  header.writeUInt32LE(fields.directorySector ?? 0, 48);
  return header;
}
const ole = compoundFileHeader();

/** A password-protected workbook as Excel saves it: a compound file holding the encrypted package. */
function encryptedWorkbook(): Buffer {
  const cfb = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(cfb, '/EncryptionInfo', Buffer.alloc(200, 1));
  XLSX.CFB.utils.cfb_add(cfb, '/EncryptedPackage', Buffer.alloc(5000, 2));
  return Buffer.from(XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer);
}

/** A compound file whose directory (with the encrypted package's name) lies past the first 64 KB. */
function encryptedWorkbookWithDirectoryAtTheEnd(): Buffer {
  const sector = 200;
  const content = Buffer.alloc((sector + 2) * 512, 0x33);
  compoundFileHeader({ directorySector: sector }).copy(content);
  Buffer.from('EncryptedPackage', 'utf16le').copy(content, (sector + 1) * 512);
  return content;
}

const oldWorkbook = (version: 'biff2' | 'biff3' | 'biff4') => oldExcelWorkbook(version, [['Emp ID', 'Name', 'Hours'], ['1', 'Ann Lee', 40]]);

/** What the gate makes of the content sent in the given pieces: the format and whether it passed unchanged, or the refusal's code. */
async function throughGate(kind: SpreadsheetKind, pieces: Buffer[]): Promise<{ format?: string; unchanged?: boolean; refused?: ProcessingErrorCode }> {
  const gate = new SpreadsheetSignatureGate(kind);
  try {
    const out = await buffer(Readable.from(pieces).pipe(gate));
    return { format: gate.format, unchanged: out.equals(Buffer.concat(pieces)) };
  } catch (error) {
    return { refused: (error as { code: ProcessingErrorCode }).code };
  }
}

/** The content in pieces of `size` bytes: no judgement may depend on where the pieces break. */
function inPieces(content: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let at = 0; at < content.length; at += size) pieces.push(content.subarray(at, at + size));
  return pieces;
}

describe('the content gate judges a file as the engine does', () => {
  const accepted: [string, SpreadsheetKind, Buffer, string][] = [
    ['a zip named .xlsx', 'xlsx', Buffer.concat([zip, Buffer.alloc(5000, 9)]), 'xlsx'],
    ['a zip named .xlsm', 'xlsm', zip, 'xlsx'],
    ['a compound file named .xls', 'xls', ole, 'xls'],
    ['a version 4 compound file', 'xls', compoundFileHeader({ major: 4, sectorShift: 12 }), 'xls'],
    ['a compound file named .xlsx (an .xls under a newer name, read as what it is)', 'xlsx', ole, 'xls'],
    ['an Excel 2 workbook', 'xls', oldWorkbook('biff2'), 'xls'],
    ['an Excel 3 workbook', 'xls', oldWorkbook('biff3'), 'xls'],
    ['an Excel 4 workbook', 'xls', oldWorkbook('biff4'), 'xls'],
    ['a CSV', 'csv', Buffer.from('a,b\r\n1,2\r\n'), 'csv'],
    ['a CSV with a stray control character in a note', 'csv', Buffer.from('Emp ID,Name,Notes\r\n1,Ann Lee,"late\u0007 again"\r\n2,Bob,\u001b\r\n'), 'csv'],
    ['a CSV with one NUL in a cell', 'csv', Buffer.concat([Buffer.from('Emp ID,Name\n1,Ann'), Buffer.from([0]), Buffer.from(' Lee\n'), Buffer.alloc(3000, 'x')]), 'csv'],
  ];

  it.each(accepted)('passes %s through unchanged, whole or in pieces', async (_case, kind, content, format) => {
    for (const pieces of [[content], inPieces(content, 1000), inPieces(content, 7)]) {
      expect(await throughGate(kind, pieces)).toEqual({ format, unchanged: true });
    }
  });

  const refused: [string, ProcessingErrorCode, SpreadsheetKind, Buffer][] = [
    ['an empty file', 'EMPTY', 'xlsx', Buffer.alloc(0)],
    ['an empty .csv', 'EMPTY', 'csv', Buffer.alloc(0)],
    ['a password-protected workbook', 'PASSWORD_PROTECTED', 'xlsx', encryptedWorkbook()],
    ['a password-protected workbook whose directory comes after the first 64 KB', 'PASSWORD_PROTECTED', 'xlsx', encryptedWorkbookWithDirectoryAtTheEnd()],
    ['the first bytes of a compound file only', 'CORRUPT', 'xls', Buffer.from(OLE_SIGNATURE)],
    ['a compound file of the wrong byte order', 'CORRUPT', 'xls', compoundFileHeader({ byteOrder: 0xfeff })],
    ['a compound file of the wrong sector size', 'CORRUPT', 'xls', compoundFileHeader({ major: 3, sectorShift: 12 })],
    ['the first two bytes of a zip', 'CORRUPT', 'xlsx', Buffer.from('PK')],
    ['a web page named .xls', 'INVALID_FORMAT', 'xls', Buffer.from('<!DOCTYPE html><html><body><table><tr><td>Emp ID</td></tr></table></body></html>')],
    ['a PDF named .xlsx', 'INVALID_FORMAT', 'xlsx', Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), Buffer.alloc(3000, 7)])],
    ['a CSV named .xlsx', 'INVALID_FORMAT', 'xlsx', Buffer.from('Employee,Hours\nAda,40\n')],
    ['binary noise named .xls', 'INVALID_FORMAT', 'xls', Buffer.from(Array.from({ length: 900 }, (_, index) => (index * 7) % 9))],
    ['binary noise named .csv', 'BINARY_CSV', 'csv', Buffer.from(Array.from({ length: 900 }, (_, index) => (index * 7) % 9))],
  ];

  it.each(refused)('refuses %s as %s, whole or in pieces', async (_case, code, kind, content) => {
    for (const pieces of [[content], inPieces(content, 1000), inPieces(content, 7)]) {
      expect(await throughGate(kind, pieces)).toEqual({ refused: code });
    }
  });

  it('refuses content for what it starts with before passing any of it on', async () => {
    const gate = new SpreadsheetSignatureGate('xls');
    const received: Buffer[] = [];
    gate.on('data', (chunk: Buffer) => received.push(chunk));
    const failure = new Promise((resolve) => gate.on('error', resolve));
    gate.write(Buffer.from('<html><body>'));
    gate.write(Buffer.alloc(70 * 1024, 'x'));
    expect(await failure).toMatchObject({ code: 'INVALID_FORMAT' });
    expect(received).toEqual([]);
  });

  it('answers a refusal with what the caller makes of it', async () => {
    const gate = new SpreadsheetSignatureGate('xlsx', (problem) => new Error(`refused: ${problem.code}`));
    await expect(buffer(Readable.from([Buffer.alloc(0)]).pipe(gate))).rejects.toThrow('refused: EMPTY');
  });
});

/** What a CsvTextCheck makes of the content sent in the given pieces: passed, or the code it refused it with. */
function checkCsv(pieces: Buffer[]): 'text' | ProcessingErrorCode {
  const check = new CsvTextCheck();
  try {
    for (const piece of pieces) check.feed(piece);
    check.end();
    return 'text';
  } catch (error) {
    return (error as { code: ProcessingErrorCode }).code;
  }
}

const byteByByte = (content: Buffer) => Array.from(content, (byte) => Buffer.from([byte]));

const utf16 = (bom: number[], text: string, order: 'le' | 'be') => {
  const le = Buffer.from(text, 'utf16le');
  return Buffer.concat([Buffer.from(bom), order === 'le' ? le : le.swap16()]);
};

/** Random bytes, as compressed or encrypted data looks. */
function binaryBytes(length: number, seed = 7): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let index = 0; index < length; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

describe("a CSV's text, judged all through as the engine reads it", () => {
  const text: [string, Buffer][] = [
    ['plain ASCII with tabs, form feeds, CR and LF', Buffer.from('Name\tHours\r\nAda\t40\f\n')],
    ['UTF-8 with accents and symbols', Buffer.from('Nom;Montant\nJosé Müller;12,50 €\n')],
    ['UTF-8 with a byte-order mark', Buffer.from('\ufeffName,Hours\nZoë,40\n')],
    ['Windows-1252', Buffer.from('Name;Amount\r\nJos\xe9 \x80 \x93quoted\x94;12,50\r\n', 'latin1')],
    ['UTF-16 LE with its byte-order mark', utf16([0xff, 0xfe], 'Name,Hours\r\nZoë,40\r\n', 'le')],
    ['UTF-16 BE with its byte-order mark', utf16([0xfe, 0xff], 'Name,Hours\r\nZoë,40\r\n', 'be')],
    ['an escape character, a DEL and a vertical tab in cells', Buffer.from('a,b\n\u001b[31mred\u007f,x\vy\n')],
    ['a C1 control in UTF-8', Buffer.from('a,b\u0085c\n')],
    ['a NUL after the first kilobyte', Buffer.concat([Buffer.alloc(4096, 'a'), Buffer.from([0x00]), Buffer.from('b,c\n')])],
    ['invalid UTF-8 after a UTF-8 byte-order mark (read as U+FFFD)', Buffer.concat([Buffer.from('\ufeffa,b\n'), Buffer.from([0xe9, 0x0a])])],
    ['a byte Windows-1252 leaves undefined', Buffer.from('Jos\xe9,\x81\n', 'latin1')],
    ['a lone surrogate in UTF-16 (read as U+FFFD)', Buffer.concat([utf16([0xff, 0xfe], 'a,b', 'le'), Buffer.from([0x00, 0xd8]), Buffer.from('c', 'utf16le')])],
    ['a few control characters in UTF-16', utf16([0xff, 0xfe], 'a,\u0001b\n', 'le')],
    ['64 stray control characters in a window of 4 KB', Buffer.concat([Buffer.from('a,b\n'), Buffer.alloc(64, 1), Buffer.alloc(4000, 'c')])],
  ];
  const binary: [string, Buffer][] = [
    ['binary noise', Buffer.from(Array.from({ length: 900 }, (_, index) => (index * 7) % 9))],
    ['text that turns into binary data after its first kilobytes', Buffer.concat([Buffer.from('Employee,Hours\n'), Buffer.alloc(8192, 'a'), binaryBytes(4096)])],
    ['a zip', Buffer.concat([zip, binaryBytes(2000)])],
    ['text padded with NULs', Buffer.concat([Buffer.from('a,b\n'), Buffer.alloc(16, 0), Buffer.from('c,d\n')])],
    ['UTF-16 without its byte-order mark (a NUL every other byte)', Buffer.from('Name,Hours\r\nAda,40\r\n'.repeat(10), 'utf16le')],
    ['65 stray control characters in a window of 4 KB', Buffer.concat([Buffer.from('a,b\n'), Buffer.alloc(65, 1), Buffer.alloc(4000, 'c')])],
    ['control characters in UTF-16', utf16([0xff, 0xfe], `a,b\n${'\u0001'.repeat(100)}`, 'le')],
  ];
  const empty: [string, Buffer][] = [
    ['nothing at all', Buffer.alloc(0)],
    ['a UTF-8 byte-order mark alone', Buffer.from([0xef, 0xbb, 0xbf])],
    ['a UTF-16 byte-order mark alone', Buffer.from([0xff, 0xfe])],
    ['blank lines', Buffer.from('\r\n\r\n  \n\t\n')],
    ['separators and empty quoted fields', Buffer.from('\ufeff,,,\r\n;;\r\n|\t|\r\n"",""\r\n')],
    ['separators in UTF-16', utf16([0xff, 0xfe], ',,\r\n,,\r\n', 'le')],
  ];

  it.each(text)('reads %s as text, whole or byte by byte', (_case, content) => {
    expect(checkCsv([content])).toBe('text');
    expect(checkCsv(byteByByte(content))).toBe('text');
  });

  it.each(binary)('refuses %s as binary, whole or byte by byte', (_case, content) => {
    expect(checkCsv([content])).toBe('BINARY_CSV');
    expect(checkCsv(byteByByte(content))).toBe('BINARY_CSV');
  });

  it.each(empty)('refuses %s as empty', (_case, content) => {
    expect(checkCsv([content])).toBe('EMPTY');
    expect(checkCsv(byteByByte(content))).toBe('EMPTY');
  });

  it('refuses binary content as it arrives, before the rest is read', () => {
    const check = new CsvTextCheck();
    check.feed(Buffer.alloc(2048, 'a'));
    expect(() => check.feed(binaryBytes(4096))).toThrow(expect.objectContaining({ code: 'BINARY_CSV' }));
  });
});
