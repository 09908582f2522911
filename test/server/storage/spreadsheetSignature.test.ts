import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fitsSpreadsheetKind, SpreadsheetSignatureGate } from '@/server/storage/spreadsheetSignature';

const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x00]);

describe('spreadsheet signatures', () => {
  it.each([
    ['xlsx', zip, true],
    ['xlsm', zip, true],
    ['xlsx', ole, false],
    ['xls', ole, true],
    ['xls', zip, false],
    ['csv', Buffer.from('a,b\r\n1,2\r\n'), true],
    ['csv', Buffer.from('Jos\xe9;12,50\n', 'latin1'), true],
    ['csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b', 'utf16le')]), true],
    ['csv', Buffer.from('a,b\x00c'), false],
    ['csv', zip, false],
    ['csv', Buffer.alloc(0), false],
    ['xlsx', Buffer.from('PK'), false],
  ] as const)('%s with leading bytes %s fits: %s', (kind, head, fits) => {
    expect(fitsSpreadsheetKind(kind, head)).toBe(fits);
  });

  it('judges a CSV by its first kilobyte only', async () => {
    const content = Buffer.concat([Buffer.alloc(1024, 'a'), Buffer.alloc(8, 0)]);
    const out = await buffer(Readable.from([content]).pipe(new SpreadsheetSignatureGate('csv', () => new Error('refused'))));
    expect(out.equals(content)).toBe(true);
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
