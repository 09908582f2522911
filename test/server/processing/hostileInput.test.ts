import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import * as XLSX from '@e965/xlsx';
import { processWorkbook } from '@/server/processing';
import { removeDir, runEngine, tempDir, writeText, writeXlsx } from './engineHarness';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

const PAYROLL = [['Emp ID', 'Name', 'Hours'], ['1', 'Ann Lee', 40]];

async function zipWith(path: string, parts: Record<string, string | Readable>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(parts)) {
    if (typeof content === 'string') zip.addBuffer(Buffer.from(content), name);
    else zip.addReadStream(content, name);
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
  return path;
}

const WORKBOOK_PARTS = {
  '_rels/.rels': '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml': '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Bomb" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels': '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
};

describe('hostile and broken input fails fast with a message a person can act on', () => {
  it('stops a zip bomb before it inflates', async () => {
    const spaces = Buffer.alloc(1024 * 1024, 0x20);
    const bomb = Readable.from(
      (function* () {
        yield '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Emp ID</t></is></c></row>';
        for (let i = 0; i < 64; i++) yield spaces;
        yield '</sheetData></worksheet>';
      })(),
    );
    const path = await zipWith(join(dir, 'bomb.xlsx'), { ...WORKBOOK_PARTS, 'xl/worksheets/sheet1.xml': bomb });
    const started = Date.now();
    await expect(runEngine(dir, path, 'bomb.xlsx')).rejects.toMatchObject({ code: 'TOO_LARGE', message: expect.stringMatching(/unreasonable size/) });
    expect(Date.now() - started).toBeLessThan(5000);
  }, 20_000);

  it('refuses a truncated workbook as damaged', async () => {
    const whole = await writeXlsx(join(dir, 'whole.xlsx'), [{ name: 'S', rows: PAYROLL }]);
    const bytes = readFileSync(whole);
    const path = writeText(join(dir, 'truncated.xlsx'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(runEngine(dir, path, 'truncated.xlsx')).rejects.toMatchObject({ code: 'CORRUPT', message: expect.stringMatching(/damaged/) });
  });

  it('refuses a workbook whose compressed sheet is garbage as damaged', async () => {
    const path = await zipWith(join(dir, 'garbage.xlsx'), { ...WORKBOOK_PARTS, 'xl/worksheets/sheet1.xml': '<worksheet><sheetData>' + 'x'.repeat(5000) });
    const bytes = readFileSync(path);
    const at = bytes.indexOf(Buffer.from('xl/worksheets/sheet1.xml')) + 40;
    for (let i = at; i < at + 30; i++) bytes[i] ^= 0x5a;
    writeFileSync(path, bytes);
    await expect(runEngine(dir, path, 'garbage.xlsx')).rejects.toMatchObject({ code: expect.stringMatching(/CORRUPT|NO_PAYROLL_DATA/) });
  });

  it('names a password-protected .xls', async () => {
    const path = join(__dirname, '../../fixtures/real-world/issue_385.xls');
    await expect(runEngine(dir, path, 'issue_385.xls')).rejects.toMatchObject({
      code: 'PASSWORD_PROTECTED',
      message: 'The file is password protected; remove the password and upload again.',
    });
  });

  it('names a password-protected .xlsx (an encrypted package)', async () => {
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptionInfo', Buffer.alloc(200, 1));
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptedPackage', Buffer.alloc(5000, 2));
    const path = writeText(join(dir, 'secret.xlsx'), Buffer.from(XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer));
    await expect(runEngine(dir, path, 'secret.xlsx')).rejects.toMatchObject({ code: 'PASSWORD_PROTECTED' });
  });

  it('names an empty file', async () => {
    const path = writeText(join(dir, 'empty.xlsx'), '');
    await expect(runEngine(dir, path, 'empty.xlsx')).rejects.toMatchObject({ code: 'EMPTY', message: expect.stringMatching(/empty/) });
  });

  it('reports an unexpected internal failure with a generic message, keeping the detail for logs', async () => {
    const input = await writeXlsx(join(dir, 'fine.xlsx'), [{ name: 'S', rows: PAYROLL }]);
    const failure = processWorkbook({
      inputPath: input,
      fileName: 'fine.xlsx',
      consolidatedPath: join(dir, 'missing-folder', 'a.xlsx'),
      scrubbedPath: join(dir, 'missing-folder', 'b.xlsx'),
    });
    await expect(failure).rejects.toMatchObject({ code: 'INTERNAL', message: expect.not.stringMatching(/ENOENT|missing-folder/) });
    await expect(failure).rejects.toHaveProperty('cause');
  });

  it('stops when the caller cancels', async () => {
    const input = await writeXlsx(join(dir, 'cancel.xlsx'), [{ name: 'S', rows: PAYROLL }]);
    const controller = new AbortController();
    controller.abort();
    await expect(
      processWorkbook({ inputPath: input, fileName: 'cancel.xlsx', consolidatedPath: join(dir, 'c1.xlsx'), scrubbedPath: join(dir, 'c2.xlsx'), signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
