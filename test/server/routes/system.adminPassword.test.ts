import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';

jest.setTimeout(60_000);

const NEW_PASSWORD = 'violet-harbour-47';
const ADMIN_NOT_FOUND = { success: false, message: 'Admin not found', error: 'NOT_FOUND' };
const COMPANY_NOT_FOUND = { success: false, message: 'Company not found', error: 'NOT_FOUND' };
const FORBIDDEN = { success: false, message: 'You do not have access to this resource.', error: 'FORBIDDEN' };
const TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';

describe("an operator resets the password of a company's admin", () => {
  let t: TestApp;
  let operator: Agent;
  let operatorId: string;
  let acmeId: string;
  let globexId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await t.createUser('SYSTEM', { name: 'Olga Operator' });
    operatorId = user.id;
    operator = await t.signIn('SYSTEM', user.email, user.password);
    acmeId = await t.createCompany('Acme Payroll');
    globexId = await t.createCompany('Globex');
  });
  afterAll(() => t.close());

  /** An admin of the company, signed in from two browsers. */
  async function adminOf(companyId: string, name = 'Ada Admin') {
    const admin = await t.createUser('ADMIN', { companyId, name });
    const browsers = [await t.signIn('ADMIN', admin.email, admin.password), await t.signIn('ADMIN', admin.email, admin.password)];
    return { ...admin, browsers };
  }

  const reset = (agent: Agent, companyId: string, adminId: string, newPassword = NEW_PASSWORD) =>
    agent.post(`/api/system/companies/${companyId}/admins/${adminId}/password`, { newPassword });
  const signIn = (role: 'ADMIN' | 'STAFF', email: string, password: string) => t.agent().post(`/api/auth/${role.toLowerCase()}`, { email, password });

  it('sets the new password and ends every session of the admin', async () => {
    const admin = await adminOf(acmeId);
    const response = await reset(operator, acmeId, admin.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'The password of Ada Admin has been reset.' });
    expect((await signIn('ADMIN', admin.email, admin.password)).statusCode).toBe(401);
    expect((await signIn('ADMIN', admin.email, NEW_PASSWORD)).statusCode).toBe(200);
    for (const browser of admin.browsers) {
      expect((await browser.get('/api/auth/me')).json()).toMatchObject({ success: false, error: 'SESSION_ENDED' });
      expect((await browser.post('/api/auth/refresh')).statusCode).toBe(401);
    }
    expect((await operator.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('writes an audit row under the company naming the operator and the admin, never the password', async () => {
    const admin = await adminOf(acmeId, 'Rex Reset');
    expect((await reset(operator, acmeId, admin.id)).statusCode).toBe(200);
    const rows = await t.app.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.password_reset'), eq(auditLog.entityId, admin.id)));
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: operatorId,
        actorRole: 'SYSTEM',
        companyId: acmeId,
        entityType: 'user',
        details: { name: 'Rex Reset', email: admin.email, role: 'ADMIN', sessionsEnded: 2 },
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);
  });

  it("touches only admins of the company in the path: another company's admin is not found, and nothing changes", async () => {
    const globexAdmin = await adminOf(globexId);
    const response = await reset(operator, acmeId, globexAdmin.id);
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: ADMIN_NOT_FOUND });
    expect((await signIn('ADMIN', globexAdmin.email, globexAdmin.password)).statusCode).toBe(200);
    for (const browser of globexAdmin.browsers) expect((await browser.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('does not reset a staff member or an operator through the admins route', async () => {
    const staff = await t.createUser('STAFF', { companyId: acmeId });
    const otherOperator = await t.createUser('SYSTEM');
    for (const id of [staff.id, otherOperator.id]) {
      const response = await reset(operator, acmeId, id);
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: ADMIN_NOT_FOUND });
    }
    expect((await signIn('STAFF', staff.email, staff.password)).statusCode).toBe(200);
  });

  it('answers 404 for a company or an admin that does not exist', async () => {
    const admin = await adminOf(acmeId);
    const noCompany = await reset(operator, randomUUID(), admin.id);
    expect({ status: noCompany.statusCode, body: noCompany.json() }).toEqual({ status: 404, body: COMPANY_NOT_FOUND });
    const noAdmin = await reset(operator, acmeId, randomUUID());
    expect({ status: noAdmin.statusCode, body: noAdmin.json() }).toEqual({ status: 404, body: ADMIN_NOT_FOUND });
  });

  it.each(['ADMIN', 'STAFF'] as const)('refuses a signed-in %s with 403 (an admin cannot reset a fellow admin) and changes nothing', async (role) => {
    const target = await adminOf(acmeId);
    const caller = await t.createUser(role, { companyId: acmeId });
    const agent = await t.signIn(role, caller.email, caller.password);
    const response = await reset(agent, acmeId, target.id);
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 403, body: FORBIDDEN });
    expect((await signIn('ADMIN', target.email, target.password)).statusCode).toBe(200);
  });

  it('refuses an anonymous caller with 401', async () => {
    const admin = await adminOf(acmeId);
    expect((await reset(t.agent(), acmeId, admin.id)).statusCode).toBe(401);
  });

  it('refuses a common password and keeps the admin’s sessions', async () => {
    const admin = await adminOf(acmeId);
    const response = await reset(operator, acmeId, admin.id, 'Welcome1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: TOO_COMMON, error: 'VALIDATION_ERROR', errors: [{ field: 'newPassword', message: TOO_COMMON }] });
    expect((await admin.browsers[0].get('/api/auth/me')).statusCode).toBe(200);
  });

  it('refuses a password shorter than 4 characters', async () => {
    const admin = await adminOf(acmeId);
    const response = await reset(operator, acmeId, admin.id, 'abc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Password must be at least 4 characters', errors: [{ field: 'newPassword' }] });
  });
});
