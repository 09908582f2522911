import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { connect, cookieOf, listen } from '../realtime/socketClient';

jest.setTimeout(60_000);

const NEW_PASSWORD = 'violet-harbour-47';
const STAFF_NOT_FOUND = { success: false, message: 'Staff member not found', error: 'NOT_FOUND' };
const FORBIDDEN = { success: false, message: 'You do not have access to this resource.', error: 'FORBIDDEN' };
const SESSION_ENDED = { success: false, message: 'Your session has ended. Please sign in again.', error: 'SESSION_ENDED' };
const TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';

describe("an admin resets the password of one of their company's staff", () => {
  let t: TestApp;
  let acmeId: string;
  let acmeAdmin: Agent;
  let acmeAdminId: string;
  let globexAdmin: Agent;

  beforeAll(async () => {
    t = await buildTestApp();
    acmeId = await t.createCompany('Acme Payroll');
    const globexId = await t.createCompany('Globex');
    const admin = await t.createUser('ADMIN', { companyId: acmeId, name: 'Ada Admin' });
    const other = await t.createUser('ADMIN', { companyId: globexId, name: 'Gus Admin' });
    acmeAdminId = admin.id;
    acmeAdmin = await t.signIn('ADMIN', admin.email, admin.password);
    globexAdmin = await t.signIn('ADMIN', other.email, other.password);
  });
  afterAll(() => t.close());

  /** A staff member of Acme, signed in from two browsers. */
  async function acmeStaff(name = 'Sam Ortega') {
    const member = await t.createUser('STAFF', { companyId: acmeId, name });
    const browsers = [await t.signIn('STAFF', member.email, member.password), await t.signIn('STAFF', member.email, member.password)];
    return { ...member, name, browsers };
  }

  const reset = (agent: Agent, staffId: string, newPassword = NEW_PASSWORD) => agent.post(`/api/company/staff/${staffId}/password`, { newPassword });
  const signIn = (role: 'ADMIN' | 'STAFF', email: string, password: string) => t.agent().post(`/api/auth/${role.toLowerCase()}`, { email, password });

  it('sets the new password: the old one no longer signs in, the new one does', async () => {
    const member = await acmeStaff();
    const response = await reset(acmeAdmin, member.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'The password of Sam Ortega has been reset.' });
    expect((await signIn('STAFF', member.email, member.password)).statusCode).toBe(401);
    expect((await signIn('STAFF', member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("ends every session of the staff member, and none of the admin's", async () => {
    const member = await acmeStaff();
    expect((await reset(acmeAdmin, member.id)).statusCode).toBe(200);
    for (const browser of member.browsers) {
      const me = await browser.get('/api/auth/me');
      expect({ status: me.statusCode, body: me.json() }).toEqual({ status: 401, body: SESSION_ENDED });
      expect((await browser.post('/api/auth/refresh')).statusCode).toBe(401);
    }
    expect((await acmeAdmin.get('/api/auth/me')).statusCode).toBe(200);
  });

  it("closes the staff member's open sockets, and leaves the admin's open", async () => {
    const baseUrl = await listen(t);
    const member = await acmeStaff();
    const memberSocket = await connect(baseUrl, { cookie: cookieOf(member.browsers[0]) });
    const adminSocket = await connect(baseUrl, { cookie: cookieOf(acmeAdmin) });
    try {
      const disconnected = new Promise<void>((resolve) => memberSocket.socket.once('disconnect', () => resolve()));
      expect((await reset(acmeAdmin, member.id)).statusCode).toBe(200);
      await disconnected;
      await adminSocket.settle();
      expect(adminSocket.socket.connected).toBe(true);
    } finally {
      memberSocket.close();
      adminSocket.close();
    }
  });

  it('writes an audit row in the company’s log naming the admin and the member, never the password', async () => {
    const member = await acmeStaff('Rita Reset');
    expect((await reset(acmeAdmin, member.id)).statusCode).toBe(200);
    const rows = await t.app.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.password_reset'), eq(auditLog.entityId, member.id)));
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: acmeAdminId,
        actorRole: 'ADMIN',
        companyId: acmeId,
        entityType: 'user',
        details: { name: 'Rita Reset', email: member.email, role: 'STAFF', sessionsEnded: 2 },
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);
    const log = await acmeAdmin.get('/api/company/audit?action=user.password_reset');
    expect(log.json().data.entries).toEqual(expect.arrayContaining([expect.objectContaining({ entity_id: member.id, summary: 'Reset password Rita Reset' })]));
  });

  it("cannot reset another company's staff member: 404 as for a missing one, and nothing changes", async () => {
    const member = await acmeStaff();
    const response = await reset(globexAdmin, member.id);
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: STAFF_NOT_FOUND });
    expect((await signIn('STAFF', member.email, member.password)).statusCode).toBe(200);
    for (const browser of member.browsers) expect((await browser.get('/api/auth/me')).statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.password_reset'), eq(auditLog.entityId, member.id)))).toEqual([]);
  });

  it('cannot reset an admin (of their own company or another) through the staff route', async () => {
    const fellowAdmin = await t.createUser('ADMIN', { companyId: acmeId });
    const fellowBrowser = await t.signIn('ADMIN', fellowAdmin.email, fellowAdmin.password);
    for (const id of [fellowAdmin.id, acmeAdminId]) {
      const response = await reset(globexAdmin, id);
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: STAFF_NOT_FOUND });
    }
    const own = await reset(acmeAdmin, fellowAdmin.id);
    expect({ status: own.statusCode, body: own.json() }).toEqual({ status: 404, body: STAFF_NOT_FOUND });
    expect((await signIn('ADMIN', fellowAdmin.email, fellowAdmin.password)).statusCode).toBe(200);
    expect((await fellowBrowser.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('answers 404 for an id nobody has', async () => {
    const response = await reset(acmeAdmin, randomUUID());
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: STAFF_NOT_FOUND });
  });

  it.each(['STAFF', 'SYSTEM'] as const)('refuses a signed-in %s with 403 and changes nothing', async (role) => {
    const member = await acmeStaff();
    const caller = role === 'STAFF' ? member : await t.createUser('SYSTEM');
    const agent = role === 'STAFF' ? member.browsers[0] : await t.signIn('SYSTEM', caller.email, caller.password);
    const response = await reset(agent, member.id);
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 403, body: FORBIDDEN });
    expect((await signIn('STAFF', member.email, member.password)).statusCode).toBe(200);
  });

  it('refuses an anonymous caller with 401', async () => {
    const member = await acmeStaff();
    expect((await reset(t.agent(), member.id)).statusCode).toBe(401);
  });

  it.each(['password', 'Monkey', 'ABC123'])('refuses the common password %s, whatever its case, and keeps the sessions', async (common) => {
    const member = await acmeStaff();
    const response = await reset(acmeAdmin, member.id, common);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: TOO_COMMON, error: 'VALIDATION_ERROR', errors: [{ field: 'newPassword', message: TOO_COMMON }] });
    expect((await member.browsers[0].get('/api/auth/me')).statusCode).toBe(200);
  });

  it.each([
    [{}, 'Password must be at least 4 characters'],
    [{ newPassword: 'abc' }, 'Password must be at least 4 characters'],
    [{ newPassword: 'p'.repeat(101) }, 'Password must be less than 100 characters'],
  ])('refuses %j with "%s"', async (body, message) => {
    const member = await acmeStaff();
    const response = await acmeAdmin.post(`/api/company/staff/${member.id}/password`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message, errors: [{ field: 'newPassword', message }] });
  });
});
