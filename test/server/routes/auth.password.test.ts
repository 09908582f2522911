import { and, eq } from 'drizzle-orm';
import { auditLog, type Role, sessions } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { connect, cookieOf, listen } from '../realtime/socketClient';

jest.setTimeout(60_000);

const TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';
const UNCHANGED = 'The new password must be different from your current password.';
const WRONG_CURRENT = 'Your current password is not correct.';
const WAIT = 'Too many login attempts. Please wait 15 minutes and try again.';
const SESSION_ENDED = { success: false, message: 'Your session has ended. Please sign in again.', error: 'SESSION_ENDED' };
const NEW_PASSWORD = 'violet-harbour-47';

const refusal = (field: string, message: string) => ({ success: false, message, error: 'VALIDATION_ERROR', errors: [{ field, message }] });

describe('changing one’s own password', () => {
  let t: TestApp;
  let companyId: string;

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL_AND_IP: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
    companyId = await t.createCompany('Acme Payroll');
  });
  afterAll(() => t.close());

  async function account(role: Role) {
    const user = await t.createUser(role, { companyId: role === 'SYSTEM' ? null : companyId });
    return { ...user, role, agent: await t.signIn(role, user.email, user.password) };
  }

  const signIn = (role: Role, email: string, password: string) => t.agent().post(`/api/auth/${role.toLowerCase()}`, { email, password });
  const change = (agent: Agent, currentPassword: string, newPassword: string) => agent.post('/api/auth/password', { currentPassword, newPassword });

  it.each(['SYSTEM', 'ADMIN', 'STAFF'] as const)('lets a %s user change it: the old one no longer signs in, the new one does', async (role) => {
    const user = await account(role);
    const response = await change(user.agent, user.password, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Your password has been changed.' });
    expect((await signIn(role, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(role, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('ends every other session of the user and keeps this one', async () => {
    const user = await account('ADMIN');
    const otherBrowser = await t.signIn('ADMIN', user.email, user.password);
    const thirdBrowser = await t.signIn('ADMIN', user.email, user.password);
    expect((await change(user.agent, user.password, NEW_PASSWORD)).statusCode).toBe(200);

    expect((await user.agent.get('/api/auth/me')).statusCode).toBe(200);
    expect((await user.agent.post('/api/auth/refresh')).statusCode).toBe(200);
    for (const ended of [otherBrowser, thirdBrowser]) {
      const me = await ended.get('/api/auth/me');
      expect({ status: me.statusCode, body: me.json() }).toEqual({ status: 401, body: SESSION_ENDED });
      expect((await ended.post('/api/auth/refresh')).statusCode).toBe(401);
    }
    const rows = await t.app.ctx.db.select({ revokedReason: sessions.revokedReason }).from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.revokedReason ?? 'live').sort()).toEqual(['live', 'password changed', 'password changed']);
  });

  it('writes an audit row that names who changed it and how many sessions ended, never the password', async () => {
    const user = await account('STAFF');
    await t.signIn('STAFF', user.email, user.password);
    expect((await change(user.agent, user.password, NEW_PASSWORD)).statusCode).toBe(200);
    const rows = await t.app.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.password_change'), eq(auditLog.entityId, user.id)));
    expect(rows).toEqual([expect.objectContaining({ actorId: user.id, actorRole: 'STAFF', companyId, entityType: 'user', details: { sessionsEnded: 1 } })]);
    expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);

    const admin = await account('ADMIN');
    const log = await admin.agent.get('/api/company/audit?action=user.password_change');
    expect(log.json().data.entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'user.password_change', entity_id: user.id, summary: 'Changed own password' })]),
    );
  });

  it('refuses a wrong current password, changes nothing and ends no session', async () => {
    const user = await account('STAFF');
    const otherBrowser = await t.signIn('STAFF', user.email, user.password);
    const response = await change(user.agent, 'not-my-password', NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal('currentPassword', WRONG_CURRENT));
    expect((await signIn('STAFF', user.email, user.password)).statusCode).toBe(200);
    expect((await otherBrowser.get('/api/auth/me')).statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.password_change'), eq(auditLog.entityId, user.id)))).toEqual([]);
  });

  it('counts wrong current passwords against the sign-in throttle, so it cannot be used to guess faster', async () => {
    const user = await account('STAFF');
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await change(user.agent, `guess-${attempt}`, NEW_PASSWORD)).statusCode).toBe(400);
    const limited = await change(user.agent, user.password, NEW_PASSWORD);
    expect({ status: limited.statusCode, body: limited.json() }).toEqual({ status: 429, body: { success: false, message: WAIT, error: 'RATE_LIMITED' } });
    // The sign-in page of another browser at the same address counts the same failures.
    expect((await signIn('STAFF', user.email, user.password)).statusCode).toBe(429);
    expect((await user.agent.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('forgets the failed attempts once the right current password is given', async () => {
    const user = await account('ADMIN');
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await change(user.agent, `guess-${attempt}`, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await change(user.agent, user.password, NEW_PASSWORD)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await change(user.agent, `guess-${attempt}`, 'another-fine-phrase')).statusCode).toBe(400);
    expect((await change(user.agent, NEW_PASSWORD, 'another-fine-phrase')).statusCode).toBe(200);
  });

  it('refuses a new password equal to the current one', async () => {
    const user = await account('STAFF');
    const response = await change(user.agent, user.password, user.password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal('newPassword', UNCHANGED));
  });

  it.each(['password1', 'Password1', 'QWERTY', 'letmein', 'Dragon'])('refuses the common password %s, whatever its case', async (common) => {
    const user = await account('STAFF');
    const response = await change(user.agent, user.password, common);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal('newPassword', TOO_COMMON));
    expect((await signIn('STAFF', user.email, user.password)).statusCode).toBe(200);
  });

  it.each([
    [{ newPassword: NEW_PASSWORD }, 'currentPassword', 'Current password is required'],
    [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'currentPassword', 'Current password is required'],
    [{ currentPassword: 'secret-pass' }, 'newPassword', 'Password must be at least 4 characters'],
    [{ currentPassword: 'secret-pass', newPassword: 'abc' }, 'newPassword', 'Password must be at least 4 characters'],
    [{ currentPassword: 'secret-pass', newPassword: 'p'.repeat(101) }, 'newPassword', 'Password must be less than 100 characters'],
  ])('refuses %j with "%s: %s"', async (body, field, message) => {
    const user = await account('STAFF');
    const response = await user.agent.post('/api/auth/password', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message, errors: [{ field, message }] });
  });

  it('accepts a new password of exactly 4 and of exactly 100 characters', async () => {
    const user = await account('STAFF');
    expect((await change(user.agent, user.password, 'zq7!')).statusCode).toBe(200);
    expect((await change(user.agent, 'zq7!', 'k'.repeat(99) + '7')).statusCode).toBe(200);
  });

  it('changes only the caller’s own password, whoever the body names', async () => {
    const caller = await account('ADMIN');
    const colleague = await account('STAFF');
    const response = await caller.agent.post('/api/auth/password', { currentPassword: caller.password, newPassword: NEW_PASSWORD, userId: colleague.id });
    expect(response.statusCode).toBeLessThan(500);
    expect((await signIn('STAFF', colleague.email, colleague.password)).statusCode).toBe(200);
    expect((await colleague.agent.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('refuses an anonymous caller with 401', async () => {
    const response = await t.agent().post('/api/auth/password', { currentPassword: 'secret-pass', newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
  });

  it('closes the open sockets of the sessions it ended, and leaves this session’s socket open', async () => {
    const baseUrl = await listen(t);
    const user = await account('STAFF');
    const otherBrowser = await t.signIn('STAFF', user.email, user.password);
    const ownSocket = await connect(baseUrl, { cookie: cookieOf(user.agent) });
    const otherSocket = await connect(baseUrl, { cookie: cookieOf(otherBrowser) });
    try {
      const disconnected = new Promise<void>((resolve) => otherSocket.socket.once('disconnect', () => resolve()));
      expect((await change(user.agent, user.password, NEW_PASSWORD)).statusCode).toBe(200);
      await disconnected;
      await ownSocket.settle();
      expect(ownSocket.socket.connected).toBe(true);
    } finally {
      ownSocket.close();
      otherSocket.close();
    }
  });
});
