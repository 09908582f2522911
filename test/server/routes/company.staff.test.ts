import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { auditLog, clients, users } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { answersTo, callsOf, servedOperationsUnder } from '../../helpers/contractCalls';

const FORBIDDEN = { success: false, message: 'You do not have access to this resource.', error: 'FORBIDDEN' };
const STAFF_NOT_FOUND = { success: false, message: 'Staff member not found', error: 'NOT_FOUND' };

const companyCalls = () =>
  callsOf(servedOperationsUnder('/company/'), { createCompanyStaff: { name: 'Eve Intruder', email: 'eve.intruder@example.com', password: 'pass1234' } });

describe("company admins: their company and its staff", () => {
  let t: TestApp;
  let db: TestApp['app']['ctx']['db'];
  let acmeId: string;
  let globexId: string;
  let acmeAdmin: Agent;
  let globexAdmin: Agent;
  let acmeAdminId: string;
  let globexStaffId: string;

  async function auditOf(action: string, entityId: string) {
    return db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
  }

  async function addStaff(agent: Agent, name: string, email: string) {
    const response = await agent.post('/api/company/staff', { name, email, password: 'pass1234' });
    expect(response.statusCode).toBe(201);
    return response.json().data.staff as { id: string; name: string; email: string };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    acmeId = await t.createCompany('Acme Payroll');
    globexId = await t.createCompany('Globex');
    const admin = await t.createUser('ADMIN', { companyId: acmeId, name: 'Ada Admin' });
    const otherAdmin = await t.createUser('ADMIN', { companyId: globexId, name: 'Gus Admin' });
    acmeAdminId = admin.id;
    globexStaffId = (await t.createUser('STAFF', { companyId: globexId, name: 'Gina Globex' })).id;
    acmeAdmin = await t.signIn('ADMIN', admin.email, admin.password);
    globexAdmin = await t.signIn('ADMIN', otherAdmin.email, otherAdmin.password);
  });
  afterAll(() => t.close());

  describe('who may call', () => {
    it('serves the whole company staff area', () => {
      expect(servedOperationsUnder('/company/').sort()).toEqual([
        'bulkDownloadCompanyUploads',
        'createCompanyStaff',
        'deleteCompanyStaff',
        'downloadCompanyUpload',
        'exportCompanyAuditLog',
        'fixUploadMapping',
        'getCompanyAuditLogOptions',
        'getCompanyStorage',
        'getCompanyUpload',
        'getCompanyUploadViewer',
        'getCompanyUploadViewerLineage',
        'getCompanyUploadViewerRows',
        'getCompanyWeeklyStats',
        'getCurrentCompany',
        'listCompanyAuditLog',
        'listCompanyFileUploads',
        'listCompanyStaff',
        'listCompanyWeeklyDocuments',
        'matchCompanyWeeklyUploads',
        'resetCompanyStaffPassword',
        'reviewWeeklyDocument',
      ]);
    });

    it.each(['SYSTEM', 'STAFF'] as const)('refuses a signed-in %s every /company call with 403 and changes nothing', async (role) => {
      const user = await t.createUser(role, { companyId: role === 'SYSTEM' ? null : acmeId });
      const agent = await t.signIn(role, user.email, user.password);
      for (const answer of await answersTo(agent, companyCalls())) expect(answer).toEqual({ call: answer.call, status: 403, body: FORBIDDEN });
      expect(await db.select().from(users).where(eq(users.email, 'eve.intruder@example.com'))).toEqual([]);
    });

    it('refuses an anonymous caller every /company call with 401', async () => {
      for (const answer of await answersTo(t.agent(), companyCalls())) {
        expect(answer).toEqual({ call: answer.call, status: 401, body: expect.objectContaining({ error: 'UNAUTHORIZED' }) });
      }
    });
  });

  describe('the current company', () => {
    it("answers the caller's own company with its counts taken from the data", async () => {
      const companyId = await t.createCompany('Counting Co');
      const admin = await t.createUser('ADMIN', { companyId });
      const staff = await t.createUser('STAFF', { companyId });
      await t.createUser('STAFF', { companyId });
      await db.insert(clients).values([
        { companyId, name: 'Open one', assignedStaffId: staff.id },
        { companyId, name: 'Open two', assignedStaffId: staff.id },
        { companyId, name: 'Dormant', status: 'INACTIVE', assignedStaffId: staff.id },
      ]);
      const agent = await t.signIn('ADMIN', admin.email, admin.password);
      const response = await agent.get('/api/company/current');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: { company: { id: companyId, name: 'Counting Co', staff_count: 2, active_clients: 2, created_at: expect.any(String) } },
      });
      expect((await globexAdmin.get('/api/company/current')).json().data.company).toMatchObject({ id: globexId, name: 'Globex', staff_count: 1 });
    });
  });

  describe('adding staff', () => {
    it('creates a member of the caller’s company, trimmed and lower-cased, who can then sign in, with an audit row', async () => {
      const response = await acmeAdmin.post('/api/company/staff', { name: '  Sam Ortega ', email: 'Sam.Ortega@Example.com', password: 'pass' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        success: true,
        message: 'Staff member created successfully',
        data: { staff: { id: expect.any(String), name: 'Sam Ortega', email: 'sam.ortega@example.com', created_at: expect.any(String) } },
      });
      const { staff } = response.json().data;
      const signIn = await t.agent().post('/api/auth/staff', { email: 'sam.ortega@example.com', password: 'pass' });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().data.user).toMatchObject({ id: staff.id, role: 'STAFF', company_id: acmeId, company_name: 'Acme Payroll' });
      expect(await auditOf('user.create', staff.id)).toEqual([expect.objectContaining({ companyId: acmeId, actorId: acmeAdminId, actorRole: 'ADMIN' })]);
    });

    it('takes the company from the session, never from the request', async () => {
      const response = await globexAdmin.post('/api/company/staff', { name: 'Placed', email: 'placed@example.com', password: 'pass', company_id: acmeId });
      expect(response.statusCode).toBe(201);
      const [row] = await db.select({ companyId: users.companyId, role: users.role }).from(users).where(eq(users.email, 'placed@example.com'));
      expect(row).toEqual({ companyId: globexId, role: 'STAFF' });
    });

    it('refuses an email anyone on the platform already uses, whatever its case', async () => {
      await t.createUser('ADMIN', { companyId: globexId, email: 'shared@example.com' });
      const response = await acmeAdmin.post('/api/company/staff', { name: 'Copy', email: 'SHARED@example.com', password: 'pass' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message: 'A user with this email already exists. Use another email address.', error: 'CONFLICT' });
      expect(await db.select().from(users).where(eq(users.email, 'shared@example.com'))).toHaveLength(1);
    });

    it.each([
      [{ email: 's1@example.com', password: 'pass' }, 'Name is required'],
      [{ name: '', email: 's2@example.com', password: 'pass' }, 'Name is required'],
      [{ name: '   ', email: 's3@example.com', password: 'pass' }, 'Name is required'],
      [{ name: 'n'.repeat(101), email: 's4@example.com', password: 'pass' }, 'Name must be less than 100 characters'],
      [{ name: 'Al', password: 'pass' }, 'Email is required'],
      [{ name: 'Al', email: '', password: 'pass' }, 'Email is required'],
      [{ name: 'Al', email: 'not-an-email', password: 'pass' }, 'Invalid email format'],
      [{ name: 'Al', email: 's5@example.com' }, 'Password must be at least 4 characters'],
      [{ name: 'Al', email: 's6@example.com', password: 'abc' }, 'Password must be at least 4 characters'],
      [{ name: 'Al', email: 's7@example.com', password: 'p'.repeat(101) }, 'Password must be less than 100 characters'],
    ])('refuses the new member %j with "%s"', async (body, message) => {
      const response = await acmeAdmin.post('/api/company/staff', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message, error: 'VALIDATION_ERROR' });
    });

    it('accepts a name of exactly 100 characters and a password of exactly 100', async () => {
      const response = await acmeAdmin.post('/api/company/staff', { name: 'n'.repeat(100), email: 'limits@example.com', password: 'p'.repeat(100) });
      expect(response.statusCode).toBe(201);
    });
  });

  describe('listing staff', () => {
    let pagingAdmin: Agent;
    beforeAll(async () => {
      const companyId = await t.createCompany('Paging Co');
      const admin = await t.createUser('ADMIN', { companyId, name: 'Paging Admin' });
      pagingAdmin = await t.signIn('ADMIN', admin.email, admin.password);
      for (let index = 1; index <= 12; index += 1) {
        const member = await t.createUser('STAFF', { companyId, name: `Member ${String(index).padStart(2, '0')}`, email: `member${index}@paging.example` });
        await db.update(users).set({ createdAt: new Date(Date.UTC(2025, 8, 8, 9, index)) }).where(eq(users.id, member.id));
      }
      await t.createUser('STAFF', { companyId, name: 'Percent 100% Sure', email: 'percent@paging.example' });
      await t.createUser('STAFF', { companyId: globexId, name: 'Member 99 Elsewhere', email: 'member99@paging.example' });
    });

    it('pages ten at a time by default, oldest first, with the admin staff pagination, and no admins', async () => {
      const first = await pagingAdmin.get('/api/company/staff');
      expect(first.statusCode).toBe(200);
      const { staff, pagination } = first.json().data;
      expect(staff.map((member: { name: string }) => member.name)).toEqual(Array.from({ length: 10 }, (_, index) => `Member ${String(index + 1).padStart(2, '0')}`));
      expect(staff[0]).toEqual({ id: expect.any(String), name: 'Member 01', email: 'member1@paging.example', created_at: '2025-09-08T09:01:00.000Z' });
      expect(pagination).toEqual({ page: 1, totalPages: 2, totalCount: 13, hasPrev: false, hasNext: true });
      const second = (await pagingAdmin.get('/api/company/staff?page=2')).json().data;
      expect(second.staff.map((member: { name: string }) => member.name)).toEqual(['Member 11', 'Member 12', 'Percent 100% Sure']);
      expect(second.pagination).toEqual({ page: 2, totalPages: 2, totalCount: 13, hasPrev: true, hasNext: false });
      expect((await pagingAdmin.get('/api/company/staff?limit=5&page=3')).json().data.pagination).toEqual({
        page: 3,
        totalPages: 3,
        totalCount: 13,
        hasPrev: true,
        hasNext: false,
      });
    });

    it("searches name or email, any case, only within the caller's company, taking % literally", async () => {
      const byName = (await pagingAdmin.get('/api/company/staff?search=mEmBeR%201')).json().data;
      expect(byName.staff.map((member: { name: string }) => member.name)).toEqual(['Member 10', 'Member 11', 'Member 12']);
      expect(byName.pagination).toEqual({ page: 1, totalPages: 1, totalCount: 3, hasPrev: false, hasNext: false });
      const byEmail = (await pagingAdmin.get('/api/company/staff?search=MEMBER9%40')).json().data;
      expect(byEmail.staff.map((member: { email: string }) => member.email)).toEqual(['member9@paging.example']);
      const percent = (await pagingAdmin.get(`/api/company/staff?search=${encodeURIComponent('100%')}`)).json().data;
      expect(percent.staff.map((member: { name: string }) => member.name)).toEqual(['Percent 100% Sure']);
      const none = (await pagingAdmin.get('/api/company/staff?search=elsewhere')).json().data;
      expect(none).toEqual({ staff: [], pagination: { page: 1, totalPages: 0, totalCount: 0, hasPrev: false, hasNext: false } });
    });

    it("never shows another company's staff", async () => {
      const listed = (await globexAdmin.get('/api/company/staff?limit=100')).json().data.staff.map((member: { id: string }) => member.id);
      expect(listed).toContain(globexStaffId);
      const acmeListed = (await acmeAdmin.get('/api/company/staff?limit=100')).json().data.staff.map((member: { id: string }) => member.id);
      expect(acmeListed).not.toContain(globexStaffId);
    });
  });

  describe('deleting staff', () => {
    it('deletes a member without clients: their session ends at once and they cannot sign in, with an audit row', async () => {
      const member = await addStaff(acmeAdmin, 'Leaving Lee', 'leaving.lee@example.com');
      const session = await t.signIn('STAFF', member.email, 'pass1234');
      expect((await session.get('/api/staff/clients')).statusCode).toBe(200);

      const response = await acmeAdmin.delete(`/api/company/staff/${member.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Leaving Lee has been deleted successfully' });

      const next = await session.get('/api/staff/clients');
      expect(next.statusCode).toBe(401);
      expect(next.json()).toMatchObject({ success: false, error: 'SESSION_ENDED' });
      expect((await session.post('/api/auth/refresh')).statusCode).toBe(401);
      expect((await t.agent().post('/api/auth/staff', { email: member.email, password: 'pass1234' })).statusCode).toBe(401);
      expect(await auditOf('user.delete', member.id)).toEqual([
        expect.objectContaining({ companyId: acmeId, actorRole: 'ADMIN', details: { role: 'STAFF', email: 'leaving.lee@example.com', name: 'Leaving Lee' } }),
      ]);
      expect((await acmeAdmin.delete(`/api/company/staff/${member.id}`)).json()).toEqual(STAFF_NOT_FOUND);
    });

    it.each([
      [3, 'Busy Bea still has 3 clients assigned. Reassign them to another staff member before deleting.'],
      [1, 'Busy Bea still has 1 client assigned. Reassign it to another staff member before deleting.'],
    ])('refuses to delete a member who still has %i client(s), naming the count', async (clientCount, message) => {
      const member = await addStaff(acmeAdmin, 'Busy Bea', `busy.bea.${clientCount}@example.com`);
      const session = await t.signIn('STAFF', member.email, 'pass1234');
      await db.insert(clients).values(Array.from({ length: clientCount }, (_, index) => ({ companyId: acmeId, name: `Bea client ${index}`, assignedStaffId: member.id })));

      const response = await acmeAdmin.delete(`/api/company/staff/${member.id}`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message, error: 'CONFLICT' });
      expect((await session.get('/api/staff/clients')).json().data.pagination.totalCount).toBe(clientCount);
      expect(await auditOf('user.delete', member.id)).toEqual([]);
    });

    it('deletes the member once their clients are reassigned', async () => {
      const member = await addStaff(acmeAdmin, 'Moving Mo', 'moving.mo@example.com');
      const successor = await addStaff(acmeAdmin, 'Staying Sal', 'staying.sal@example.com');
      const created = await acmeAdmin.post('/api/client', { name: 'Handed Over Ltd', assigned_staff_id: member.id });
      expect((await acmeAdmin.delete(`/api/company/staff/${member.id}`)).statusCode).toBe(409);
      expect((await acmeAdmin.put(`/api/client/${created.json().data.client.id}`, { assigned_staff_id: successor.id })).statusCode).toBe(200);
      expect((await acmeAdmin.delete(`/api/company/staff/${member.id}`)).statusCode).toBe(200);
    });

    it("answers 'Staff member not found' for an admin, another company's member, an operator or a missing id, and deletes nobody", async () => {
      const operator = await t.createUser('SYSTEM');
      for (const target of [acmeAdminId, globexStaffId, operator.id, randomUUID()]) {
        const response = await acmeAdmin.delete(`/api/company/staff/${target}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(STAFF_NOT_FOUND);
      }
      const survivors = (await db.select({ id: users.id }).from(users)).map((row) => row.id);
      expect(survivors).toEqual(expect.arrayContaining([acmeAdminId, globexStaffId, operator.id]));
    });
  });
});
