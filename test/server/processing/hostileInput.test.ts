import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { processWorkbook } from '@/server/processing';
import { ERROR_MESSAGES } from '@/server/processing/processingError';
import { removeDir, runEngine, tempDir, writeText, writeXlsx } from './engineHarness';
import { writeEncryptedPackage, writeGarbledWorkbook, writeTruncated, writeZipBomb } from './hostileFiles';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

const PAYROLL = [['Emp ID', 'Name', 'Hours'], ['1', 'Ann Lee', 40]];

describe('hostile and broken input fails fast with a message a person can act on', () => {
  it('stops a zip bomb before it inflates', async () => {
    const path = await writeZipBomb(join(dir, 'bomb.xlsx'));
    const started = Date.now();
    await expect(runEngine(dir, path, 'bomb.xlsx')).rejects.toMatchObject({ code: 'TOO_LARGE', message: expect.stringMatching(/unreasonable size/) });
    expect(Date.now() - started).toBeLessThan(5000);
  }, 20_000);

  it('refuses a truncated workbook as damaged', async () => {
    const whole = await writeXlsx(join(dir, 'whole.xlsx'), [{ name: 'S', rows: PAYROLL }]);
    const path = writeTruncated(join(dir, 'truncated.xlsx'), readFileSync(whole));
    await expect(runEngine(dir, path, 'truncated.xlsx')).rejects.toMatchObject({ code: 'CORRUPT', message: ERROR_MESSAGES.CORRUPT });
  });

  it('refuses a workbook whose compressed sheet is garbage as damaged', async () => {
    const path = await writeGarbledWorkbook(join(dir, 'garbage.xlsx'));
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
    const path = writeEncryptedPackage(join(dir, 'secret.xlsx'));
    await expect(runEngine(dir, path, 'secret.xlsx')).rejects.toMatchObject({ code: 'PASSWORD_PROTECTED', message: ERROR_MESSAGES.PASSWORD_PROTECTED });
  });

  it('names an empty file', async () => {
    const path = writeText(join(dir, 'empty.xlsx'), '');
    await expect(runEngine(dir, path, 'empty.xlsx')).rejects.toMatchObject({ code: 'EMPTY', message: ERROR_MESSAGES.EMPTY });
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
