import type { LightMyRequestResponse } from 'fastify';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';

/**
 * Security headers (src/server/http/securityHeaders.ts) on every answer, errors and refusals
 * included: a Content-Security-Policy with no inline script and no framing, nosniff, a Referrer-Policy,
 * and `Cache-Control: no-store` on every API answer that may carry people's data. The built SPA's
 * pages and files are covered in static.test.ts, and in a browser by the e2e suite.
 */
function directivesOf(response: LightMyRequestResponse): Map<string, string[]> {
  const policy = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

function expectPageHeaders(response: LightMyRequestResponse): void {
  const csp = directivesOf(response);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('same-origin');
}

describe('security headers', () => {
  let t: TestApp;
  let staff: Agent;

  beforeAll(async () => {
    t = await buildTestApp();
    const account = await t.createUser('STAFF', { companyId: await t.createCompany() });
    staff = await t.signIn('STAFF', account.email, account.password);
  });
  afterAll(() => t.close());

  it('lets the SPA and the API reference run with no inline script, styles inline, the socket at its own origin', async () => {
    const csp = directivesOf(await t.app.inject({ method: 'GET', url: '/api/health' }));
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect([...csp.keys()]).not.toContain('upgrade-insecure-requests');
  });

  it.each([
    ['a signed-in read', () => staff.get('/api/ticket'), 200],
    ['a refusal to an anonymous caller', () => t.agent().get('/api/ticket'), 401],
    ['a cross-site refusal', () => staff.post('/api/ticket', { title: 'x', description: 'y' }, { origin: 'https://evil.example' }), 403],
    ['a validation error', () => staff.post('/api/ticket', { title: '' }), 400],
    ['an unknown API route', () => staff.get('/api/no-such-route'), 404],
    ['a sign-in', () => t.agent().post('/api/auth/staff', { email: 'nobody@example.com', password: 'wrong' }), 401],
  ])('puts them, and no-store, on %s', async (_case, call, status) => {
    const response = await call();
    expect(response.statusCode).toBe(status);
    expectPageHeaders(response);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(['/api/health', '/api/ready', '/api/openapi.json', '/api/docs/', '/api/docs/static/index.css'])('lets %s, which carries nobody’s data, be cached as it says', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expectPageHeaders(response);
    expect(response.headers['cache-control'] ?? '').not.toContain('no-store');
  });

  it('serves the API reference page without inline script, so it runs under the same policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const scripts = page.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toMatch(/\ssrc=/);
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
  });

  it('marks https only where the app is served over https', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const secure = await buildTestApp({ COOKIE_SECURE: 'true', PUBLIC_ORIGIN: 'https://payroll.example' });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=15552000');
      expect(directivesOf(response).get('connect-src')).toEqual(["'self'", 'wss://payroll.example']);
    } finally {
      await secure.close();
    }
  });

  it('puts them on answers to addresses the router cannot read', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/%' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
