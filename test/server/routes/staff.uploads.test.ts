import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { shiftWeek, toIsoDate, weekContaining } from '@/common/week';
import { auditLog, uploadFiles, uploads } from '@/server/db/schema';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { payrollWorkbook, staffedClient, storedFiles, uploadDocument, XLS_TYPE } from '../jobs/uploadHarness';
import { connect, cookieOf, listen, nextUpdate } from '../realtime/socketClient';

const MESSAGES = {
  tooLarge: 'File size must be less than 100MB',
  format: 'Invalid file format. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed',
  extension: 'Invalid file extension. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed',
  clientNotFound: "Client not found or you don't have access to this client.",
  weekTaken: 'This client already has an upload for this week. Re-upload it if it was rejected.',
};

const thisWeek = toIsoDate(weekContaining(new Date()).start);

describe('staff: uploading a weekly document', () => {
  let t: TestApp;
  let storageRoot: string;
  let workbook: Buffer;
  let staff: Awaited<ReturnType<typeof staffedClient>>;

  beforeAll(async () => {
    t = await buildTestApp({ MAX_UPLOAD_BYTES: String(256 * 1024) }, { queue: true });
    storageRoot = t.app.ctx.config.storageDir;
    workbook = await payrollWorkbook();
    staff = await staffedClient(t, { clientName: 'Acme Bakery' });
  });
  afterAll(() => t.close());

  async function rowsOf(clientId: string) {
    return t.database.db.select().from(uploads).where(eq(uploads.clientId, clientId));
  }

  it('stores the file and queues its job, answering 202 with the processing and job ids', async () => {
    const { agent, clientId } = await staffedClient(t);
    const response = await uploadDocument(agent, { clientId }, { filename: 'Week payroll.xlsx', content: workbook });
    expect(response.statusCode).toBe(202);
    const body = response.json();
    expect(body).toEqual({ success: true, message: expect.any(String), data: { processingId: expect.any(String), jobId: expect.any(String) } });

    const [upload] = await rowsOf(clientId);
    expect(upload).toMatchObject({ id: body.data.processingId, jobId: body.data.jobId, status: 'QUEUED', approvalStatus: 'PENDING', attempt: 1, weekStart: thisWeek });
    const [raw] = await t.database.db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, upload.id));
    expect(raw).toMatchObject({ kind: 'raw', filename: 'Week payroll.xlsx', sizeBytes: workbook.length, checksum: createHash('sha256').update(workbook).digest('hex') });
    const job = await t.queue!.getJobById<{ uploadId: string }>('process-upload', body.data.jobId);
    expect(job?.data).toEqual({ uploadId: upload.id });
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, upload.id), eq(auditLog.action, 'upload.create')));
    expect(audits).toHaveLength(1);
  });

  it("announces the queued upload to every open socket of the uploader, so their other tabs follow it, and to nobody else", async () => {
    const { agent, clientId, companyId } = await staffedClient(t);
    const colleague = await staffedClient(t, { companyId });
    const baseUrl = await listen(t);
    const sockets = [await connect(baseUrl, { cookie: cookieOf(agent) }), await connect(baseUrl, { cookie: cookieOf(agent) }), await connect(baseUrl, { cookie: cookieOf(colleague.agent) })];
    try {
      const announced = Promise.all(sockets.slice(0, 2).map(nextUpdate));
      const response = await uploadDocument(agent, { clientId }, { filename: 'Week payroll.xlsx', content: workbook });
      const { processingId, jobId } = response.json().data;
      expect(await announced).toEqual([0, 1].map(() => ({ processingId, jobId, status: 'QUEUED', message: 'Queued for processing', error: null })));
      await sockets[2].settle();
      expect(sockets[2].updates).toEqual([]);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('files the upload under the week it names, by its Monday, whatever day of it is given', async () => {
    const { agent, clientId } = await staffedClient(t);
    const response = await uploadDocument(agent, { clientId, weekStart: '2025-09-10' }, { filename: 'p.xlsx', content: workbook });
    expect(response.statusCode).toBe(202);
    expect((await rowsOf(clientId))[0].weekStart).toBe('2025-09-08');
  });

  it.each([
    ['a future week', toIsoDate(shiftWeek(weekContaining(new Date()), 1).start), /future week/],
    ['a week before 2025-09-08', '2025-09-07', /2025-09-08/],
    ['something that is not a date', 'next week', /YYYY-MM-DD/],
  ])('refuses %s', async (_label, weekStart, message) => {
    const response = await uploadDocument(staff.agent, { clientId: staff.clientId, weekStart }, { filename: 'p.xlsx', content: workbook });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: expect.stringMatching(message), error: 'VALIDATION_ERROR' });
  });

  describe('refusing a file stores nothing', () => {
    const refusals: [string, () => { fields: { clientId?: string }; file?: { filename: string; contentType?: string; content: Buffer | string } }, number, string][] = [
      ['a declared type that is not a spreadsheet', () => ({ fields: { clientId: staff.clientId }, file: { filename: 'p.xlsx', contentType: 'application/pdf', content: workbook } }), 400, MESSAGES.format],
      ['an extension that is not a spreadsheet', () => ({ fields: { clientId: staff.clientId }, file: { filename: 'p.pdf', content: workbook } }), 400, MESSAGES.extension],
      ['text named as a workbook (no spreadsheet at all)', () => ({ fields: { clientId: staff.clientId }, file: { filename: 'p.xlsx', content: 'Employee,Hours\nAda,40\n'.repeat(50) } }), 400, MESSAGES.format],
      ['a file over the size limit', () => ({ fields: { clientId: staff.clientId }, file: { filename: 'p.xlsx', content: Buffer.concat([workbook.subarray(0, 4), Buffer.alloc(300 * 1024, 1)]) } }), 413, MESSAGES.tooLarge],
      ['a form without a client', () => ({ fields: {}, file: { filename: 'p.xlsx', content: workbook } }), 400, 'Choose the client this document is for.'],
      ['a form without a file', () => ({ fields: { clientId: staff.clientId } }), 400, 'Please select a file to upload.'],
      ['a client of another staff member', () => ({ fields: { clientId: otherClientId }, file: { filename: 'p.xlsx', content: workbook } }), 404, MESSAGES.clientNotFound],
      ['a client id that is not an id', () => ({ fields: { clientId: 'acme' }, file: { filename: 'p.xlsx', content: workbook } }), 404, MESSAGES.clientNotFound],
    ];
    let otherClientId: string;

    beforeAll(async () => {
      otherClientId = (await staffedClient(t, { companyId: staff.companyId })).clientId;
    });

    it.each(refusals)('refuses %s', async (_label, request, status, message) => {
      const before = (await t.database.db.select({ id: uploads.id }).from(uploads)).length;
      const { fields, file } = request();
      const response = await uploadDocument(staff.agent, fields, file);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ success: false, message });
      expect((await t.database.db.select({ id: uploads.id }).from(uploads)).length).toBe(before);
      expect(await storedFiles(storageRoot)).toEqual(expect.not.arrayContaining([expect.stringMatching(/\.part$/)]));
      expect((await storedFiles(storageRoot)).length).toBe(await storedRowCount());
    });

    it('refuses a request that is not a form', async () => {
      const response = await staff.agent.post('/api/staff/upload-required-document', { clientId: staff.clientId });
      expect(response.statusCode).toBe(400);
    });
  });

  async function storedRowCount(): Promise<number> {
    return (await t.database.db.select({ id: uploadFiles.id }).from(uploadFiles)).length;
  }

  it('accepts every weekly kind: an .xls, a template and a CSV', async () => {
    const xls = await readFile(path.resolve(__dirname, '../../fixtures/real-world/capitalized_wbook_stream.xls'));
    const files = [
      { filename: 'p.xls', contentType: XLS_TYPE, content: xls },
      { filename: 'p.xltx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.template', content: workbook },
      { filename: 'p.csv', contentType: 'text/csv', content: 'Employee ID,Employee Name,Hours\n1,Ada Lovelace,40\n' },
    ];
    for (const file of files) {
      const { agent, clientId } = await staffedClient(t);
      const response = await uploadDocument(agent, { clientId }, file);
      expect([file.filename, response.statusCode]).toEqual([file.filename, 202]);
    }
  });

  describe('one upload per client and week', () => {
    it('refuses a second upload for a week that has one, pointing to re-upload', async () => {
      const { agent, clientId } = await staffedClient(t);
      expect((await uploadDocument(agent, { clientId }, { filename: 'a.xlsx', content: workbook })).statusCode).toBe(202);
      const second = await uploadDocument(agent, { clientId }, { filename: 'b.xlsx', content: workbook });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ success: false, message: MESSAGES.weekTaken });
      expect(await rowsOf(clientId)).toHaveLength(1);
      // another week of the same client is free
      expect((await uploadDocument(agent, { clientId, weekStart: '2025-09-15' }, { filename: 'c.xlsx', content: workbook })).statusCode).toBe(202);
    });

    it('accepts only one of two uploads sent for the same week at the same moment', async () => {
      const { agent, clientId } = await staffedClient(t);
      const answers = await Promise.all(['a.xlsx', 'b.xlsx'].map((filename) => uploadDocument(agent, { clientId }, { filename, content: workbook })));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
      expect(await rowsOf(clientId)).toHaveLength(1);
      expect((await storedFiles(storageRoot)).length).toBe(await storedRowCount());
    });

    it('lets a new upload follow a FAILED one, as the next version of the week', async () => {
      const { agent, clientId } = await staffedClient(t);
      const first = (await uploadDocument(agent, { clientId }, { filename: 'a.xlsx', content: workbook })).json().data.processingId;
      await t.database.db.update(uploads).set({ status: 'FAILED', errorMessage: 'No payroll data found' }).where(eq(uploads.id, first));
      const second = await uploadDocument(agent, { clientId }, { filename: 'b.xlsx', content: workbook });
      expect(second.statusCode).toBe(202);
      const rows = await rowsOf(clientId);
      expect(rows.map((row) => [row.status, row.attempt]).sort()).toEqual([['FAILED', 1], ['QUEUED', 2]]);
    });
  });

  describe('the upload and its job commit together', () => {
    const failing = async (table: string, body: () => Promise<void>) => {
      await t.database.executeSql(`
        create or replace function fail_for_test() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$;
        create trigger fail_for_test before insert on ${table} for each row execute function fail_for_test();
      `);
      try {
        await body();
      } finally {
        await t.database.executeSql(`drop trigger fail_for_test on ${table}; drop function fail_for_test();`);
      }
    };

    async function expectNothingStored(clientId: string, storedBefore: number) {
      expect(await rowsOf(clientId)).toEqual([]);
      const jobs = await t.database.executeSql(`select count(*)::int as count from pgboss.job where data->>'uploadId' not in (select id::text from uploads)`);
      expect(jobs.rows).toEqual([{ count: 0 }]);
      expect((await storedFiles(storageRoot)).length).toBe(storedBefore);
      expect(await storedRowCount()).toBe(storedBefore);
    }

    it('leaves neither when the job cannot be written', async () => {
      const { agent, clientId } = await staffedClient(t);
      const storedBefore = await storedRowCount();
      await failing('pgboss.job', async () => {
        const response = await uploadDocument(agent, { clientId }, { filename: 'a.xlsx', content: workbook });
        expect(response.statusCode).toBe(500);
      });
      await expectNothingStored(clientId, storedBefore);
    });

    it('leaves neither when a write after the job fails (the job is rolled back with the upload)', async () => {
      const { agent, clientId } = await staffedClient(t);
      const storedBefore = await storedRowCount();
      const jobsBefore = await t.database.executeSql('select count(*)::int as count from pgboss.job');
      await failing('audit_log', async () => {
        const response = await uploadDocument(agent, { clientId }, { filename: 'a.xlsx', content: workbook });
        expect(response.statusCode).toBe(500);
      });
      await expectNothingStored(clientId, storedBefore);
      const jobsAfter = await t.database.executeSql('select count(*)::int as count from pgboss.job');
      expect(jobsAfter.rows).toEqual(jobsBefore.rows);
    });
  });
});
