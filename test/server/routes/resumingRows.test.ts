import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { weekContaining, weekToIsoDates } from '@/common/week';
import { uploads } from '@/server/db/schema';
import { PROCESSING_QUEUE } from '@/server/jobs/queue';
import { recordUploadHandBack } from '@/server/jobs/uploadHandBack';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { MB, weeklyFixtures } from './staff.weeklyFixtures';

interface ListedUpload {
  upload_id: string;
  status: string;
  resuming?: boolean;
}

/**
 * An upload handed back after its process stopped waits as QUEUED: the weekly lists (admin and staff)
 * and both File Uploads lists (admin and staff) say it is resuming after an interruption, not merely queued, until
 * its run is done; an upload never interrupted says nothing of it.
 */
describe('weekly lists and the staff uploads list: an upload resuming after an interruption', () => {
  let t: TestApp;
  let admin: Agent;
  let staff: Agent;
  let interrupted: string;
  let plain: string;
  let interruptedJob: string;
  const current = weekToIsoDates(weekContaining(new Date()));

  beforeAll(async () => {
    t = await buildTestApp();
    const fixtures = weeklyFixtures(t);
    const companyId = await t.createCompany('Acme Payroll');
    const adminAccount = await t.createUser('ADMIN', { companyId });
    admin = await t.signIn('ADMIN', adminAccount.email, adminAccount.password);
    const staffAccount = await t.createUser('STAFF', { companyId, name: 'Sam Ortega' });
    staff = await t.signIn('STAFF', staffAccount.email, staffAccount.password);
    const by = { id: staffAccount.id, name: 'Sam Ortega' };
    const first = await fixtures.client(admin, 'Alpha Foods', staffAccount.id);
    const second = await fixtures.client(admin, 'Beta Works', staffAccount.id);
    interruptedJob = randomUUID();
    interrupted = await fixtures.upload(first, by, current.weekStart, new Date().toISOString(), { status: 'CONSOLIDATING', jobId: interruptedJob });
    plain = await fixtures.upload(second, by, current.weekStart, new Date().toISOString(), { status: 'QUEUED' });
    await fixtures.file(interrupted, 'raw', 2 * MB);
    await fixtures.file(plain, 'raw', MB);
    // the process running the first one stopped: its job is handed back, as a restart or a lapsed lease does
    await recordUploadHandBack(t.app.ctx.db, [{ id: interruptedJob, queue: PROCESSING_QUEUE, data: {}, gaveUp: false }]);
  });
  afterAll(() => t.close());

  async function listed(agent: Agent, url: string, pick: (data: Record<string, unknown>) => ListedUpload[]): Promise<Record<string, ListedUpload>> {
    const response = await agent.get(url);
    expect(response.statusCode).toBe(200);
    return Object.fromEntries(pick(response.json().data).map((upload) => [upload.upload_id, upload]));
  }

  const weekly = (agent: Agent, path: string) =>
    listed(agent, `${path}?weekStart=${current.weekStart}&weekEnd=${current.weekEnd}`, (data) =>
      (data.documents as { upload: ListedUpload | null }[]).flatMap((row) => (row.upload ? [row.upload] : [])),
    );
  const staffUploads = () =>
    listed(staff, '/api/staff/uploads', (data) => (data.uploads as { id: string; status: string; resuming?: boolean }[]).map(({ id, ...rest }) => ({ upload_id: id, ...rest })));
  const companyUploads = () =>
    listed(admin, '/api/company/file-uploads', (data) => (data.fileUploads as { id: string; status: string; resuming?: boolean }[]).map(({ id, ...rest }) => ({ upload_id: id, ...rest })));

  it("says so on the admin's weekly and File Uploads lists and the staff member's; an upload never interrupted says nothing", async () => {
    for (const rows of [await weekly(admin, '/api/company/weekly-documents'), await weekly(staff, '/api/staff/weekly-documents'), await staffUploads(), await companyUploads()]) {
      expect(rows[interrupted]).toMatchObject({ status: 'QUEUED', resuming: true });
      expect(rows[plain].status).toBe('QUEUED');
      expect(rows[plain].resuming).toBeUndefined();
    }
  });

  /** Moves the upload on as its run would, leaving `resumed_at` as it is: the lists read the stage as well. */
  const reach = (status: 'CONSOLIDATING' | 'SCRUBBED') => t.app.ctx.db.update(uploads).set({ status }).where(eq(uploads.id, interrupted));

  it('keeps saying so while the run takes it up, and stops once the run is done', async () => {
    await reach('CONSOLIDATING');
    expect((await weekly(admin, '/api/company/weekly-documents'))[interrupted]).toMatchObject({ status: 'CONSOLIDATING', resuming: true });
    await reach('SCRUBBED');
    for (const rows of [await weekly(admin, '/api/company/weekly-documents'), await weekly(staff, '/api/staff/weekly-documents'), await staffUploads(), await companyUploads()]) {
      expect(rows[interrupted].status).toBe('SCRUBBED');
      expect(rows[interrupted].resuming).toBeUndefined();
    }
  });
});
