import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { auditLog, consolidatedFiles } from '@/server/db/schema';
import { ERROR_MESSAGES } from '@/server/processing/processingError';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';

jest.setTimeout(30_000);

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLS_TYPE = 'application/vnd.ms-excel';
const XLSM_TYPE = 'application/vnd.ms-excel.sheet.macroEnabled.12';
const MESSAGES = {
  missing: 'Please select both a file and a company',
  tooLarge: 'File size must be less than 100MB',
  format: 'Invalid file format. Only Excel files (.xls, .xlsx, .xlsm) and CSV files are allowed',
  extension: 'Invalid file extension. Only Excel files (.xls, .xlsx, .xlsm) and CSV files are allowed',
};

const corpus = path.resolve(__dirname, '../../fixtures/real-world');
const csv = Buffer.from('Employee,Hours,Rate\nAda Lovelace,40,31.50\nGrace Hopper,38,33.00\n');

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body, as a browser's FormData would send it. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----form${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(agent: Agent, companyId: string, file: { filename: string; contentType: string; content: Buffer | string }) {
  const { payload, headers } = multipart([{ name: 'file', ...file }]);
  return agent.post(`/api/system/consolidated-files/${companyId}`, payload, headers);
}

/** Every file the storage holds (temporary ones included). */
async function storedFiles(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

describe('operators: consolidated files', () => {
  let t: TestApp;
  let system: Agent;
  let acmeId: string;
  let globexId: string;
  let storageRoot: string;
  let xlsx: Buffer;
  let xls: Buffer;

  beforeAll(async () => {
    t = await buildTestApp({ MAX_UPLOAD_BYTES: String(64 * 1024) });
    storageRoot = t.app.ctx.config.storageDir;
    const operator = await t.createUser('SYSTEM', { name: 'Olga Operator', email: 'olga@example.com' });
    system = await t.signIn('SYSTEM', operator.email, operator.password);
    acmeId = await t.createCompany('Acme Payroll');
    globexId = await t.createCompany('Globex');
    xlsx = await readFile(path.join(corpus, 'date.xlsx'));
    xls = await readFile(path.join(corpus, 'capitalized_wbook_stream.xls'));
  });
  afterAll(() => t.close());

  describe('uploading', () => {
    it('stores an xlsx for a company and answers with the file, its company and where View opens it', async () => {
      const response = await upload(system, acmeId, { filename: 'March payroll.xlsx', contentType: XLSX_TYPE, content: xlsx });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ success: true, message: 'File uploaded successfully', data: { company: { id: acmeId, name: 'Acme Payroll' } } });
      const { file } = body.data;
      expect(file).toEqual({
        id: expect.any(String),
        file_name: 'March payroll.xlsx',
        drive_file_id: expect.any(String),
        view_url: `/api/system/consolidated-files/${file.id}/content`,
        file_size: xlsx.length,
        mime_type: XLSX_TYPE,
        upload_date: expect.any(String),
        company: { id: acmeId, name: 'Acme Payroll' },
        uploaded_by: { name: 'Olga Operator', email: 'olga@example.com' },
      });
      const [audit] = await t.app.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'consolidated_file.create'), eq(auditLog.entityId, file.id)));
      expect(audit).toMatchObject({ companyId: acmeId, actorRole: 'SYSTEM', details: { fileName: 'March payroll.xlsx', size: xlsx.length } });
    });

    it('gives back exactly the bytes stored, inline, with the type of its kind and the name encoded', async () => {
      const name = 'Relevé de paie (Q1).xls';
      const stored = (await upload(system, acmeId, { filename: name, contentType: XLS_TYPE, content: xls })).json().data.file;
      const response = await system.get(stored.view_url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(XLS_TYPE);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-disposition']).toBe(
        "inline; filename=\"Relev_ de paie (Q1).xls\"; filename*=UTF-8''Relev%C3%A9%20de%20paie%20%28Q1%29.xls",
      );
      expect(response.rawPayload.equals(xls)).toBe(true);
    });

    it.each([
      ['payroll.csv', 'text/csv', csv],
      ['payroll.CSV', 'text/csv; charset=utf-8', csv],
      ['windows.csv', XLS_TYPE, Buffer.from('Name;Amount\r\nJos\xe9;12,50\r\n', 'latin1')],
      ['utf16.csv', 'text/csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name,Amount\r\n', 'utf16le')])],
      ['macro.xlsm', XLSM_TYPE, readFileSync(path.join(corpus, 'vba.xlsm'))],
    ])('accepts %s sent as %s', async (filename, contentType, content) => {
      const response = await upload(system, globexId, { filename, contentType, content });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.file).toMatchObject({ file_name: filename, file_size: content.length });
    });

    it('keeps only the last segment of a name sent with folders', async () => {
      const response = await upload(system, globexId, { filename: '..\\..\\secret\\payroll.csv', contentType: 'text/csv', content: csv });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.file.file_name).toBe('payroll.csv');
    });

    it.each([
      ['a type that is not a spreadsheet', 'payroll.xlsx', 'application/pdf', xlsxLike(), MESSAGES.format],
      ['plain text posing as a csv', 'payroll.csv', 'text/plain', csv, MESSAGES.format],
      ['an unknown type', 'payroll.xlsx', 'application/octet-stream', xlsxLike(), MESSAGES.format],
      ['a spreadsheet type with another extension', 'payroll.pdf', XLSX_TYPE, xlsxLike(), MESSAGES.extension],
      ['no extension at all', 'payroll', 'text/csv', csv, MESSAGES.extension],
      // the extension is allowed: the content is what is wrong, and the message says how
      ['an .xlsx that is text', 'payroll.xlsx', XLSX_TYPE, csv, MESSAGES.format],
      ['an .xlsm that is the first bytes of an OLE file', 'payroll.xlsm', XLSM_TYPE, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), ERROR_MESSAGES.CORRUPT],
      ['an .xls that is a damaged zip', 'payroll.xls', XLS_TYPE, xlsxLike(), ERROR_MESSAGES.CORRUPT],
      ['a .csv padded with NUL bytes', 'payroll.csv', 'text/csv', Buffer.concat([Buffer.from('a,b\n'), Buffer.alloc(16, 0), Buffer.from('c,d\n')]), ERROR_MESSAGES.BINARY_CSV],
      ['a .csv that is binary noise', 'payroll.csv', 'text/csv', Buffer.from(Array.from({ length: 900 }, (_, index) => (index * 7) % 9)), ERROR_MESSAGES.BINARY_CSV],
      ['an empty file', 'payroll.csv', 'text/csv', Buffer.alloc(0), ERROR_MESSAGES.EMPTY],
    ])('refuses %s with the message naming the problem and keeps nothing', async (_case, filename, contentType, content, message) => {
      const before = await t.app.ctx.db.select({ id: consolidatedFiles.id }).from(consolidatedFiles);
      const storedBefore = await storedFiles(storageRoot);
      const response = await upload(system, acmeId, { filename, contentType, content });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message });
      expect(await t.app.ctx.db.select({ id: consolidatedFiles.id }).from(consolidatedFiles)).toHaveLength(before.length);
      expect(await storedFiles(storageRoot)).toEqual(storedBefore);
    });

    it('refuses a file over the size limit with 413, checked as it streams, and keeps nothing', async () => {
      const storedBefore = await storedFiles(storageRoot);
      const tooBig = Buffer.concat([Buffer.from('Employee,Hours\n'), Buffer.alloc(64 * 1024, 'a')]);
      const response = await upload(system, acmeId, { filename: 'big.csv', contentType: 'text/csv', content: tooBig });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ success: false, message: MESSAGES.tooLarge });
      expect(await storedFiles(storageRoot)).toEqual(storedBefore);
    });

    it('accepts a file of exactly the size limit', async () => {
      const limit = 64 * 1024;
      const exact = Buffer.concat([Buffer.from('Employee,Hours\n'), Buffer.alloc(limit - 15, 'a')]);
      const response = await upload(system, acmeId, { filename: 'exact.csv', contentType: 'text/csv', content: exact });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.file.file_size).toBe(limit);
    });

    it('uses 100 MB as the limit unless configured otherwise', async () => {
      const defaults = await buildTestApp();
      try {
        expect(defaults.app.ctx.config.maxUploadBytes).toBe(100 * 1024 * 1024);
      } finally {
        await defaults.close();
      }
    });

    it('asks for both a file and a company when no file is sent', async () => {
      const fieldOnly = multipart([{ name: 'note', content: 'no file here' }]);
      const otherField = multipart([{ name: 'attachment', filename: 'payroll.csv', contentType: 'text/csv', content: csv }]);
      for (const response of [
        await system.post(`/api/system/consolidated-files/${acmeId}`, fieldOnly.payload, fieldOnly.headers),
        await system.post(`/api/system/consolidated-files/${acmeId}`, otherField.payload, otherField.headers),
        await system.post(`/api/system/consolidated-files/${acmeId}`),
        await upload(system, acmeId, { filename: '', contentType: 'text/csv', content: csv }),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ success: false, message: MESSAGES.missing });
      }
    });

    it('answers 400 for a form that is malformed or cut short, and keeps nothing', async () => {
      const storedBefore = await storedFiles(storageRoot);
      const noBoundary = await system.post(`/api/system/consolidated-files/${acmeId}`, 'garbage', { 'content-type': 'multipart/form-data' });
      const { payload, headers } = multipart([{ name: 'file', filename: 'payroll.csv', contentType: 'text/csv', content: Buffer.alloc(4096, 'a') }]);
      const cutShort = await system.post(`/api/system/consolidated-files/${acmeId}`, payload.subarray(0, 2048), headers);
      for (const response of [noBoundary, cutShort]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ success: false, message: 'Upload failed. Please try again.' });
      }
      expect(await storedFiles(storageRoot)).toEqual(storedBefore);
    });

    it('answers 404 "Company not found" for an unknown company and keeps nothing', async () => {
      const storedBefore = await storedFiles(storageRoot);
      const response = await upload(system, randomUUID(), { filename: 'payroll.csv', contentType: 'text/csv', content: csv });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Company not found', error: 'NOT_FOUND' });
      expect(await storedFiles(storageRoot)).toEqual(storedBefore);
    });

    it('answers 404 for content of an unknown file', async () => {
      const response = await system.get(`/api/system/consolidated-files/${randomUUID()}/content`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: 'File not found' });
    });
  });

  describe('listing', () => {
    let fresh: TestApp;
    let operator: Agent;
    let northId: string;
    let southId: string;

    beforeAll(async () => {
      fresh = await buildTestApp();
      const user = await fresh.createUser('SYSTEM', { name: 'Lister', email: 'lister@example.com' });
      operator = await fresh.signIn('SYSTEM', user.email, user.password);
      northId = await fresh.createCompany('North');
      southId = await fresh.createCompany('South');
      for (let index = 1; index <= 12; index += 1) {
        const response = await upload(operator, index % 3 === 0 ? southId : northId, { filename: `week-${index}.csv`, contentType: 'text/csv', content: csv });
        expect(response.statusCode).toBe(201);
      }
      // Back-date three North files so the date filters have something to tell apart.
      const { db } = fresh.app.ctx;
      await db.update(consolidatedFiles).set({ createdAt: new Date('2025-09-08T10:00:00Z') }).where(eq(consolidatedFiles.fileName, 'week-1.csv'));
      await db.update(consolidatedFiles).set({ createdAt: new Date('2025-09-14T23:59:59Z') }).where(eq(consolidatedFiles.fileName, 'week-2.csv'));
      await db.update(consolidatedFiles).set({ createdAt: new Date('2025-09-15T00:00:00Z') }).where(eq(consolidatedFiles.fileName, 'week-4.csv'));
    });
    afterAll(() => fresh.close());

    it('lists newest first, ten per page, with totals', async () => {
      const first = (await operator.get('/api/system/consolidated-files')).json().data;
      expect(first.files).toHaveLength(10);
      expect(first.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2, hasPrevPage: false, hasNextPage: true });
      const dates = first.files.map((file: { upload_date: string }) => file.upload_date);
      expect([...dates].sort().reverse()).toEqual(dates);
      const second = (await operator.get('/api/system/consolidated-files?page=2')).json().data;
      expect(first.files[9].file_name).toBe('week-4.csv');
      expect(second.files.map((file: { file_name: string }) => file.file_name)).toEqual(['week-2.csv', 'week-1.csv']);
      expect(second.pagination).toEqual({ page: 2, limit: 10, total: 12, totalPages: 2, hasPrevPage: true, hasNextPage: false });
    });

    it('filters by company', async () => {
      const south = (await operator.get(`/api/system/consolidated-files?companyId=${southId}`)).json().data;
      expect(south.pagination).toMatchObject({ total: 4, totalPages: 1 });
      expect(south.files.every((file: { company: { id: string; name: string } }) => file.company.id === southId && file.company.name === 'South')).toBe(true);
    });

    it('filters by upload date, both ends inclusive of their whole day', async () => {
      const week = (await operator.get('/api/system/consolidated-files?dateFrom=2025-09-08&dateTo=2025-09-14')).json().data;
      expect(week.files.map((file: { file_name: string }) => file.file_name).sort()).toEqual(['week-1.csv', 'week-2.csv']);
      const from = (await operator.get(`/api/system/consolidated-files?dateFrom=2025-09-15&companyId=${northId}`)).json().data;
      expect(from.files.map((file: { file_name: string }) => file.file_name)).not.toEqual(expect.arrayContaining(['week-1.csv']));
      expect(from.pagination.total).toBe(6);
      const upTo = (await operator.get('/api/system/consolidated-files?dateTo=2025-09-15')).json().data;
      expect(upTo.files.map((file: { file_name: string }) => file.file_name).sort()).toEqual(['week-1.csv', 'week-2.csv', 'week-4.csv']);
    });

    it('refuses a malformed filter', async () => {
      expect((await operator.get('/api/system/consolidated-files?companyId=not-a-uuid')).statusCode).toBe(400);
      expect((await operator.get('/api/system/consolidated-files?dateFrom=yesterday')).statusCode).toBe(400);
    });
  });

  describe('with a drive link template', () => {
    it('builds View links from the template and the storage key', async () => {
      const linked = await buildTestApp({ CONSOLIDATED_FILE_LINK_TEMPLATE: 'https://drive.example/file/{id}/view' });
      try {
        const user = await linked.createUser('SYSTEM');
        const operator = await linked.signIn('SYSTEM', user.email, user.password);
        const companyId = await linked.createCompany('Linked Co');
        const { file } = (await upload(operator, companyId, { filename: 'a.csv', contentType: 'text/csv', content: csv })).json().data;
        expect(file.view_url).toBe(`https://drive.example/file/${file.drive_file_id}/view`);
        const listed = (await operator.get('/api/system/consolidated-files')).json().data.files;
        expect(listed[0].view_url).toBe(file.view_url);
      } finally {
        await linked.close();
      }
    });
  });
});

function xlsxLike(): Buffer {
  return Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(600, 1)]);
}
