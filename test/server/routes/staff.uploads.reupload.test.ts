import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { auditLog, uploadFiles, uploads } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { payrollWorkbook, reuploadDocument, staffedClient, storedFiles, uploadDocument } from '../jobs/uploadHarness';

const UPLOAD_NOT_FOUND = "Upload not found or you don't have access to this upload.";

describe('staff: re-uploading a rejected weekly document', () => {
  let t: TestApp;
  let workbook: Buffer;

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
    workbook = await payrollWorkbook();
  });
  afterAll(() => t.close());

  /** An upload taken to the given state, as processing and review would leave it. */
  async function uploadIn(agent: Agent, clientId: string, state: Partial<typeof uploads.$inferInsert>, weekStart?: string): Promise<string> {
    const response = await uploadDocument(agent, { clientId, weekStart }, { filename: 'week.xlsx', content: workbook });
    expect(response.statusCode).toBe(202);
    const id = response.json().data.processingId as string;
    await t.database.db.update(uploads).set(state).where(eq(uploads.id, id));
    return id;
  }

  const rejected = { status: 'SCRUBBED', approvalStatus: 'REJECTED', reviewedByName: 'Ada Admin', reviewedAt: new Date() } as const;

  it('queues a new version of the week and keeps the rejected one, its files and its notes', async () => {
    const { agent, clientId } = await staffedClient(t);
    const first = await uploadIn(agent, clientId, rejected, '2025-09-22');
    await t.database.db.update(uploadFiles).set({ notes: 'Hours for store 2 are missing' }).where(eq(uploadFiles.uploadId, first));

    const response = await reuploadDocument(agent, first, { filename: 'week fixed.xlsx', content: workbook });
    expect(response.statusCode).toBe(202);
    const { processingId, jobId } = response.json().data;
    expect(processingId).not.toBe(first);

    const rows = await t.database.db.select().from(uploads).where(eq(uploads.clientId, clientId));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(first)).toMatchObject({ approvalStatus: 'REJECTED', status: 'SCRUBBED', attempt: 1, weekStart: '2025-09-22' });
    expect(byId.get(processingId)).toMatchObject({ status: 'QUEUED', approvalStatus: 'PENDING', attempt: 2, weekStart: '2025-09-22', jobId });
    const [oldRaw] = await t.database.db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, first));
    expect(oldRaw).toMatchObject({ kind: 'raw', notes: 'Hours for store 2 are missing' });
    const [newRaw] = await t.database.db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, processingId));
    expect(newRaw).toMatchObject({ kind: 'raw', filename: 'week fixed.xlsx' });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, processingId), eq(auditLog.action, 'upload.reupload')));
    expect(audit[0].details).toMatchObject({ reuploadOf: first, version: 2 });

    // the week now has a live upload again: a fresh upload is refused, the new version is not re-uploadable
    expect((await uploadDocument(agent, { clientId, weekStart: '2025-09-22' }, { filename: 'x.xlsx', content: workbook })).statusCode).toBe(409);
    expect((await reuploadDocument(agent, processingId, { filename: 'x.xlsx', content: workbook })).statusCode).toBe(409);
  });

  it("answers another staff member's or another company's upload exactly like a missing one", async () => {
    const owner = await staffedClient(t);
    const colleague = await staffedClient(t, { companyId: owner.companyId });
    const stranger = await staffedClient(t);
    const id = await uploadIn(owner.agent, owner.clientId, rejected);
    for (const [agent, uploadId] of [[colleague.agent, id], [stranger.agent, id], [owner.agent, randomUUID()]] as const) {
      const response = await reuploadDocument(agent, uploadId, { filename: 'x.xlsx', content: workbook });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: UPLOAD_NOT_FOUND, error: 'NOT_FOUND' });
    }
  });

  it.each([
    ['still queued', { status: 'QUEUED' }],
    ['scrubbed and pending review', { status: 'SCRUBBED', approvalStatus: 'PENDING' }],
    ['approved', { status: 'SCRUBBED', approvalStatus: 'APPROVED' }],
  ] as const)('refuses an upload that is %s', async (_label, state) => {
    const { agent, clientId } = await staffedClient(t);
    const id = await uploadIn(agent, clientId, state);
    const response = await reuploadDocument(agent, id, { filename: 'x.xlsx', content: workbook });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, message: 'Only a rejected upload can be re-uploaded.' });
  });

  it('refuses a rejected version that is no longer the newest of its week', async () => {
    const { agent, clientId } = await staffedClient(t);
    const first = await uploadIn(agent, clientId, rejected);
    const second = (await reuploadDocument(agent, first, { filename: 'b.xlsx', content: workbook })).json().data.processingId;
    await t.database.db.update(uploads).set(rejected).where(eq(uploads.id, second));
    const response = await reuploadDocument(agent, first, { filename: 'c.xlsx', content: workbook });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/newer version/);
    expect((await reuploadDocument(agent, second, { filename: 'c.xlsx', content: workbook })).statusCode).toBe(202);
  });

  it('checks the new file like a first upload, and a refused one stores nothing', async () => {
    const { agent, clientId } = await staffedClient(t);
    const id = await uploadIn(agent, clientId, rejected);
    const filesBefore = (await storedFiles(t.app.ctx.config.storageDir)).length;
    const response = await reuploadDocument(agent, id, { filename: 'x.docx', content: workbook });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid file extension. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed');
    expect(await t.database.db.select().from(uploads).where(eq(uploads.clientId, clientId))).toHaveLength(1);
    expect((await storedFiles(t.app.ctx.config.storageDir)).length).toBe(filesBefore);
  });
});
