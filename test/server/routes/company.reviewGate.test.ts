import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { auditLog, uploads } from '@/server/db/schema';
import type { QueueWorker } from '@/server/jobs/queueWorker';
import { startReviewPackWorker } from '@/server/jobs/reviewPackWorker';
import { startUploadWorker, type UploadWorker } from '@/server/jobs/uploadWorker';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { payrollWorkbook, RecordingPublisher, staffedClient, statusReached, uploadDocument } from '../jobs/uploadHarness';
import { type PayrollError, payrollWithErrors } from '../jobs/payrollWithErrors';

const REASON = 'The store manager confirmed both rows by phone; they are paid as sent.';
const UPLOAD_NOT_FOUND = { success: false, message: "Upload not found or you don't have access to this upload.", error: 'NOT_FOUND' };

/**
 * The approval gate of a review: an upload whose scrub found errors is approved only with a written
 * reason, kept on the upload, in the audit log and in what staff and admins read back. Every upload
 * here is a real workbook taken through the worker, so the errors counted are the engine's.
 */
describe('company: approving an upload whose scrub found errors', () => {
  let t: TestApp;
  let worker: UploadWorker;
  let packWorker: QueueWorker;
  let db: TestApp['app']['ctx']['db'];
  let companyId: string;
  let admin: Agent;
  let adminId: string;

  const approve = (agent: Agent, id: string, body: Record<string, unknown> = {}) =>
    agent.post(`/api/company/weekly-documents/${id}/review`, { approval_status: 'APPROVED', ...body });

  /** A client of a new staff member of the company, and its upload of `content` processed to the end. */
  async function processedUpload(content: Buffer): Promise<{ id: string; staff: Agent; clientId: string }> {
    const { agent, clientId } = await staffedClient(t, { companyId });
    const response = await uploadDocument(agent, { clientId }, { filename: 'week.xlsx', content });
    const id: string = response.json().data.processingId;
    expect(await statusReached(db, id, ['SCRUBBED', 'FAILED'])).toBe('SCRUBBED');
    await viewerPrepared(id);
    return { id, staff: agent, clientId };
  }

  /** The review pack's job builds the viewer after SCRUBBED: each test's upload is left with its pack built. */
  async function viewerPrepared(id: string): Promise<void> {
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const [row] = await db.select({ readyAt: uploads.reviewReadyAt, failedAt: uploads.reviewFailedAt }).from(uploads).where(eq(uploads.id, id));
      if (row.readyAt || row.failedAt) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`The viewer of ${id} was not prepared within 20 s`);
  }

  const withErrors = async (errors: readonly PayrollError[]) => processedUpload(await payrollWithErrors(errors));

  async function storedReview(id: string) {
    const [row] = await db.select({ approvalStatus: uploads.approvalStatus, overrideReason: uploads.overrideReason }).from(uploads).where(eq(uploads.id, id));
    const audit = await db.select({ details: auditLog.details }).from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'upload.review')));
    return { ...row, audit: audit.map((entry) => entry.details) };
  }

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
    db = t.app.ctx.db;
    const deps = { db, queue: t.queue!, storage: t.app.ctx.storage, publisher: new RecordingPublisher(), log: { error: jest.fn() } };
    worker = await startUploadWorker(t.queue!, deps, 1);
    packWorker = await startReviewPackWorker(t.queue!, deps, 1);
    companyId = await t.createCompany('Harbor Payroll');
    const account = await t.createUser('ADMIN', { companyId, name: 'Ada Admin' });
    adminId = account.id;
    admin = await t.signIn('ADMIN', account.email, account.password);
  });
  afterAll(async () => {
    await Promise.all([worker.stop(), packWorker.stop()]);
    await t.close();
  });

  it('refuses the approval without a reason with 409, naming the number of errors, and changes nothing', async () => {
    const { id } = await withErrors(['missing-id-and-name', 'negative-hours']);
    const response = await approve(admin, id, { raw_notes: 'Looks fine otherwise.' });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 409,
      body: { success: false, message: 'This upload has 2 errors. Give a reason to approve it anyway.', error: 'REASON_REQUIRED' },
    });
    expect(await storedReview(id)).toEqual({ approvalStatus: 'PENDING', overrideReason: null, audit: [] });
  });

  it('says "1 error" for one', async () => {
    const { id } = await withErrors(['negative-hours']);
    const response = await approve(admin, id);
    expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 409, message: 'This upload has 1 error. Give a reason to approve it anyway.' });
  });

  it('approves with a reason: trimmed, stored on the upload and in the audit row, and shown to the staff member and in the weekly rows', async () => {
    const { id, staff, clientId } = await withErrors(['missing-id-and-name', 'negative-hours']);
    const response = await approve(admin, id, { override_reason: `  ${REASON}\n` });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 200, body: { success: true, message: 'Document approved successfully' } });

    const stored = await storedReview(id);
    expect(stored).toMatchObject({ approvalStatus: 'APPROVED', overrideReason: REASON });
    expect(stored.audit).toEqual([expect.objectContaining({ before: { approvalStatus: 'PENDING' }, after: { approvalStatus: 'APPROVED', notes: {}, overrideReason: REASON } })]);
    const [entry] = await db.select({ actorId: auditLog.actorId, companyId: auditLog.companyId }).from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'upload.review')));
    expect(entry).toEqual({ actorId: adminId, companyId });

    const details = await staff.get(`/api/staff/uploads/${id}/review`);
    expect(details.json().data.review).toMatchObject({ approval_status: 'APPROVED', reviewed_by: 'Ada Admin', override_reason: REASON });
    const [{ weekStart }] = await db.select({ weekStart: uploads.weekStart }).from(uploads).where(eq(uploads.id, id));
    for (const [agent, url] of [
      [admin, `/api/company/weekly-documents?weekStart=${weekStart}&clientId=${clientId}`],
      [staff, `/api/staff/weekly-documents?weekStart=${weekStart}`],
    ] as const) {
      const rows = (await agent.get(url)).json().data.documents;
      expect(rows).toEqual([expect.objectContaining({ weekStatus: 'APPROVED', upload: expect.objectContaining({ upload_id: id, override_reason: REASON }) })]);
    }
  });

  it('refuses a reason shorter than 10 characters, counted without the spaces around it', async () => {
    const { id } = await withErrors(['negative-hours']);
    for (const reason of ['Too short', '    ok, fine        ']) {
      const response = await approve(admin, id, { override_reason: reason });
      expect({ status: response.statusCode, body: response.json() }).toMatchObject({
        status: 400,
        body: { success: false, message: 'Give a reason of at least 10 characters.', error: 'VALIDATION_ERROR', errors: [{ field: 'override_reason' }] },
      });
    }
    expect(await storedReview(id)).toEqual({ approvalStatus: 'PENDING', overrideReason: null, audit: [] });
  });

  it('counts only the characters that show: twelve zero-width spaces, or a short reason padded with invisible ones, is refused', async () => {
    const { id } = await withErrors(['negative-hours']);
    for (const reason of ['\u200B'.repeat(12), `Fine\u200B\u200C\u200D\u2060\uFEFF\u202E\u00AD\u3164`]) {
      const response = await approve(admin, id, { override_reason: reason });
      expect({ status: response.statusCode, body: response.json() }).toMatchObject({
        status: 400,
        body: { success: false, message: 'Give a reason of at least 10 characters.', error: 'VALIDATION_ERROR', errors: [{ field: 'override_reason' }] },
      });
    }
    expect(await storedReview(id)).toEqual({ approvalStatus: 'PENDING', overrideReason: null, audit: [] });
  });

  it('never gates on warnings: an upload with only warnings is approved without a reason, and a reason sent is not stored', async () => {
    const { id } = await processedUpload(await payrollWorkbook());
    const [{ summary }] = await db.select({ summary: uploads.summary }).from(uploads).where(eq(uploads.id, id));
    expect(summary).toMatchObject({ issues: { error: 0, warning: expect.any(Number) } });
    expect((summary as { issues: { warning: number } }).issues.warning).toBeGreaterThan(0);

    const response = await approve(admin, id, { override_reason: REASON });
    expect(response.statusCode).toBe(200);
    expect(await storedReview(id)).toMatchObject({ approvalStatus: 'APPROVED', overrideReason: null, audit: [expect.objectContaining({ after: expect.objectContaining({ overrideReason: null }) })] });
  });

  it('rejects an upload with errors without a reason, and does not store one sent with the rejection', async () => {
    const { id } = await withErrors(['missing-id-and-name']);
    const response = await admin.post(`/api/company/weekly-documents/${id}/review`, { approval_status: 'REJECTED', override_reason: REASON, raw_notes: 'Row 6 has nobody on it.' });
    expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 200, message: 'Document rejected successfully' });
    expect(await storedReview(id)).toMatchObject({ approvalStatus: 'REJECTED', overrideReason: null });
  });

  it("answers another company's upload with errors exactly like a missing one, reason or not, and tells it nothing of its errors", async () => {
    const { id } = await withErrors(['missing-id-and-name', 'negative-hours']);
    const otherCompany = await t.createCompany('Globex');
    const other = await t.createUser('ADMIN', { companyId: otherCompany });
    const outsider = await t.signIn('ADMIN', other.email, other.password);
    for (const [agent, uploadId, body] of [
      [outsider, id, {}],
      [outsider, id, { override_reason: REASON }],
      [admin, randomUUID(), {}],
    ] as const) {
      const response = await approve(agent, uploadId, body);
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: UPLOAD_NOT_FOUND });
    }
    expect(await storedReview(id)).toEqual({ approvalStatus: 'PENDING', overrideReason: null, audit: [] });
  });
});
