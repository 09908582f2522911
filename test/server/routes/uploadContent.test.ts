/**
 * Upload content, through the real routes of both kinds of upload (a staff member's weekly document
 * and an operator's consolidated file): a zip must be a workbook within the zip-bomb limits, a CSV
 * text all through, and a name loses the characters that make it read as something else. A refused
 * file answers 400 with a message saying what to do and leaves no row, no stored file and no copy.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { consolidatedFiles, uploadFiles } from '@/server/db/schema';
import { ERROR_MESSAGES } from '@/server/processing/processingError';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { webPageAndProgram, withDeclaredSizes, zipBomb } from '../../helpers/zipPackages';
import { multipart, staffedClient, storedFiles, uploadDocument, XLSX_TYPE } from '../jobs/uploadHarness';

jest.setTimeout(30_000);

const corpus = path.resolve(__dirname, '../../fixtures/real-world');

interface UploadKind {
  name: string;
  /** The spec's answer to content that is not what its extension says, in this form's wording. */
  notWhatItSays: string;
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
      notWhatItSays: 'Invalid file extension. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed',
      // a new week each time, so one accepted upload does not block the next
      send: (file) => uploadDocument(staff.agent, { clientId: staff.clientId, weekStart: nextWeek() }, file),
      recordedNames: async () => (await t.database.db.select({ name: uploadFiles.filename }).from(uploadFiles)).map((row) => row.name),
    },
    {
      name: 'a consolidated file',
      notWhatItSays: 'Invalid file extension. Only Excel files (.xls, .xlsx, .xlsm) and CSV files are allowed',
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

  const csvTurningBinary = () => Buffer.concat([Buffer.from('Employee ID,Employee Name,Hours\n1,Ada Lovelace,40\n'), Buffer.alloc(2048, 'a'), Buffer.from([0x0a, 0x00, 0x90, 0x1f, 0x8b])]);

  describe.each(kinds)('$name', (kind) => {
    it.each([
      ['a zip holding a web page and a program, named as a workbook', 'notes.xlsx', XLSX_TYPE, webPageAndProgram, () => kind.notWhatItSays],
      ['a 1 MB zip that inflates to 1 GiB', 'bomb.xlsx', XLSX_TYPE, () => zipBomb(1024, 256), () => ERROR_MESSAGES.TOO_LARGE],
      ['a zip bomb that lies about its sizes', 'bomb.xlsx', XLSX_TYPE, async () => withDeclaredSizes(await zipBomb(1024, 256), 100), () => ERROR_MESSAGES.TOO_LARGE],
      ['a .csv that is binary after its first kilobyte', 'week.csv', 'text/csv', async () => csvTurningBinary(), () => kind.notWhatItSays],
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
