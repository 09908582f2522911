import { eq } from 'drizzle-orm';
import { consolidatedFiles, uploads } from '@/server/db/schema';
import { PROCESSING_QUEUE } from '@/server/jobs/queue';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { addClient, payrollWorkbook, reuploadDocument, staffedClient, storedFiles, uploadDocument } from '../jobs/uploadHarness';

const MB = 1024 * 1024;
const HOUR_MS = 3600 * 1000;

/** The company limits, small enough to reach in a test. */
const LIMITS = {
  COMPANY_MAX_QUEUED_UPLOADS: '2',
  COMPANY_STORAGE_QUOTA_BYTES: String(MB),
  CLIENT_WEEK_FAILED_UPLOADS_PER_DAY: '3',
};

describe("staff uploads within their company's limits", () => {
  let t: TestApp;
  let workbook: Buffer;

  beforeAll(async () => {
    t = await buildTestApp(LIMITS, { queue: true });
    workbook = await payrollWorkbook();
  });
  afterAll(() => t.close());

  /** A company's staff member with `count` clients of their own. */
  async function staffWithClients(count: number) {
    const staff = await staffedClient(t);
    const clientIds = [staff.clientId];
    for (let i = 1; i < count; i++) clientIds.push(await addClient(t.database.db, staff.companyId, staff.staffId, `Client ${i}`));
    return { ...staff, clientIds };
  }

  /** Takes every job waiting and ends it as a worker would: the uploads are no longer waiting to be processed. */
  async function finishWaitingJobs(): Promise<void> {
    for (let jobs = await t.queue!.fetch(PROCESSING_QUEUE, { batchSize: 50 }); jobs.length > 0; jobs = await t.queue!.fetch(PROCESSING_QUEUE, { batchSize: 50 })) {
      await t.queue!.complete(
        PROCESSING_QUEUE,
        jobs.map((job) => job.id),
      );
    }
  }

  const send = (agent: Parameters<typeof uploadDocument>[0], clientId: string, weekStart?: string) =>
    uploadDocument(agent, { clientId, weekStart }, { filename: 'week.xlsx', content: workbook });

  describe('uploads waiting to be processed', () => {
    it('refuses a company past its uploads waiting with 429, saying so and what to do, and keeps nothing of the refused file', async () => {
      await finishWaitingJobs();
      const staff = await staffWithClients(3);
      for (const clientId of staff.clientIds.slice(0, 2)) expect((await send(staff.agent, clientId)).statusCode).toBe(202);
      const filesBefore = await storedFiles(t.app.ctx.config.storageDir);

      const refused = await send(staff.agent, staff.clientIds[2]);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        success: false,
        message: 'Your company has 2 uploads waiting to be processed. Please wait for some to finish, then upload again.',
        error: 'TOO_MANY_UPLOADS',
      });
      expect(await storedFiles(t.app.ctx.config.storageDir)).toEqual(filesBefore);
      expect(await t.database.db.select().from(uploads).where(eq(uploads.clientId, staff.clientIds[2]))).toEqual([]);

      // another company is not held back by this one's pile
      const other = await staffedClient(t);
      expect((await send(other.agent, other.clientId)).statusCode).toBe(202);

      // once the uploads have been processed, the company uploads again
      await finishWaitingJobs();
      expect((await send(staff.agent, staff.clientIds[2])).statusCode).toBe(202);
    });

    it('counts re-uploads of rejected versions too', async () => {
      await finishWaitingJobs();
      const staff = await staffWithClients(3);
      const first = (await send(staff.agent, staff.clientIds[0])).json().data.processingId as string;
      await finishWaitingJobs();
      await t.database.db.update(uploads).set({ status: 'SCRUBBED', approvalStatus: 'REJECTED' }).where(eq(uploads.id, first));
      for (const clientId of staff.clientIds.slice(1)) expect((await send(staff.agent, clientId)).statusCode).toBe(202);

      const refused = await reuploadDocument(staff.agent, first, { filename: 'fixed.xlsx', content: workbook });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'TOO_MANY_UPLOADS' });
      await finishWaitingJobs();
      expect((await reuploadDocument(staff.agent, first, { filename: 'fixed.xlsx', content: workbook })).statusCode).toBe(202);
    });
  });

  describe("a client's week that keeps failing", () => {
    /** Uploads the week's document and lets it fail processing; answers its id. */
    async function failedVersion(agent: Parameters<typeof uploadDocument>[0], clientId: string, weekStart: string): Promise<string> {
      const response = await send(agent, clientId, weekStart);
      expect(response.statusCode).toBe(202);
      const id = response.json().data.processingId as string;
      await finishWaitingJobs();
      await t.database.db.update(uploads).set({ status: 'FAILED', errorMessage: 'No payroll data found' }).where(eq(uploads.id, id));
      return id;
    }

    it('refuses the upload after three failures within 24 hours with 429, saying when it may be uploaded again', async () => {
      const staff = await staffedClient(t);
      const week = '2025-09-15';
      const versions = [];
      for (let i = 0; i < 3; i++) versions.push(await failedVersion(staff.agent, staff.clientId, week));
      // the first failure is 22.5 hours old: the week takes an upload again in an hour and a half
      await t.database.db.update(uploads).set({ createdAt: new Date(Date.now() - 22.5 * HOUR_MS) }).where(eq(uploads.id, versions[0]));

      const refused = await send(staff.agent, staff.clientId, week);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        success: false,
        message:
          "This client's document for this week has failed processing 3 times in the last 24 hours. Please correct the file using the error shown and upload it again in about 2 hours, or raise a support ticket if you need help.",
        error: 'TOO_MANY_FAILED_UPLOADS',
      });
      // other weeks of the client are not affected
      expect((await send(staff.agent, staff.clientId, '2025-09-22')).statusCode).toBe(202);
      await finishWaitingJobs();

      // a day after the first failure, the week takes a new version
      await t.database.db.update(uploads).set({ createdAt: new Date(Date.now() - 24.5 * HOUR_MS) }).where(eq(uploads.id, versions[0]));
      const accepted = await send(staff.agent, staff.clientId, week);
      expect(accepted.statusCode).toBe(202);
      const [newest] = await t.database.db.select({ attempt: uploads.attempt }).from(uploads).where(eq(uploads.id, accepted.json().data.processingId));
      expect(newest.attempt).toBe(4);
      await finishWaitingJobs();
    });
  });

  describe('storage', () => {
    /** Gives the company operators' files of this many bytes in all (they count against its storage). */
    async function operatorFiles(companyId: string, sizeBytes: number): Promise<void> {
      await t.database.db.insert(consolidatedFiles).values({
        companyId,
        fileName: 'history.xlsx',
        storageKey: `history-${companyId}`,
        sizeBytes,
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        checksum: 'x',
        uploadedByName: 'Operator',
        uploadedByEmail: 'ops@example.com',
      });
    }

    it('refuses with 413 a file that does not fit in the storage left, saying how much is used, and keeps nothing of it', async () => {
      await finishWaitingJobs();
      const staff = await staffedClient(t);
      await operatorFiles(staff.companyId, MB - 1000);
      const filesBefore = await storedFiles(t.app.ctx.config.storageDir);

      const refused = await send(staff.agent, staff.clientId);
      expect(refused.statusCode).toBe(413);
      const size = `${Number((workbook.length / 1024).toFixed(2))} KB`;
      expect(refused.json()).toEqual({
        success: false,
        message: `This file (${size}) does not fit in your company's storage: 1023.02 KB of 1 MB is used. Ask your administrator to raise a support ticket to increase it.`,
        error: 'STORAGE_QUOTA_EXCEEDED',
      });
      expect(await storedFiles(t.app.ctx.config.storageDir)).toEqual(filesBefore);
      expect(await t.database.db.select().from(uploads).where(eq(uploads.companyId, staff.companyId))).toEqual([]);
    });

    it('refuses with 413 before reading the file once the storage is full', async () => {
      const staff = await staffedClient(t);
      await operatorFiles(staff.companyId, MB);
      const refused = await send(staff.agent, staff.clientId);
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({
        success: false,
        message: 'Your company has used all 1 MB of its storage, so no more files can be uploaded. Ask your administrator to raise a support ticket to increase it.',
        error: 'STORAGE_QUOTA_EXCEEDED',
      });
      // another company's storage is its own
      const other = await staffedClient(t);
      expect((await send(other.agent, other.clientId)).statusCode).toBe(202);
      await finishWaitingJobs();
    });
  });
});

describe('company storage on the admin dashboard (GET /company/storage)', () => {
  let t: TestApp;
  let workbook: Buffer;

  beforeAll(async () => {
    t = await buildTestApp({ COMPANY_STORAGE_QUOTA_BYTES: String(5 * 1024 ** 3) }, { queue: true });
    workbook = await payrollWorkbook();
  });
  afterAll(() => t.close());

  async function adminOf(companyId: string) {
    const admin = await t.createUser('ADMIN', { companyId });
    return t.signIn('ADMIN', admin.email, admin.password);
  }

  it("answers the admin's own company's stored bytes and its quota, never another company's", async () => {
    const mine = await staffedClient(t);
    const theirs = await staffedClient(t);
    expect((await uploadDocument(mine.agent, { clientId: mine.clientId }, { filename: 'week.xlsx', content: workbook })).statusCode).toBe(202);
    for (const clientId of [theirs.clientId, await addClient(t.database.db, theirs.companyId, theirs.staffId, 'Second')]) {
      expect((await uploadDocument(theirs.agent, { clientId }, { filename: 'week.xlsx', content: workbook })).statusCode).toBe(202);
    }

    const response = await (await adminOf(mine.companyId)).get('/api/company/storage');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { storage: { usedBytes: workbook.length, quotaBytes: 5 * 1024 ** 3 } } });
    const other = await (await adminOf(theirs.companyId)).get('/api/company/storage');
    expect(other.json().data.storage.usedBytes).toBe(2 * workbook.length);
  });

  it('is for company admins only', async () => {
    const staff = await staffedClient(t);
    expect((await staff.agent.get('/api/company/storage')).statusCode).toBe(403);
    const operator = await t.createUser('SYSTEM');
    expect((await (await t.signIn('SYSTEM', operator.email, operator.password)).get('/api/company/storage')).statusCode).toBe(403);
    expect((await t.agent().get('/api/company/storage')).statusCode).toBe(401);
  });
});
