import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CsvTextGate } from '@/server/storage/csvTextGate';
import { fitsSpreadsheetKind, SpreadsheetSignatureGate } from '@/server/storage/spreadsheetSignature';

const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The 512-byte header of a compound file: version, byte order, sector and mini-sector sizes at their offsets. */
function compoundFileHeader(fields: { major?: number; byteOrder?: number; sectorShift?: number; miniSectorShift?: number } = {}): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from(OLE_SIGNATURE).copy(header);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(fields.major ?? 3, 26);
  header.writeUInt16LE(fields.byteOrder ?? 0xfffe, 28);
  header.writeUInt16LE(fields.sectorShift ?? 9, 30);
  header.writeUInt16LE(fields.miniSectorShift ?? 6, 32);
  return header;
}
const ole = compoundFileHeader();

describe('spreadsheet signatures', () => {
  it.each([
    ['xlsx', zip, true],
    ['xlsm', zip, true],
    ['xlsx', ole, false],
    ['xls', ole, true],
    ['xls', compoundFileHeader({ major: 4, sectorShift: 12 }), true],
    ['xls', zip, false],
    ['xls', Buffer.from(OLE_SIGNATURE), false],
    ['xls', compoundFileHeader({ byteOrder: 0xfeff }), false],
    ['xls', compoundFileHeader({ major: 3, sectorShift: 12 }), false],
    ['xls', compoundFileHeader({ miniSectorShift: 0 }), false],
    ['csv', Buffer.from('a,b\r\n1,2\r\n'), true],
    ['csv', Buffer.alloc(0), false],
    ['xlsx', Buffer.from('PK'), false],
  ] as const)('%s with leading bytes %s fits: %s', (kind, head, fits) => {
    expect(fitsSpreadsheetKind(kind, head)).toBe(fits);
  });

  it('passes fitting content through unchanged, however it is chunked', async () => {
    const content = Buffer.concat([zip, Buffer.alloc(5000, 9)]);
    const chunks = [content.subarray(0, 2), content.subarray(2, 700), content.subarray(700, 3000), content.subarray(3000)];
    const out = await buffer(Readable.from(chunks).pipe(new SpreadsheetSignatureGate('xlsx', () => new Error('refused'))));
    expect(out.equals(content)).toBe(true);
  });

  it('passes a small fitting file through whole', async () => {
    const out = await buffer(Readable.from([Buffer.from('a,b\n')]).pipe(new SpreadsheetSignatureGate('csv', () => new Error('refused'))));
    expect(out.toString()).toBe('a,b\n');
  });

  it('refuses content whose first bytes do not fit, before passing any of it on', async () => {
    const gate = new SpreadsheetSignatureGate('xls', () => new Error('refused'));
    const received: Buffer[] = [];
    gate.on('data', (chunk: Buffer) => received.push(chunk));
    const failure = new Promise((resolve) => gate.on('error', resolve));
    Readable.from([Buffer.alloc(4096, 'x')]).pipe(gate);
    expect(await failure).toEqual(new Error('refused'));
    expect(received).toEqual([]);
  });
});

/** What a CsvTextGate makes of the content sent in the given pieces: the bytes passed on, or its refusal. */
function throughCsvGate(pieces: Buffer[]): Promise<Buffer | Error> {
  return buffer(Readable.from(pieces).pipe(new CsvTextGate(() => new Error('not text')))).catch((error: Error) => error);
}

/** The content in pieces of one byte: no check may depend on where the pieces break. */
const byteByByte = (content: Buffer) => Array.from(content, (byte) => Buffer.from([byte]));

const utf16 = (bom: number[], text: string, order: 'le' | 'be') => {
  const le = Buffer.from(text, 'utf16le');
  return Buffer.concat([Buffer.from(bom), order === 'le' ? le : le.swap16()]);
};

describe('a CSV is text all through', () => {
  const accepted: [string, Buffer][] = [
    ['plain ASCII with tabs, form feeds, CR and LF', Buffer.from('Name\tHours\r\nAda\t40\f\n')],
    ['UTF-8 with accents and symbols', Buffer.from('Nom;Montant\nJosé Müller;12,50 €\n')],
    ['UTF-8 with a byte-order mark', Buffer.from('\ufeffName,Hours\nZoë,40\n')],
    ['Windows-1252 (not UTF-8, read as such by the engine)', Buffer.from('Name;Amount\r\nJos\xe9 \x80 \x93quoted\x94;12,50\r\n', 'latin1')],
    ['UTF-16 LE with its byte-order mark', utf16([0xff, 0xfe], 'Name,Hours\r\nZoë,40\r\n', 'le')],
    ['UTF-16 BE with its byte-order mark', utf16([0xfe, 0xff], 'Name,Hours\r\nZoë,40\r\n', 'be')],
    ['UTF-8 that turns out Windows-1252, its earlier accents being letters there too', Buffer.concat([Buffer.from('Zoë\u0085,1\n'), Buffer.from('Jos\xe9,2\n', 'latin1')])],
  ];
  const refused: [string, Buffer][] = [
    ['a NUL after the first kilobyte', Buffer.concat([Buffer.alloc(4096, 'a'), Buffer.from([0x00]), Buffer.from('b,c\n')])],
    ['binary noise', Buffer.from(Array.from({ length: 900 }, (_, index) => (index * 7) % 9))],
    ['a zip', Buffer.concat([zip, Buffer.alloc(2000, 'a')])],
    ['an escape character', Buffer.from('a,b\n\u001b[31mred\n')],
    ['a DEL', Buffer.from('a,b\x7f\n')],
    ['a vertical tab', Buffer.from('a,b\vc\n')],
    ['a C1 control in UTF-8', Buffer.from('a,b\u0085c\n')],
    ['invalid UTF-8 after a UTF-8 byte-order mark', Buffer.concat([Buffer.from('\ufeffa,b\n'), Buffer.from([0xe9, 0x0a])])],
    ['UTF-8 cut short at its end after a UTF-8 byte-order mark', Buffer.concat([Buffer.from('\ufeffa,b\n'), Buffer.from([0xe2, 0x82])])],
    ['a byte Windows-1252 leaves undefined', Buffer.from('Jos\xe9,\x81\n', 'latin1')],
    ['UTF-8 whose letters hold a byte undefined in Windows-1252, once it turns out not UTF-8', Buffer.concat([Buffer.from('Ágnes,1\n'), Buffer.from('Jos\xe9,2\n', 'latin1')])],
    ['a lone surrogate in UTF-16', Buffer.concat([utf16([0xff, 0xfe], 'a,b', 'le'), Buffer.from([0x00, 0xd8]), Buffer.from('c', 'utf16le')])],
    ['UTF-16 cut off in the middle of a character', Buffer.concat([utf16([0xff, 0xfe], 'a,b', 'le'), Buffer.from([0x41])])],
    ['a control character in UTF-16', utf16([0xff, 0xfe], 'a,\u0001b', 'le')],
  ];

  it.each(accepted)('passes %s through unchanged, whole or byte by byte', async (_case, content) => {
    expect(await throughCsvGate([content])).toEqual(content);
    expect(await throughCsvGate(byteByByte(content))).toEqual(content);
  });

  it.each(refused)('refuses %s, whole or byte by byte', async (_case, content) => {
    expect(await throughCsvGate([content])).toEqual(new Error('not text'));
    expect(await throughCsvGate(byteByByte(content))).toEqual(new Error('not text'));
  });

  it('refuses binary content as it arrives, before the rest is read', async () => {
    const gate = new CsvTextGate(() => new Error('not text'));
    const failure = new Promise((resolve) => gate.on('error', resolve));
    gate.on('data', () => undefined);
    gate.write(Buffer.concat([Buffer.alloc(2048, 'a'), Buffer.from([0x00])]));
    expect(await failure).toEqual(new Error('not text'));
  });
});
