import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { loadContract } from '@/server/http/contract';
import { auditLog, clients, users } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';

jest.setTimeout(30_000);

/** Requests every /system operation of the contract, with a body that would pass validation. */
function systemCalls(): { operationId: string; method: string; url: string; body?: unknown }[] {
  const bodies: Record<string, unknown> = {
    createCompany: { name: 'Someone Else Inc' },
    updateCompany: { name: 'Someone Else Inc' },
    createCompanyAdmin: { name: 'Eve', email: 'eve@example.com', password: 'pass1234' },
  };
  return loadContract()
    .operations.filter((operation) => operation.path.startsWith('/system/'))
    .map((operation) => ({
      operationId: operation.operationId,
      method: operation.method,
      url: `/api${operation.path.replace(/\{\w+\}/g, randomUUID())}`,
      body: bodies[operation.operationId],
    }));
}

describe('operators: companies and their admins', () => {
  let t: TestApp;
  let system: Agent;
  let acmeId: string;
  let db: TestApp['app']['ctx']['db'];

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    const operator = await t.createUser('SYSTEM', { name: 'Olga Operator' });
    system = await t.signIn('SYSTEM', operator.email, operator.password);
    acmeId = await t.createCompany('Acme Payroll');
  });
  afterAll(() => t.close());

  describe('who may call', () => {
    it('covers the whole operators area of the contract', () => {
      expect(systemCalls().map((call) => call.operationId).sort()).toEqual(
        [
          'createCompany',
          'createCompanyAdmin',
          'deleteCompany',
          'deleteCompanyAdmin',
          'exportAuditLog',
          'getAuditLogOptions',
          'getCompany',
          'getConsolidatedFileContent',
          'getConsolidatedFileViewer',
          'getConsolidatedFileViewerRows',
          'listAuditLog',
          'listCompanies',
          'listCompanyAdmins',
          'listConsolidatedFiles',
          'resetCompanyAdminPassword',
          'updateCompany',
          'uploadConsolidatedFile',
        ].sort(),
      );
    });

    it.each(['ADMIN', 'STAFF'] as const)('refuses a signed-in %s every /system call with 403 and changes nothing', async (role) => {
      const user = await t.createUser(role, { companyId: acmeId });
      const agent = await t.signIn(role, user.email, user.password);
      for (const call of systemCalls()) {
        const response = await agent.request({ method: call.method as 'GET', url: call.url, payload: call.body as object });
        expect({ call: call.operationId, status: response.statusCode, body: response.json() }).toEqual({
          call: call.operationId,
          status: 403,
          body: { success: false, message: 'You do not have access to this resource.', error: 'FORBIDDEN' },
        });
      }
      const [acme] = await db.select().from(users).where(eq(users.email, 'eve@example.com'));
      expect(acme).toBeUndefined();
    });

    it('refuses an anonymous caller every /system call with 401', async () => {
      for (const call of systemCalls()) {
        const response = await t.agent().request({ method: call.method as 'GET', url: call.url, payload: call.body as object });
        expect({ call: call.operationId, status: response.statusCode, error: response.json().error }).toEqual({
          call: call.operationId,
          status: 401,
          error: 'UNAUTHORIZED',
        });
      }
    });
  });

  describe('companies', () => {
    it('creates a company with a trimmed name, zero counts, and an audit row in its name', async () => {
      const response = await system.post('/api/system/companies', { name: '  Northwind Traders  ' });
      expect(response.statusCode).toBe(201);
      const { company } = response.json().data;
      expect(company).toMatchObject({ name: 'Northwind Traders', staff_count: 0, active_clients: 0 });
      const audit = await db.select().from(auditLog).where(and(eq(auditLog.action, 'company.create'), eq(auditLog.entityId, company.id)));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorRole: 'SYSTEM', companyId: company.id, entityType: 'company' });
      expect(audit[0].actorId).toEqual(expect.any(String));
    });

    it.each([
      [{}, 'Company name is required'],
      [{ name: '' }, 'Company name is required'],
      [{ name: '    ' }, 'Company name is required'],
      [{ name: 'x'.repeat(256) }, 'Company name must be less than 255 characters'],
    ])('refuses to create a company from %j with "%s"', async (body, message) => {
      const response = await system.post('/api/system/companies', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message, error: 'VALIDATION_ERROR' });
    });

    it('accepts a name of exactly 255 characters', async () => {
      const response = await system.post('/api/system/companies', { name: 'n'.repeat(255) });
      expect(response.statusCode).toBe(201);
    });

    it('counts staff users and active clients from the data', async () => {
      const companyId = await t.createCompany('Counting Co');
      await t.createUser('STAFF', { companyId });
      const staff = await t.createUser('STAFF', { companyId });
      await t.createUser('ADMIN', { companyId });
      await db.insert(clients).values([
        { companyId, name: 'Active one', status: 'ACTIVE', assignedStaffId: staff.id },
        { companyId, name: 'Active two', status: 'ACTIVE' },
        { companyId, name: 'Dormant', status: 'INACTIVE' },
      ]);
      const response = await system.get(`/api/system/companies/${companyId}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: { company: { id: companyId, name: 'Counting Co', staff_count: 2, active_clients: 2, created_at: expect.any(String) } },
      });
      const listed = await system.get('/api/system/companies?search=counting');
      expect(listed.json().data.companies).toEqual([expect.objectContaining({ id: companyId, staff_count: 2, active_clients: 2 })]);
    });

    it('answers 404 "Company not found" for an unknown company', async () => {
      for (const response of [
        await system.get(`/api/system/companies/${randomUUID()}`),
        await system.patch(`/api/system/companies/${randomUUID()}`, { name: 'Ghost' }),
        await system.delete(`/api/system/companies/${randomUUID()}`),
        await system.get(`/api/system/companies/${randomUUID()}/admins`),
        await system.post(`/api/system/companies/${randomUUID()}/admins`, { name: 'A', email: 'ghost-admin@example.com', password: 'pass' }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ success: false, message: 'Company not found', error: 'NOT_FOUND' });
      }
    });

    it('renames a company, trimming the name and recording the name before and after', async () => {
      const companyId = await t.createCompany('Old Name Ltd');
      const response = await system.patch(`/api/system/companies/${companyId}`, { name: ' New Name Ltd ' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.company).toMatchObject({ id: companyId, name: 'New Name Ltd' });
      expect((await system.get(`/api/system/companies/${companyId}`)).json().data.company.name).toBe('New Name Ltd');
      const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'company.update'), eq(auditLog.entityId, companyId)));
      expect(audit).toMatchObject({ companyId, actorRole: 'SYSTEM', details: { before: { name: 'Old Name Ltd' }, after: { name: 'New Name Ltd' } } });
    });

    it.each([
      [{ name: ' ' }, 'Company name is required'],
      [{ name: 'y'.repeat(300) }, 'Company name must be less than 255 characters'],
    ])('refuses to rename with %j: "%s"', async (body, message) => {
      const response = await system.patch(`/api/system/companies/${acmeId}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
      expect((await system.get(`/api/system/companies/${acmeId}`)).json().data.company.name).toBe('Acme Payroll');
    });
  });

  describe('listing and searching companies', () => {
    let fresh: TestApp;
    let operator: Agent;
    beforeAll(async () => {
      fresh = await buildTestApp();
      const user = await fresh.createUser('SYSTEM');
      operator = await fresh.signIn('SYSTEM', user.email, user.password);
      for (let index = 1; index <= 12; index += 1) await fresh.createCompany(`Company ${String(index).padStart(2, '0')}`);
      await fresh.createCompany('Globex 100% Payroll');
      await fresh.createCompany('GLOBEX_West');
    });
    afterAll(() => fresh.close());

    it('pages ten at a time by default, in name order, with the page-based pagination', async () => {
      const first = await operator.get('/api/system/companies');
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.data.companies).toHaveLength(10);
      expect(body.data.companies[0].name).toBe('Company 01');
      expect(body.data.pagination).toEqual({ page: 1, limit: 10, total: 14, totalPages: 2, hasPrevPage: false, hasNextPage: true });
      const second = (await operator.get('/api/system/companies?page=2')).json().data;
      expect(second.companies.map((company: { name: string }) => company.name)).toEqual(['Company 11', 'Company 12', 'Globex 100% Payroll', 'GLOBEX_West']);
      expect(second.pagination).toEqual({ page: 2, limit: 10, total: 14, totalPages: 2, hasPrevPage: true, hasNextPage: false });
    });

    it('searches names case-insensitively anywhere in the name', async () => {
      const response = await operator.get('/api/system/companies?search=gLoBeX');
      expect(response.json().data.companies.map((company: { name: string }) => company.name)).toEqual(['Globex 100% Payroll', 'GLOBEX_West']);
      expect(response.json().data.pagination).toMatchObject({ total: 2, totalPages: 1 });
    });

    it('takes % and _ in a search literally', async () => {
      const percent = (await operator.get(`/api/system/companies?search=${encodeURIComponent('100%')}`)).json().data.companies;
      expect(percent.map((company: { name: string }) => company.name)).toEqual(['Globex 100% Payroll']);
      const underscore = (await operator.get('/api/system/companies?search=_')).json().data.companies;
      expect(underscore.map((company: { name: string }) => company.name)).toEqual(['GLOBEX_West']);
    });

    it('answers an empty page when nothing matches', async () => {
      const response = await operator.get('/api/system/companies?search=nothing-like-this');
      expect(response.json().data).toEqual({
        companies: [],
        pagination: { page: 1, limit: 10, total: 0, totalPages: 0, hasPrevPage: false, hasNextPage: false },
      });
    });

    it('honours a custom limit and refuses one above 100', async () => {
      expect((await operator.get('/api/system/companies?limit=5&page=3')).json().data.pagination).toEqual({
        page: 3,
        limit: 5,
        total: 14,
        totalPages: 3,
        hasPrevPage: true,
        hasNextPage: false,
      });
      expect((await operator.get('/api/system/companies?limit=101')).statusCode).toBe(400);
    });
  });

  describe('company admins', () => {
    it('creates an admin who can then sign in at the admin login, with an audit row', async () => {
      const companyId = await t.createCompany('Admin Host Co');
      const response = await system.post(`/api/system/companies/${companyId}/admins`, { name: ' Ada Admin ', email: 'Ada.Admin@Example.com', password: 'pass' });
      expect(response.statusCode).toBe(201);
      const { admin } = response.json().data;
      expect(admin).toEqual({ id: expect.any(String), name: 'Ada Admin', email: 'ada.admin@example.com', role: 'ADMIN', created_at: expect.any(String) });
      expect(response.json()).not.toHaveProperty('data.admin.passwordHash');
      const signIn = await t.agent().post('/api/auth/admin', { email: 'ada.admin@example.com', password: 'pass' });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().data.user).toMatchObject({ company_id: companyId, role: 'ADMIN' });
      const audit = await db.select().from(auditLog).where(and(eq(auditLog.action, 'user.create'), eq(auditLog.entityId, admin.id)));
      expect(audit).toEqual([expect.objectContaining({ companyId, actorRole: 'SYSTEM' })]);
    });

    it('refuses an email already used by anyone, whatever its case', async () => {
      const existing = await t.createUser('STAFF', { companyId: acmeId, email: 'taken@example.com' });
      const response = await system.post(`/api/system/companies/${acmeId}/admins`, { name: 'Copy', email: 'TAKEN@Example.COM', password: 'pass' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message: 'A user with this email already exists. Use another email address.', error: 'CONFLICT' });
      const holders = await db.select().from(users).where(eq(users.email, existing.email));
      expect(holders).toHaveLength(1);
    });

    it.each([
      [{ email: 'a1@example.com', password: 'pass' }, 'Name is required'],
      [{ name: '   ', email: 'a2@example.com', password: 'pass' }, 'Name is required'],
      [{ name: 'Al', email: 'not-an-email', password: 'pass' }, 'Invalid email format'],
      [{ name: 'Al', password: 'pass' }, 'Invalid email format'],
      [{ name: 'Al', email: 'a3@example.com', password: 'abc' }, 'Password must be at least 4 characters'],
      [{ name: 'Al', email: 'a4@example.com' }, 'Password must be at least 4 characters'],
    ])('refuses the new admin %j with "%s"', async (body, message) => {
      const response = await system.post(`/api/system/companies/${acmeId}/admins`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message, error: 'VALIDATION_ERROR' });
    });

    it('lists only the admins of that company, ten per page', async () => {
      const companyId = await t.createCompany('Many Admins Co');
      const otherId = await t.createCompany('Other Co');
      for (let index = 0; index < 12; index += 1) await t.createUser('ADMIN', { companyId, name: `Admin ${index}` });
      await t.createUser('STAFF', { companyId, name: 'Not An Admin' });
      await t.createUser('ADMIN', { companyId: otherId, name: 'Foreign Admin' });
      const first = (await system.get(`/api/system/companies/${companyId}/admins`)).json().data;
      expect(first.admins).toHaveLength(10);
      expect(first.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2, hasPrevPage: false, hasNextPage: true });
      const second = (await system.get(`/api/system/companies/${companyId}/admins?page=2`)).json().data;
      expect(second.admins).toHaveLength(2);
      const names = [...first.admins, ...second.admins].map((admin: { name: string; role: string }) => admin.name);
      expect(names).not.toContain('Not An Admin');
      expect(names).not.toContain('Foreign Admin');
      expect(new Set(names).size).toBe(12);
      expect([...first.admins, ...second.admins].every((admin: { role: string }) => admin.role === 'ADMIN')).toBe(true);
    });

    it('removes an admin of the company: their session ends and they cannot sign in again', async () => {
      const companyId = await t.createCompany('Removal Co');
      const admin = await t.createUser('ADMIN', { companyId, name: 'Leaving Admin' });
      const session = await t.signIn('ADMIN', admin.email, admin.password);
      expect((await session.get('/api/auth/me')).statusCode).toBe(200);

      const response = await system.delete(`/api/system/companies/${companyId}/admins/${admin.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Admin removed successfully' });

      expect((await session.get('/api/auth/me')).statusCode).toBe(401);
      expect((await t.agent().post('/api/auth/admin', { email: admin.email, password: admin.password })).statusCode).toBe(401);
      const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.entityId, admin.id)));
      expect(audit).toMatchObject({ companyId, actorRole: 'SYSTEM', details: { role: 'ADMIN', email: admin.email } });
    });

    it('removes only an ADMIN of that very company: anyone else is "Admin not found" and stays', async () => {
      const companyId = await t.createCompany('Guarded Co');
      const otherId = await t.createCompany('Neighbour Co');
      const staff = await t.createUser('STAFF', { companyId });
      const foreignAdmin = await t.createUser('ADMIN', { companyId: otherId });
      const operator = await t.createUser('SYSTEM');
      for (const target of [staff.id, foreignAdmin.id, operator.id, randomUUID()]) {
        const response = await system.delete(`/api/system/companies/${companyId}/admins/${target}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ success: false, message: 'Admin not found', error: 'NOT_FOUND' });
      }
      const survivors = await db.select({ id: users.id }).from(users);
      expect(survivors.map((row) => row.id)).toEqual(expect.arrayContaining([staff.id, foreignAdmin.id, operator.id]));
    });
  });
});
