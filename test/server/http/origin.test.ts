import { ConfigError, loadConfig } from '@/server/config';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { connect, cookieOf, listen, refusalOf } from '../realtime/socketClient';

/**
 * Cross-site requests (src/server/auth/origin.ts): a state-changing request or a socket handshake is
 * accepted from a page of the public origin (PUBLIC_ORIGIN, or the listening address where it is not
 * set) or of ALLOWED_ORIGINS, compared whole (scheme, host and port), never with the Host header the
 * client writes; one without Origin that carries the session's cookies must say Sec-Fetch-Site:
 * same-origin.
 */
const FROM_ANOTHER_SITE = { success: false, message: 'This request was refused because it came from another site.', error: 'FORBIDDEN' };
const FROM_NO_SITE = {
  success: false,
  message: 'This request was refused because it did not say which site sent it. Please use the app itself, or send an Origin header naming this server.',
  error: 'FORBIDDEN',
};

describe('cross-site requests, with the listening address as the public origin', () => {
  let t: TestApp;
  let staff: { email: string; password: string };

  beforeAll(async () => {
    t = await buildTestApp();
    staff = await t.createUser('STAFF', { companyId: await t.createCompany() });
  });
  afterAll(() => t.close());

  /** A signed-in staff member's ticket, sent with exactly the given headers besides the session's cookies. */
  async function raiseTicket(headers: Record<string, string>) {
    const agent = await t.signIn('STAFF', staff.email, staff.password);
    const cookie = [...agent.cookies].map(([name, { value }]) => `${name}=${value}`).join('; ');
    return t.app.inject({ method: 'POST', url: '/api/ticket', headers: { cookie, ...headers }, payload: { title: 'Payslip question', description: 'Which week?' } });
  }

  it('accepts a page of the listening address, by either of its names', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
      expect([origin, (await raiseTicket({ origin })).statusCode]).toEqual([origin, 201]);
    }
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['the same host over https', 'https://localhost:3000'],
    ['the same host on another port', 'http://localhost:3001'],
    ['an opaque origin', 'null'],
  ])('refuses a page of %s', async (_case, origin) => {
    const response = await raiseTicket({ origin });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FROM_ANOTHER_SITE);
  });

  it('does not take the Host header the client wrote as its own origin', async () => {
    const response = await raiseTicket({ origin: 'http://evil.example', host: 'evil.example' });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a request with the session cookies and no Origin, unless the browser says it came from this origin', async () => {
    const bare = await raiseTicket({});
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toEqual(FROM_NO_SITE);
    expect((await raiseTicket({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await raiseTicket({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await raiseTicket({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
  });

  it('refuses a session refresh with no Origin: the refresh cookie is a session cookie too', async () => {
    const agent = await t.signIn('STAFF', staff.email, staff.password);
    const refresh = agent.cookies.get('refresh_token');
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `refresh_token=${refresh?.value}` } });
    expect(response.statusCode).toBe(403);
  });

  it('lets a script without cookies sign in without Origin, and leaves reads alone', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/staff', payload: staff });
    expect(signIn.statusCode).toBe(200);
    const agent = await t.signIn('STAFF', staff.email, staff.password);
    const read = await t.app.inject({ method: 'GET', url: '/api/ticket', headers: { cookie: cookieOf(agent) } });
    expect(read.statusCode).toBe(200);
  });

  it('follows the port the server actually listens on', async () => {
    const listening = await buildTestApp();
    try {
      const baseUrl = await listen(listening);
      const account = await listening.createUser('SYSTEM');
      const signIn = (origin: string) =>
        fetch(`${baseUrl}/api/auth/system`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(account) });
      expect((await signIn(baseUrl)).status).toBe(200);
      expect((await signIn(baseUrl.replace('127.0.0.1', 'localhost'))).status).toBe(200);
      expect((await signIn('http://127.0.0.1:3000')).status).toBe(403);
    } finally {
      await listening.close();
    }
  });
});

describe('cross-site requests in development', () => {
  it('also accepts the Vite dev server, which forwards the API to this server', async () => {
    const dev = await buildTestApp({ NODE_ENV: 'development' });
    const inTest = await buildTestApp();
    try {
      const origin = 'http://localhost:5173';
      const signIn = async (t: TestApp) => t.app.inject({ method: 'POST', url: '/api/auth/system', headers: { origin }, payload: await t.createUser('SYSTEM') });
      expect((await signIn(dev)).statusCode).toBe(200);
      expect((await signIn(inTest)).statusCode).toBe(403);
    } finally {
      await Promise.all([dev.close(), inTest.close()]);
    }
  });
});

describe('cross-site requests with PUBLIC_ORIGIN and ALLOWED_ORIGINS set', () => {
  let t: TestApp;
  let account: { email: string; password: string };

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_ORIGIN: 'https://Payroll.Example:443/', ALLOWED_ORIGINS: 'https://spa.example, http://spa.example:8080' });
    account = await t.createUser('SYSTEM');
  });
  afterAll(() => t.close());

  const signIn = (origin: string) => t.app.inject({ method: 'POST', url: '/api/auth/system', headers: { origin }, payload: account });

  it('accepts the public origin, as a browser writes it, and each allowed origin', async () => {
    for (const origin of ['https://payroll.example', 'https://spa.example', 'http://spa.example:8080']) {
      expect([origin, (await signIn(origin)).statusCode]).toEqual([origin, 200]);
    }
  });

  it('no longer accepts the listening address, nor an allowed host on another scheme or port', async () => {
    for (const origin of ['http://localhost:3000', 'http://payroll.example', 'https://spa.example:8080', 'http://spa.example']) {
      expect([origin, (await signIn(origin)).statusCode]).toEqual([origin, 403]);
    }
  });
});

describe('the realtime handshake', () => {
  let t: TestApp;
  let baseUrl: string;
  let cookie: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const staff = await t.createUser('STAFF', { companyId: await t.createCompany() });
    cookie = cookieOf(await t.signIn('STAFF', staff.email, staff.password));
    baseUrl = await listen(t);
  });
  afterAll(() => t.close());

  it('opens for a page of the listening address', async () => {
    const socket = await connect(baseUrl, { cookie });
    expect(socket.socket.connected).toBe(true);
    socket.close();
  });

  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['the same host on another port', { origin: 'http://127.0.0.1:1' }],
    ['a handshake with no Origin', { origin: undefined }],
    ['a handshake with no Origin, said to come from the same site only', { origin: undefined, 'sec-fetch-site': 'same-site' }],
  ])('refuses %s', async (_case, headers) => {
    await expect(refusalOf(baseUrl, { cookie, ...headers })).resolves.toBeDefined();
  });

  it('opens without Origin when the browser says the page is of this origin', async () => {
    const socket = await connect(baseUrl, { cookie, origin: undefined, 'sec-fetch-site': 'same-origin' });
    expect(socket.socket.connected).toBe(true);
    socket.close();
  });
});

describe('the PUBLIC_ORIGIN setting', () => {
  const base = { DATA_DIR: '/tmp/unused', SESSION_SECRET: 'x'.repeat(48) };

  it('is required in production, with a message saying what to set', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/PUBLIC_ORIGIN is required in production: set it to the address people open the app at/);
  });

  it('may be left out in production when ALLOWED_ORIGINS lists the origins', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production', ALLOWED_ORIGINS: 'https://spa.example' }).allowedOrigins).toEqual(['https://spa.example']);
  });

  it('is written as a browser writes an Origin', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_ORIGIN: 'HTTPS://Payroll.Example:443/' }).publicOrigin).toBe('https://payroll.example');
  });

  it.each(['payroll.example', 'https://payroll.example/app', 'ftp://payroll.example', 'https://payroll.example/?x=1'])('refuses %s, which is not an origin', (value) => {
    expect(() => loadConfig({ ...base, PUBLIC_ORIGIN: value })).toThrow(/PUBLIC_ORIGIN must be an origin such as https:\/\/payroll.example.com/);
  });

  it('refuses an allowed origin that is not one', () => {
    expect(() => loadConfig({ ...base, ALLOWED_ORIGINS: 'https://spa.example, spa2.example' })).toThrow(/ALLOWED_ORIGINS must list origins/);
  });
});
