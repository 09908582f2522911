/**
 * Upload content, through the real routes of both kinds of upload (a staff member's weekly document
 * and an operator's consolidated file): content is judged as the engine judges it, a zip must be a
 * workbook within the zip-bomb limits, a CSV text all through, and a name loses the characters that
 * make it read as something else. A refused file answers 400 with a message naming the problem and
 * saying what to do (the engine's words; no spreadsheet at all, in the form's own "Invalid file
 * format" wording) and leaves no row, no stored file and no copy.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { consolidatedFiles, uploadFiles } from '@/server/db/schema';
import * as XLSX from '@e965/xlsx';
import { ERROR_MESSAGES } from '@/server/processing/processingError';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { webPageAndProgram, withDeclaredSizes, workbookParts, zipBomb, zipOf } from '../../helpers/zipPackages';
import { multipart, staffedClient, storedFiles, uploadDocument, XLS_TYPE, XLSX_TYPE } from '../jobs/uploadHarness';
import { oldExcelWorkbook } from '../processing/engineHarness';

jest.setTimeout(30_000);

const corpus = path.resolve(__dirname, '../../fixtures/real-world');

interface UploadKind {
  name: string;
  /** The spec's answer to content that is no spreadsheet at all, in this form's wording. */
  wrongKind: string;
  /** The spec's answer to a name whose extension is not allowed, in this form's wording. */
  extension: string;
  send(file: { filename: string; contentType: string; content: Buffer }): Promise<{ statusCode: number; json(): { message?: string; success?: boolean } }>;
  /** The file names of the rows this kind of upload has written. */
  recordedNames(): Promise<string[]>;
}

describe('upload content, for weekly documents and consolidated files alike', () => {
  let t: TestApp;
  let storageRoot: string;
  let temporary: string;
  const savedTmpdir = process.env.TMPDIR;
  let staff: { agent: Agent; clientId: string };
  let operator: Agent;
  let companyId: string;

  beforeAll(async () => {
    // the copies zips are judged on go to the system's temporary folder: a folder of this test's own
    temporary = await mkdtemp(path.join(os.tmpdir(), 'upload-content-'));
    process.env.TMPDIR = temporary;
    t = await buildTestApp({}, { queue: true });
    storageRoot = t.app.ctx.config.storageDir;
    staff = await staffedClient(t);
    const user = await t.createUser('SYSTEM');
    operator = await t.signIn('SYSTEM', user.email, user.password);
    companyId = await t.createCompany('Acme Payroll');
  });
  afterAll(async () => {
    await t.close();
    process.env.TMPDIR = savedTmpdir;
    await rm(temporary, { recursive: true, force: true });
  });

  const kinds: UploadKind[] = [
    {
      name: 'a weekly document',
      wrongKind: 'Invalid file format. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed',
      extension: 'Invalid file extension. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed',
      // a new week each time, so one accepted upload does not block the next
      send: (file) => uploadDocument(staff.agent, { clientId: staff.clientId, weekStart: nextWeek() }, file),
      recordedNames: async () => (await t.database.db.select({ name: uploadFiles.filename }).from(uploadFiles)).map((row) => row.name),
    },
    {
      name: 'a consolidated file',
      wrongKind: 'Invalid file format. Only Excel files (.xls, .xlsx, .xlsm) and CSV files are allowed',
      extension: 'Invalid file extension. Only Excel files (.xls, .xlsx, .xlsm) and CSV files are allowed',
      send: (file) => {
        const { payload, headers } = multipart([{ name: 'file', ...file }]);
        return operator.post(`/api/system/consolidated-files/${companyId}`, payload, headers);
      },
      recordedNames: async () =>
        (await t.database.db.select({ name: consolidatedFiles.fileName }).from(consolidatedFiles).where(eq(consolidatedFiles.companyId, companyId))).map((row) => row.name),
    },
  ];

  let week = 0;
  function nextWeek(): string {
    week += 1;
    return new Date(Date.UTC(2025, 8, 8 + 7 * week)).toISOString().slice(0, 10);
  }

  /** Copies of zips being judged that were left in the temporary folder. */
  async function leftoverCopies(): Promise<string[]> {
    return (await readdir(temporary)).filter((name) => name.startsWith('payroll-incoming-'));
  }

  /** Random-looking bytes, as compressed or encrypted data is. */
  const binaryBytes = (length: number) => Buffer.from(Array.from({ length }, (_, index) => (index * 131 + 7) % 256));
  const csvTurningBinary = () => Buffer.concat([Buffer.from('Employee ID,Employee Name,Hours\n1,Ada Lovelace,40\n'), Buffer.alloc(2048, 'a'), binaryBytes(4096)]);
  /** A password-protected workbook as Excel saves it: a compound file holding the encrypted package. */
  const encryptedWorkbook = () => {
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptionInfo', Buffer.alloc(200, 1));
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptedPackage', Buffer.alloc(5000, 2));
    return Buffer.from(XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer);
  };
  const oldWorkbook = (version: 'biff2' | 'biff3' | 'biff4') => oldExcelWorkbook(version, [['Emp ID', 'Name', 'Hours'], ['1', 'Ann Lee', 40]]);
  const PDF_TYPE = 'application/pdf';

  describe.each(kinds)('$name', (kind) => {
    it.each([
      ['an empty file', 'week.xlsx', XLSX_TYPE, async () => Buffer.alloc(0), () => ERROR_MESSAGES.EMPTY],
      ['an empty .csv', 'week.csv', 'text/csv', async () => Buffer.alloc(0), () => ERROR_MESSAGES.EMPTY],
      ['a .csv of a byte-order mark, blank lines and separators', 'week.csv', 'text/csv', async () => Buffer.from('\ufeff\r\n,,,\r\n;;\r\n'), () => ERROR_MESSAGES.EMPTY],
      ['a password-protected workbook', 'week.xlsx', XLSX_TYPE, async () => encryptedWorkbook(), () => ERROR_MESSAGES.PASSWORD_PROTECTED],
      ['a damaged workbook (a zip cut short)', 'week.xlsx', XLSX_TYPE, async () => (await readFile(path.join(corpus, 'date.xlsx'))).subarray(0, 2000), () => ERROR_MESSAGES.CORRUPT],
      ['a damaged workbook (its first bytes only)', 'week.xls', XLS_TYPE, async () => Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), () => ERROR_MESSAGES.CORRUPT],
      ['a .csv holding binary data', 'week.csv', 'text/csv', async () => binaryBytes(6000), () => ERROR_MESSAGES.BINARY_CSV],
      ['a .csv that turns binary after its first kilobytes', 'week.csv', 'text/csv', async () => csvTurningBinary(), () => ERROR_MESSAGES.BINARY_CSV],
      ['a web page named .xls', 'week.xls', XLS_TYPE, async () => Buffer.from('<html><body><table><tr><td>Emp ID</td><td>Hours</td></tr></table></body></html>'), () => kind.wrongKind],
      ['a PDF named .xlsx', 'week.xlsx', XLSX_TYPE, async () => Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), binaryBytes(3000)]), () => kind.wrongKind],
      ['a zip holding a web page and a program, named as a workbook', 'notes.xlsx', XLSX_TYPE, webPageAndProgram, () => kind.wrongKind],
      ['a 1 MB zip that inflates to 1 GiB', 'bomb.xlsx', XLSX_TYPE, () => zipBomb(1024, 256), () => ERROR_MESSAGES.TOO_LARGE],
      ['a zip bomb that lies about its sizes', 'bomb.xlsx', XLSX_TYPE, async () => withDeclaredSizes(await zipBomb(1024, 256), 100), () => ERROR_MESSAGES.TOO_LARGE],
    ])('refuses %s with 400 and a message saying what to do, keeping nothing', async (_case, filename, contentType, build, message) => {
      const rowsBefore = await kind.recordedNames();
      const storedBefore = await storedFiles(storageRoot);
      const response = await kind.send({ filename, contentType, content: await build() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: message(), error: 'VALIDATION_ERROR' });
      expect(await kind.recordedNames()).toEqual(rowsBefore);
      expect(await storedFiles(storageRoot)).toEqual(storedBefore);
      expect(await leftoverCopies()).toEqual([]);
    });

    it('says "Invalid file extension" only of an extension that is not allowed', async () => {
      const response = await kind.send({ filename: 'week.pdf', contentType: XLSX_TYPE, content: await readFile(path.join(corpus, 'date.xlsx')) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(kind.extension);
    });

    it('refuses a file declared as a PDF in the spec words, before reading it', async () => {
      const response = await kind.send({ filename: 'week.xlsx', contentType: PDF_TYPE, content: binaryBytes(100) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(kind.wrongKind);
    });

    it.each([
      ['a CSV with a stray control character in a note', 'week.csv', 'text/csv', () => Buffer.from('Employee ID,Employee Name,Hours,Note\r\n1,Ada Lovelace,40,"late\u0007 twice"\r\n')],
      ['a |-separated CSV', 'week.csv', 'text/csv', () => Buffer.from('Employee ID|Employee Name|Hours\r\n1|Ada Lovelace|40\r\n')],
      ['an Excel 2 workbook', 'week.xls', XLS_TYPE, () => oldWorkbook('biff2')],
      ['an Excel 3 workbook', 'week.xls', XLS_TYPE, () => oldWorkbook('biff3')],
      ['an Excel 4 workbook', 'week.xls', XLS_TYPE, () => oldWorkbook('biff4')],
      ['a workbook named .xls (content decides, as in the engine)', 'week.xls', XLS_TYPE, () => zipOf(workbookParts())],
    ])('accepts %s', async (_case, filename, contentType, build) => {
      const response = await kind.send({ filename, contentType, content: await build() });
      expect(response.statusCode).toBeLessThan(300);
      expect(await leftoverCopies()).toEqual([]);
    });

    it('keeps a name without the right-to-left override that disguised it', async () => {
      const content = await readFile(path.join(corpus, 'date.xlsx'));
      const response = await kind.send({ filename: 'payroll\u202Excl.xlsx', contentType: XLSX_TYPE, content });
      expect(response.statusCode).toBeLessThan(300);
      expect(await kind.recordedNames()).toContain('payrollxcl.xlsx');
      expect((await kind.recordedNames()).some((name) => name.includes('\u202E'))).toBe(false);
    });

    it('stores a genuine workbook, macro-enabled workbook, .xls and CSV', async () => {
      const files = [
        { filename: 'a.xlsx', contentType: XLSX_TYPE, content: await readFile(path.join(corpus, 'date.xlsx')) },
        { filename: 'b.xlsm', contentType: 'application/vnd.ms-excel.sheet.macroEnabled.12', content: await readFile(path.join(corpus, 'vba.xlsm')) },
        { filename: 'c.xls', contentType: 'application/vnd.ms-excel', content: await readFile(path.join(corpus, 'capitalized_wbook_stream.xls')) },
        { filename: 'd.csv', contentType: 'text/csv', content: Buffer.from('Employee ID,Employee Name,Hours\r\n1,José Müller,40\r\n') },
      ];
      for (const file of files) {
        const response = await kind.send(file);
        expect([file.filename, response.statusCode < 300]).toEqual([file.filename, true]);
      }
      expect(await leftoverCopies()).toEqual([]);
    });
  });
});
