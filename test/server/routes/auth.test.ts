import { type Role } from '@/server/db/schema';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';

const ROLES: Role[] = ['SYSTEM', 'ADMIN', 'STAFF'];

describe('sessions', () => {
  let t: TestApp;
  const accounts = {} as Record<Role, { email: string; password: string }>;

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL_AND_IP: '4', LOGIN_MAX_FAILURES_PER_IP: '1000' });
    const companyId = await t.createCompany('Acme Payroll');
    accounts.SYSTEM = await t.createUser('SYSTEM');
    accounts.ADMIN = await t.createUser('ADMIN', { companyId, name: 'Ada Admin' });
    accounts.STAFF = await t.createUser('STAFF', { companyId });
  });
  afterAll(() => t.close());

  describe.each(ROLES)('a %s user', (role) => {
    it.each(ROLES)('signing in at the %s endpoint', async (endpoint) => {
      const response = await t.agent().post(`/api/auth/${endpoint.toLowerCase()}`, accounts[role]);
      if (endpoint === role) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ success: true, data: { user: { email: accounts[role].email, role } } });
      } else {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ success: false, message: 'Invalid email or password', error: 'INVALID_CREDENTIALS' });
      }
    });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const wrongPassword = await t.agent().post('/api/auth/staff', { email: accounts.STAFF.email, password: 'nope' });
    const unknownEmail = await t.agent().post('/api/auth/staff', { email: 'nobody@example.com', password: 'nope' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const response = await t.agent().post('/api/auth/admin', { email: `  ${accounts.ADMIN.email.toUpperCase()} `.trim(), password: accounts.ADMIN.password });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    [{ email: 'not-an-email', password: 'x' }, 'Please enter a valid email address'],
    [{ password: 'x' }, 'Please enter a valid email address'],
    [{ email: 'a@example.com', password: '' }, 'Password is required'],
    [{ email: 'a@example.com' }, 'Password is required'],
  ])('refuses the login body %j with "%s"', async (body, message) => {
    const response = await t.agent().post('/api/auth/admin', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message, error: 'VALIDATION_ERROR' });
  });

  it('sets httpOnly SameSite=Lax cookies for the session, the refresh and known-device tokens only for the session endpoints', async () => {
    const response = await t.agent().post('/api/auth/admin', accounts.ADMIN);
    const cookies = response.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string; secure?: boolean; maxAge?: number }[];
    const access = cookies.find((c) => c.name === 'access_token');
    const refresh = cookies.find((c) => c.name === 'refresh_token');
    const knownDevice = cookies.find((c) => c.name === 'known_device');
    // The access cookie outlives its 15-minute token on purpose, so an expired token still arrives
    // and is answered TOKEN_EXPIRED (see the refresh test below).
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7 * 24 * 3600 });
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth', maxAge: 7 * 24 * 3600 });
    expect(knownDevice).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth', maxAge: 90 * 24 * 3600 });
    expect(cookies.some((c) => c.secure)).toBe(false);
  });

  it('tells the signed-in user who they are, and nobody else', async () => {
    const agent = await t.signIn('ADMIN', accounts.ADMIN.email, accounts.ADMIN.password);
    const me = await agent.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ name: 'Ada Admin', email: accounts.ADMIN.email, role: 'ADMIN', company_name: 'Acme Payroll' });
    expect(me.json().data).not.toHaveProperty('passwordHash');
    const anonymous = await t.agent().get('/api/auth/me');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
  });

  it('answers TOKEN_EXPIRED for an expired access token, and works again after one refresh', async () => {
    const agent = await t.signIn('STAFF', accounts.STAFF.email, accounts.STAFF.password);
    // Only the clock moves on: 16 minutes, past the access token's 15.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });
    jest.setSystemTime(Date.now() + 16 * 60 * 1000);
    try {
      const expired = await agent.get('/api/auth/me');
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ error: 'TOKEN_EXPIRED' });
      const refreshed = await agent.post('/api/auth/refresh');
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json()).toEqual({ success: true, message: 'Session refreshed' });
      const repeated = await agent.get('/api/auth/me');
      expect(repeated.statusCode).toBe(200);
    } finally {
      jest.useRealTimers();
    }
  });

  it('ends the whole session when a spent refresh token is presented again after the grace window', async () => {
    const agent = await t.signIn('ADMIN', accounts.ADMIN.email, accounts.ADMIN.password);
    const stolen = agent.cookies.get('refresh_token')!.value;
    expect((await agent.post('/api/auth/refresh')).statusCode).toBe(200);
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200);

    // Only the clock moves on: 11 seconds, past the 10 in which the same browser's second tab is
    // answered with the same new pair (see auth.refreshGrace.test.ts).
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });
    jest.setSystemTime(Date.now() + 11 * 1000);
    try {
      const attacker = t.agent();
      attacker.cookies.set('refresh_token', { value: stolen, path: '/api/auth' });
      const reuse = await attacker.post('/api/auth/refresh');
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toMatchObject({ error: 'SESSION_ENDED' });

      // The rightful holder's fresh tokens die with the session.
      const afterwards = await agent.get('/api/auth/me');
      expect(afterwards.statusCode).toBe(401);
      expect(afterwards.json()).toMatchObject({ error: 'SESSION_ENDED' });
      expect((await agent.post('/api/auth/refresh')).statusCode).toBe(401);
    } finally {
      jest.useRealTimers();
    }
  });

  it('checks sign-in and role before it reads or validates the body', async () => {
    const anonymous = await t.agent().post('/api/system/companies', { name: '' });
    expect(anonymous.statusCode).toBe(401);
    const admin = await t.signIn('ADMIN', accounts.ADMIN.email, accounts.ADMIN.password);
    const wrongRole = await admin.post('/api/system/companies', { name: '' });
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json()).toMatchObject({ success: false, error: 'FORBIDDEN' });
  });

  it('refuses a refresh without a refresh token', async () => {
    const response = await t.agent().post('/api/auth/refresh');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, error: 'SESSION_ENDED' });
  });

  it('logs out: the cookies are cleared and the session cannot be used again', async () => {
    const agent = await t.signIn('SYSTEM', accounts.SYSTEM.email, accounts.SYSTEM.password);
    const access = agent.cookies.get('access_token')!.value;
    const response = await agent.post('/api/auth/logout');
    expect(response.statusCode).toBe(200);
    // The browser stays known to the account (sign-in throttling), and signed out.
    expect([...agent.cookies.keys()]).toEqual(['known_device']);
    const replay = t.agent();
    replay.cookies.set('access_token', { value: access, path: '/' });
    expect((await replay.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('slows down guessing: after too many failures for one email it answers 429 with a clear message', async () => {
    const target = await t.createUser('STAFF', { companyId: null });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await t.agent().post('/api/auth/staff', { email: target.email, password: 'wrong' })).statusCode).toBe(401);
    }
    const limited = await t.agent().post('/api/auth/staff', { email: target.email, password: target.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: 'Too many login attempts. Please wait 15 minutes and try again.', error: 'RATE_LIMITED' });
  });

  it('refuses a state-changing request from another site, and accepts one from its own origin', async () => {
    const foreign = await t.agent().post('/api/auth/admin', accounts.ADMIN, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ success: false, error: 'FORBIDDEN' });
    const own = await t.agent().post('/api/auth/admin', accounts.ADMIN, { origin: 'http://localhost:3000' });
    expect(own.statusCode).toBe(200);
  });
});

describe('allowed origins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ALLOWED_ORIGINS: 'https://app.payroll.example' });
  });
  afterAll(() => t.close());

  it('accepts a configured origin', async () => {
    const user = await t.createUser('SYSTEM');
    const response = await t.agent().post('/api/auth/system', user, { origin: 'https://app.payroll.example' });
    expect(response.statusCode).toBe(200);
  });

  it('marks cookies Secure when configured', async () => {
    const secure = await buildTestApp({ COOKIE_SECURE: 'true' });
    try {
      const user = await secure.createUser('SYSTEM');
      const response = await secure.agent().post('/api/auth/system', user);
      const cookies = response.cookies as { name: string; secure?: boolean }[];
      expect(cookies.every((cookie) => cookie.secure)).toBe(true);
    } finally {
      await secure.close();
    }
  });
});
