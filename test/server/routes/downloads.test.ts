import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { auditLog, uploads } from '@/server/db/schema';
import { processUpload } from '@/server/jobs/processUpload';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { addClient, payrollWorkbook, RecordingPublisher, staffedClient, uploadDocument } from '../jobs/uploadHarness';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The bytes of a response, as a browser would save them. */
const bytesOf = (response: { rawPayload: Buffer }) => response.rawPayload;

describe('downloading the versions of an upload', () => {
  let t: TestApp;
  let workbook: Buffer;
  let owner: Awaited<ReturnType<typeof staffedClient>>;
  let colleague: Agent;
  let admin: Agent;
  let otherAdmin: Agent;
  let processed: string;
  let queued: string;

  async function upload(agent: Agent, clientId: string, weekStart?: string) {
    const response = await uploadDocument(agent, { clientId, weekStart }, { filename: 'Week 37 payroll.xlsx', content: workbook });
    return response.json().data as { processingId: string; jobId: string };
  }

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
    workbook = await payrollWorkbook();
    owner = await staffedClient(t, { clientName: 'Café "Zoë" / Sons' });
    colleague = (await staffedClient(t, { companyId: owner.companyId })).agent;
    const adminUser = await t.createUser('ADMIN', { companyId: owner.companyId });
    admin = await t.signIn('ADMIN', adminUser.email, adminUser.password);
    const otherCompany = await t.createCompany();
    const otherAdminUser = await t.createUser('ADMIN', { companyId: otherCompany });
    otherAdmin = await t.signIn('ADMIN', otherAdminUser.email, otherAdminUser.password);

    const done = await upload(owner.agent, owner.clientId, '2025-09-15');
    const log = { error: jest.fn(), warn: jest.fn() };
    await processUpload({ db: t.database.db, queue: t.queue!, storage: t.app.ctx.storage, publisher: new RecordingPublisher(), log }, { id: done.jobId, data: { uploadId: done.processingId }, expireInSeconds: 60 });
    processed = done.processingId;
    queued = (await upload(owner.agent, owner.clientId, '2025-09-22')).processingId;
  });
  afterAll(() => t.close());

  it('gives the raw file back byte for byte, as an attachment named after the client, week and version', async () => {
    const response = await owner.agent.get(`/api/staff/download/${processed}?type=raw`);
    expect(response.statusCode).toBe(200);
    expect(bytesOf(response).equals(workbook)).toBe(true);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Caf_ Zo_ Sons 2025-09-15 raw.xlsx"; filename*=UTF-8''Caf%C3%A9%20Zo%C3%AB%20Sons%202025-09-15%20raw.xlsx`,
    );
  });

  it.each(['consolidated', 'scrubbed'])('gives the %s workbook as xlsx', async (type) => {
    const response = await owner.agent.get(`/api/staff/download/${processed}?type=${type}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''Caf%C3%A9%20Zo%C3%AB%20Sons%202025-09-15%20${type}.xlsx`);
    expect(bytesOf(response).subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(Number(response.headers['content-length'])).toBe(bytesOf(response).length);
  });

  it('names the file without the invisible characters a stored client name may hold', async () => {
    // A row written before names lost them: the right-to-left override would make it read backwards.
    const spoofed = await staffedClient(t, { companyId: owner.companyId, clientName: 'Evil\u202Eslx.exe\u200B Ltd' });
    const { processingId } = await upload(spoofed.agent, spoofed.clientId, '2025-09-15');
    const response = await spoofed.agent.get(`/api/staff/download/${processingId}?type=raw`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Evilslx.exe Ltd 2025-09-15 raw.xlsx"; filename*=UTF-8''Evilslx.exe%20Ltd%202025-09-15%20raw.xlsx`,
    );
  });

  it('lets an admin of the company download any of its uploads', async () => {
    const response = await admin.get(`/api/company/download/${processed}?type=scrubbed`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it("answers another staff member's or another company's upload exactly like a missing one", async () => {
    const answers = await Promise.all([
      colleague.get(`/api/staff/download/${processed}?type=raw`),
      otherAdmin.get(`/api/company/download/${processed}?type=raw`),
      owner.agent.get(`/api/staff/download/${randomUUID()}?type=raw`),
      admin.get(`/api/company/download/${randomUUID()}?type=raw`),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ success: false, message: 'Upload not found.', error: 'NOT_FOUND' });
    }
  });

  it('keeps each role to its own download path', async () => {
    expect((await admin.get(`/api/staff/download/${processed}?type=raw`)).statusCode).toBe(403);
    expect((await owner.agent.get(`/api/company/download/${processed}?type=raw`)).statusCode).toBe(403);
  });

  it('refuses a version not produced yet with 409 and a message, never an empty file', async () => {
    expect((await owner.agent.get(`/api/staff/download/${queued}?type=raw`)).statusCode).toBe(200);
    for (const type of ['consolidated', 'scrubbed']) {
      const response = await owner.agent.get(`/api/staff/download/${queued}?type=${type}`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message: `The ${type} file is not ready yet.`, error: 'CONFLICT' });
    }
  });

  it('says so when a version will never exist because processing failed', async () => {
    const { clientId } = owner;
    const failed = await upload(owner.agent, clientId, '2025-09-29');
    await t.database.db.update(uploads).set({ status: 'FAILED', errorMessage: 'No payroll data found' }).where(eq(uploads.id, failed.processingId));
    const response = await owner.agent.get(`/api/staff/download/${failed.processingId}?type=scrubbed`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('The scrubbed file was not produced: processing this upload failed.');
  });

  it('refuses a type that is not a version', async () => {
    expect((await owner.agent.get(`/api/staff/download/${processed}?type=pdf`)).statusCode).toBe(400);
    expect((await owner.agent.get(`/api/staff/download/${processed}`)).statusCode).toBe(400);
  });

  it('records who downloaded which version of which upload', async () => {
    const staffClientId = await addClient(t.database.db, owner.companyId, owner.staffId, 'Audit Co');
    const { processingId } = await upload(owner.agent, staffClientId);
    await owner.agent.get(`/api/staff/download/${processingId}?type=raw`);
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, processingId), eq(auditLog.action, 'upload.download')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: owner.staffId, actorRole: 'STAFF', companyId: owner.companyId, details: expect.objectContaining({ type: 'raw' }) });
  });
});
