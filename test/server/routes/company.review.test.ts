import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { auditLog, uploadFiles, uploads } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { payrollWorkbook, reuploadDocument } from '../jobs/uploadHarness';
import { MB, type TestClient, weeklyFixtures } from './staff.weeklyFixtures';

const UPLOAD_NOT_FOUND = { success: false, message: "Upload not found or you don't have access to this upload.", error: 'NOT_FOUND' };
const FORBIDDEN = { success: false, message: 'You do not have access to this resource.', error: 'FORBIDDEN' };

describe('company: reviewing a weekly upload', () => {
  let t: TestApp;
  let fixtures: ReturnType<typeof weeklyFixtures>;
  let db: TestApp['app']['ctx']['db'];
  let acmeId: string;
  let admin: Agent;
  let adminId: string;
  let otherAdmin: Agent;
  let globexAdmin: Agent;
  let sam: { id: string; name: string; agent: Agent };
  let week = 0;

  async function adminOf(companyId: string, name: string) {
    const account = await t.createUser('ADMIN', { companyId, name });
    return { id: account.id, agent: await t.signIn('ADMIN', account.email, account.password) };
  }

  /** A client of Sam's and an upload of it in its own week, in the given state, with its three file versions. */
  async function uploadIn(state: Partial<typeof uploads.$inferInsert>, client?: TestClient): Promise<{ id: string; client: TestClient }> {
    const owner = client ?? (await fixtures.client(admin, `Client ${randomUUID().slice(0, 6)}`, sam.id));
    week += 1;
    const weekStart = new Date(Date.UTC(2025, 8, 8 + 7 * week)).toISOString().slice(0, 10);
    const id = await fixtures.upload(owner, sam, weekStart, `${weekStart}T09:00:00Z`, state);
    for (const kind of ['raw', 'consolidated', 'scrubbed'] as const) await fixtures.file(id, kind, MB);
    return { id, client: owner };
  }

  const review = (agent: Agent, id: string, body: Record<string, unknown>) => agent.post(`/api/company/weekly-documents/${id}/review`, body);

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
    db = t.app.ctx.db;
    fixtures = weeklyFixtures(t);
    acmeId = await t.createCompany('Acme Payroll');
    const ada = await adminOf(acmeId, 'Ada Admin');
    admin = ada.agent;
    adminId = ada.id;
    otherAdmin = (await adminOf(acmeId, 'Otto Other')).agent;
    globexAdmin = (await adminOf(await t.createCompany('Globex'), 'Gail Globex')).agent;
    const account = await t.createUser('STAFF', { companyId: acmeId, name: 'Sam Ortega' });
    sam = { id: account.id, name: 'Sam Ortega', agent: await t.signIn('STAFF', account.email, account.password) };
  });
  afterAll(() => t.close());

  it('approves a processed upload: the decision, reviewer, time and trimmed notes are stored, blank notes are not, and an audit row is written', async () => {
    const { id } = await uploadIn({ status: 'SCRUBBED' });
    const before = Date.now();
    const response = await review(admin, id, { approval_status: 'APPROVED', raw_notes: '  Hours for store 2 look right.  ', consolidated_notes: '   ', scrubbed_notes: '' });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 200, body: { success: true, message: 'Document approved successfully' } });

    const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ approvalStatus: 'APPROVED', status: 'SCRUBBED', reviewedById: adminId, reviewedByName: 'Ada Admin' });
    expect(row.reviewedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.reviewedAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const files = await db.select({ kind: uploadFiles.kind, notes: uploadFiles.notes }).from(uploadFiles).where(eq(uploadFiles.uploadId, id));
    expect(Object.fromEntries(files.map((file) => [file.kind, file.notes]))).toEqual({ raw: 'Hours for store 2 look right.', consolidated: null, scrubbed: null });

    const audit = await db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'upload.review')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, actorRole: 'ADMIN', companyId: acmeId, entityType: 'upload' });
    expect(audit[0].details).toMatchObject({ before: { approvalStatus: 'PENDING' }, after: { approvalStatus: 'APPROVED', notes: { raw: 'Hours for store 2 look right.' } } });

    // The staff member sees the decision, the reviewer and the notes in the review details.
    const details = await sam.agent.get(`/api/staff/uploads/${id}/review`);
    expect(details.json().data.review).toMatchObject({
      approval_status: 'APPROVED',
      reviewed_by: 'Ada Admin',
      reviewed_at: row.reviewedAt?.toISOString(),
      files: { raw: { notes: 'Hours for store 2 look right.' }, consolidated: { notes: null }, scrubbed: { notes: null } },
    });
  });

  it('rejects with a note on each file, and the weekly review list then shows who reviewed it', async () => {
    const { id, client } = await uploadIn({ status: 'SCRUBBED' });
    const notes = { raw_notes: 'Store 2 is missing.', consolidated_notes: 'Totals are off by one week.', scrubbed_notes: 'Names still visible.' };
    const response = await review(admin, id, { approval_status: 'REJECTED', ...notes });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 200, body: { success: true, message: 'Document rejected successfully' } });

    const details = (await sam.agent.get(`/api/staff/uploads/${id}/review`)).json().data.review;
    expect(details).toMatchObject({
      approval_status: 'REJECTED',
      reviewed_by: 'Ada Admin',
      files: { raw: { notes: notes.raw_notes }, consolidated: { notes: notes.consolidated_notes }, scrubbed: { notes: notes.scrubbed_notes } },
    });
    const [row] = await db.select({ weekStart: uploads.weekStart }).from(uploads).where(eq(uploads.id, id));
    const list = (await admin.get(`/api/company/weekly-documents?weekStart=${row.weekStart}&clientId=${client.id}`)).json().data.documents;
    expect(list[0]).toMatchObject({ weekStatus: 'REJECTED', upload: { upload_id: id, reviewed_by: { name: 'Ada Admin' } } });
  });

  it.each([
    ['still queued', { status: 'QUEUED' }, 'This upload cannot be reviewed: it is still processing.'],
    ['being scrubbed', { status: 'SCRUBBING' }, 'This upload cannot be reviewed: it is still processing.'],
    ['failed', { status: 'FAILED' }, 'This upload cannot be reviewed: its processing failed. The staff member needs to upload the document again.'],
    ['already approved', { status: 'SCRUBBED', approvalStatus: 'APPROVED' }, 'This upload has already been approved.'],
    ['already rejected', { status: 'SCRUBBED', approvalStatus: 'REJECTED' }, 'This upload has already been rejected.'],
  ] as const)('refuses an upload that is %s with 409 and changes nothing', async (_label, state, message) => {
    const { id } = await uploadIn(state);
    const response = await review(admin, id, { approval_status: 'APPROVED', raw_notes: 'Looks fine.' });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 409, body: { success: false, message, error: 'CONFLICT' } });
    const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ ...state, reviewedById: null });
    const [raw] = await db.select({ notes: uploadFiles.notes }).from(uploadFiles).where(and(eq(uploadFiles.uploadId, id), eq(uploadFiles.kind, 'raw')));
    expect(raw.notes).toBeNull();
    expect(await db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'upload.review')))).toEqual([]);
  });

  it('refuses a version that is no longer the newest of its week', async () => {
    const { id, client } = await uploadIn({ status: 'SCRUBBED' });
    const [row] = await db.select({ weekStart: uploads.weekStart }).from(uploads).where(eq(uploads.id, id));
    await fixtures.upload(client, sam, row.weekStart, `${row.weekStart}T10:00:00Z`, { status: 'QUEUED', attempt: 2 });
    const response = await review(admin, id, { approval_status: 'APPROVED' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This upload cannot be reviewed: a newer version of it exists. Review the newest version instead.');
  });

  it('refuses a note for a file version the upload does not have', async () => {
    const client = await fixtures.client(admin, 'Half Done', sam.id);
    const id = await fixtures.upload(client, sam, '2025-09-08', '2025-09-09T09:00:00Z', { status: 'SCRUBBED' });
    await fixtures.file(id, 'raw', MB);
    const response = await review(admin, id, { approval_status: 'REJECTED', scrubbed_notes: 'Where is it?' });
    expect({ status: response.statusCode, body: response.json() }).toMatchObject({
      status: 400,
      body: { message: 'This upload has no scrubbed file to comment on.', errors: [{ field: 'scrubbed_notes' }] },
    });
    expect((await review(admin, id, { approval_status: 'REJECTED', raw_notes: 'Processing lost a version.' })).statusCode).toBe(200);
  });

  it("answers another company's upload exactly like a missing one, and refuses staff and SYSTEM", async () => {
    const { id } = await uploadIn({ status: 'SCRUBBED' });
    for (const [agent, uploadId] of [
      [globexAdmin, id],
      [admin, randomUUID()],
    ] as const) {
      const response = await review(agent, uploadId, { approval_status: 'APPROVED' });
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: UPLOAD_NOT_FOUND });
    }
    const system = await t.createUser('SYSTEM');
    for (const agent of [sam.agent, await t.signIn('SYSTEM', system.email, system.password)]) {
      const response = await review(agent, id, { approval_status: 'APPROVED' });
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 403, body: FORBIDDEN });
    }
    const [row] = await db.select({ approvalStatus: uploads.approvalStatus }).from(uploads).where(eq(uploads.id, id));
    expect(row.approvalStatus).toBe('PENDING');
  });

  it('refuses a body without a decision, or with another one', async () => {
    const { id } = await uploadIn({ status: 'SCRUBBED' });
    for (const body of [{}, { approval_status: 'PENDING' }, { approval_status: 'APPROVED', raw_notes: 'x'.repeat(5001) }]) {
      expect((await review(admin, id, body)).statusCode).toBe(400);
    }
  });

  it('lets only one of two admins reviewing at once succeed', async () => {
    const { id } = await uploadIn({ status: 'SCRUBBED' });
    const answers = await Promise.all([
      review(admin, id, { approval_status: 'APPROVED', raw_notes: 'Approved by Ada.' }),
      review(otherAdmin, id, { approval_status: 'REJECTED', raw_notes: 'Rejected by Otto.' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
    const [raw] = await db.select({ notes: uploadFiles.notes }).from(uploadFiles).where(and(eq(uploadFiles.uploadId, id), eq(uploadFiles.kind, 'raw')));
    expect([row.approvalStatus, row.reviewedByName, raw.notes]).toEqual(
      winner === 0 ? ['APPROVED', 'Ada Admin', 'Approved by Ada.'] : ['REJECTED', 'Otto Other', 'Rejected by Otto.'],
    );
    expect(answers[1 - winner].json().message).toBe(winner === 0 ? 'This upload has already been approved.' : 'This upload has already been rejected.');
    expect(await db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'upload.review')))).toHaveLength(1);
  });

  it('lets a rejected upload be uploaded again and the new version be reviewed', async () => {
    const { id, client } = await uploadIn({ status: 'SCRUBBED' });
    expect((await review(admin, id, { approval_status: 'REJECTED', raw_notes: 'Wrong week.' })).statusCode).toBe(200);

    const reupload = await reuploadDocument(sam.agent, id, { filename: 'week fixed.xlsx', content: await payrollWorkbook() });
    expect(reupload.statusCode).toBe(202);
    const next: string = reupload.json().data.processingId;
    // The new version cannot be reviewed until it is processed.
    expect((await review(admin, next, { approval_status: 'APPROVED' })).statusCode).toBe(409);
    await db.update(uploads).set({ status: 'SCRUBBED' }).where(eq(uploads.id, next));
    for (const kind of ['consolidated', 'scrubbed'] as const) await fixtures.file(next, kind, MB);

    const response = await review(admin, next, { approval_status: 'APPROVED', scrubbed_notes: 'Thanks, all good now.' });
    expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 200, message: 'Document approved successfully' });
    // The earlier version keeps its rejection and its note; the week now reads approved.
    expect((await sam.agent.get(`/api/staff/uploads/${id}/review`)).json().data.review).toMatchObject({ approval_status: 'REJECTED', files: { raw: { notes: 'Wrong week.' } } });
    expect((await sam.agent.get(`/api/staff/uploads/${next}/review`)).json().data.review).toMatchObject({
      approval_status: 'APPROVED',
      reviewed_by: 'Ada Admin',
      // named as every version of the client's week is (not as the file was uploaded)
      files: { raw: { filename: expect.stringMatching(new RegExp(`^${client.name} \\d{4}-\\d{2}-\\d{2} raw\\.xlsx$`)), notes: null }, scrubbed: { notes: 'Thanks, all good now.' } },
    });
    const [row] = await db.select({ weekStart: uploads.weekStart }).from(uploads).where(eq(uploads.id, id));
    const list = (await admin.get(`/api/company/weekly-documents?weekStart=${row.weekStart}&clientId=${client.id}`)).json().data.documents;
    expect(list[0]).toMatchObject({ weekStatus: 'APPROVED', upload: { upload_id: next } });
  });
});
