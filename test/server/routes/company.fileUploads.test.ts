import { eq } from 'drizzle-orm';
import { users } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { MB, weeklyFixtures } from './staff.weeklyFixtures';

const FORBIDDEN = { success: false, message: 'You do not have access to this resource.', error: 'FORBIDDEN' };

interface Item {
  id: string;
  filename: string;
  upload_date: string;
  status: string;
  approval_status: string;
  user: { name: string; email: string };
  client: { id?: string; name: string };
}

describe("company: every upload of the company's clients", () => {
  let t: TestApp;
  let fixtures: ReturnType<typeof weeklyFixtures>;
  let admin: Agent;
  let globexAdmin: Agent;
  const ids: Record<string, string> = {};
  const emails: Record<string, string> = {};
  const clientIds: Record<string, string> = {};

  async function listed(agent: Agent, query = '') {
    const response = await agent.get(`/api/company/file-uploads${query}`);
    expect(response.statusCode).toBe(200);
    return response.json().data as { fileUploads: Item[]; pagination: Record<string, unknown> };
  }

  const idsOf = (items: Item[]) => items.map((item) => item.id);

  beforeAll(async () => {
    t = await buildTestApp();
    fixtures = weeklyFixtures(t);
    const acmeId = await t.createCompany('Acme Payroll');
    const globexId = await t.createCompany('Globex');
    const adminAccount = await t.createUser('ADMIN', { companyId: acmeId });
    admin = await t.signIn('ADMIN', adminAccount.email, adminAccount.password);
    const globexAccount = await t.createUser('ADMIN', { companyId: globexId });
    globexAdmin = await t.signIn('ADMIN', globexAccount.email, globexAccount.password);
    const fay = await t.createUser('STAFF', { companyId: acmeId, name: 'Fay Fischer', email: 'fay@acme.example' });
    const priya = await t.createUser('STAFF', { companyId: acmeId, name: 'Priya Nair', email: 'priya@acme.example' });
    const gus = await t.createUser('STAFF', { companyId: globexId, name: 'Gus Globex', email: 'gus@globex.example' });
    Object.assign(emails, { fay: fay.email, priya: priya.email });

    const alpha = await fixtures.client(admin, 'Alpha Bakery', fay.id);
    const bravo = await fixtures.client(admin, 'Bravo Cafe', priya.id, 'INACTIVE');
    const globex = await fixtures.client(globexAdmin, 'Globex Goods', gus.id);
    Object.assign(clientIds, { alpha: alpha.id, bravo: bravo.id });
    const byFay = { id: fay.id, name: 'Fay Fischer' };
    const review = { reviewedByName: 'Ada Admin', reviewedAt: new Date('2025-09-25T10:00:00Z') };
    // Alpha: a rejected version and its newer one; both are listed.
    ids.alphaRejected = await fixtures.upload(alpha, byFay, '2025-09-22', '2025-09-23T09:00:00.000Z', { status: 'SCRUBBED', approvalStatus: 'REJECTED', ...review });
    ids.alphaAgain = await fixtures.upload(alpha, byFay, '2025-09-22', '2025-09-24T23:59:59.999Z', { status: 'CONSOLIDATING', attempt: 2 });
    ids.alphaApproved = await fixtures.upload(alpha, byFay, '2025-09-15', '2025-09-16T00:00:00.000Z', { status: 'SCRUBBED', approvalStatus: 'APPROVED', ...review });
    // Bravo is inactive now, and still listed; Priya's upload.
    ids.bravoFailed = await fixtures.upload(bravo, { id: priya.id, name: 'Priya Nair' }, '2025-09-22', '2025-09-25T00:00:00.000Z', { status: 'FAILED' });
    ids.bravoPending = await fixtures.upload(bravo, { id: priya.id, name: 'Priya Nair' }, '2025-09-29', '2025-09-30T12:00:00.000Z', { status: 'SCRUBBED' });
    for (const [key, id] of Object.entries(ids)) {
      await fixtures.file(id, 'raw', MB);
      ids[`${key}File`] = `raw-${id.slice(0, 8)}.xlsx`;
    }
    await fixtures.file(ids.alphaRejected, 'scrubbed', MB);
    ids.globex = await fixtures.upload(globex, { id: gus.id, name: 'Gus Globex' }, '2025-09-22', '2025-09-23T09:00:00.000Z', { status: 'SCRUBBED' });
    await fixtures.file(ids.globex, 'raw', MB);
  });
  afterAll(() => t.close());

  it.each(['SYSTEM', 'STAFF'] as const)('refuses a signed-in %s with 403', async (role) => {
    const [anyCompany] = await t.app.ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, emails.fay));
    const user = await t.createUser(role, { companyId: role === 'SYSTEM' ? null : anyCompany.companyId });
    const agent = await t.signIn(role, user.email, user.password);
    const response = await agent.get('/api/company/file-uploads');
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 403, body: FORBIDDEN });
  });

  it('lists every version of every client of the company, newest first, with the raw file, uploader and client', async () => {
    const { fileUploads, pagination } = await listed(admin);
    expect(idsOf(fileUploads)).toEqual([ids.bravoPending, ids.bravoFailed, ids.alphaAgain, ids.alphaRejected, ids.alphaApproved]);
    expect(fileUploads[3]).toEqual({
      id: ids.alphaRejected,
      filename: ids.alphaRejectedFile,
      upload_date: '2025-09-23T09:00:00.000Z',
      status: 'SCRUBBED',
      approval_status: 'REJECTED',
      user: { name: 'Fay Fischer', email: emails.fay },
      client: { id: clientIds.alpha, name: 'Alpha Bakery' },
    });
    expect(fileUploads[0]).toMatchObject({ user: { name: 'Priya Nair', email: emails.priya }, client: { id: clientIds.bravo, name: 'Bravo Cafe' } });
    expect(pagination).toEqual({ page: 1, totalCount: 5, totalPages: 1, hasPrev: false, hasNext: false });
  });

  it("keeps each company's uploads to its own admins", async () => {
    const { fileUploads, pagination } = await listed(globexAdmin);
    expect(idsOf(fileUploads)).toEqual([ids.globex]);
    expect(pagination.totalCount).toBe(1);
  });

  it.each([
    ['PENDING', ['bravoPending', 'bravoFailed', 'alphaAgain']],
    ['APPROVED', ['alphaApproved']],
    ['REJECTED', ['alphaRejected']],
    ['SCRUBBED', ['bravoPending', 'alphaRejected', 'alphaApproved']],
    ['CONSOLIDATING', ['alphaAgain']],
    ['FAILED', ['bravoFailed']],
    ['QUEUED', []],
  ])('status=%s filters on approval for an approval status, else on processing', async (status, keys) => {
    const { fileUploads, pagination } = await listed(admin, `?status=${status}`);
    expect(idsOf(fileUploads)).toEqual(keys.map((key) => ids[key]));
    expect(pagination.totalCount).toBe(keys.length);
  });

  it('refuses a status that is neither', async () => {
    expect((await admin.get('/api/company/file-uploads?status=DONE')).statusCode).toBe(400);
  });

  it.each([
    ['?dateFrom=2025-09-24', ['bravoPending', 'bravoFailed', 'alphaAgain']],
    ['?dateTo=2025-09-24', ['alphaAgain', 'alphaRejected', 'alphaApproved']],
    ['?dateFrom=2025-09-24&dateTo=2025-09-24', ['alphaAgain']],
    ['?dateFrom=2025-09-16&dateTo=2025-09-16', ['alphaApproved']],
    ['?dateFrom=2025-09-25&dateTo=2025-09-25', ['bravoFailed']],
    ['?dateFrom=2025-09-26&dateTo=2025-09-29', []],
    ['?dateFrom=2025-09-24&dateTo=2025-09-30&status=PENDING', ['bravoPending', 'bravoFailed', 'alphaAgain']],
    ['?dateFrom=2025-09-24&dateTo=2025-09-30&status=SCRUBBED', ['bravoPending']],
  ])('%s keeps the uploads of those whole UTC days', async (query, keys) => {
    const { fileUploads } = await listed(admin, query);
    expect(idsOf(fileUploads)).toEqual(keys.map((key) => ids[key]));
  });

  it('pages twenty by default, in the admin file uploads shape', async () => {
    const initechId = await t.createCompany('Initech');
    const initechAccount = await t.createUser('ADMIN', { companyId: initechId });
    const initechAdmin = await t.signIn('ADMIN', initechAccount.email, initechAccount.password);
    const lee = await t.createUser('STAFF', { companyId: initechId, name: 'Lee Many' });
    const client = await fixtures.client(initechAdmin, 'Many Weeks', lee.id);
    for (let day = 1; day <= 21; day += 1) {
      await fixtures.upload(client, { id: lee.id, name: 'Lee Many' }, '2025-09-08', `2025-10-${String(day).padStart(2, '0')}T09:00:00.000Z`, { status: 'FAILED' });
    }
    const first = await listed(initechAdmin);
    expect(first.fileUploads).toHaveLength(20);
    expect(first.fileUploads[0].upload_date).toBe('2025-10-21T09:00:00.000Z');
    expect(first.pagination).toEqual({ page: 1, totalCount: 21, totalPages: 2, hasPrev: false, hasNext: true });
    expect((await listed(initechAdmin, '?page=2')).fileUploads.map((item) => item.upload_date)).toEqual(['2025-10-01T09:00:00.000Z']);

    const second = await listed(admin, '?limit=2&page=2');
    expect(idsOf(second.fileUploads)).toEqual([ids.alphaAgain, ids.alphaRejected]);
    expect(second.pagination).toEqual({ page: 2, totalCount: 5, totalPages: 3, hasPrev: true, hasNext: true });
    const beyond = await listed(admin, '?limit=2&page=4');
    expect(beyond.fileUploads).toEqual([]);
    expect(beyond.pagination).toEqual({ page: 4, totalCount: 5, totalPages: 3, hasPrev: true, hasNext: false });
  });
});
