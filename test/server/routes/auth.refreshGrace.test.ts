import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';

/**
 * Two tabs of one browser, or a download beside a screen's request, may present the same refresh
 * token at once: the second must get the pair the first got, not end the session as if the token
 * had been stolen. Only a spent token presented after the grace window counts as theft.
 */

/** A second tab of the same browser whose request left with the cookies `agent` holds now. */
function sameBrowserCopy(t: TestApp, agent: Agent): Agent {
  const copy = t.agent();
  for (const [name, cookie] of agent.cookies) copy.cookies.set(name, { ...cookie });
  return copy;
}

const refreshTokenOf = (agent: Agent) => agent.cookies.get('refresh_token')?.value;
const accessTokenOf = (agent: Agent) => agent.cookies.get('access_token')?.value;

describe('refreshing within the grace window (default 10 s)', () => {
  let t: TestApp;
  let account: { email: string; password: string };

  beforeAll(async () => {
    t = await buildTestApp();
    account = await t.createUser('STAFF', { companyId: await t.createCompany() });
  });
  afterAll(() => t.close());

  const signIn = () => t.signIn('STAFF', account.email, account.password);

  it('answers a token rotated a moment ago with the same new refresh token and a working access token', async () => {
    const first = await signIn();
    const second = sameBrowserCopy(t, first);
    const spent = refreshTokenOf(first);

    const rotated = await first.post('/api/auth/refresh');
    expect(rotated.statusCode).toBe(200);
    const next = refreshTokenOf(first);
    expect(next).toBeDefined();
    expect(next).not.toBe(spent);

    const again = await second.post('/api/auth/refresh');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: 'Session refreshed' });
    expect(refreshTokenOf(second)).toBe(next);
    expect(accessTokenOf(second)).toBeDefined();

    // Both tabs stay signed in, and the session goes on rotating from the shared token.
    expect((await second.get('/api/auth/me')).statusCode).toBe(200);
    expect((await first.get('/api/auth/me')).statusCode).toBe(200);
    expect((await second.post('/api/auth/refresh')).statusCode).toBe(200);
    expect(refreshTokenOf(second)).not.toBe(next);
    expect((await second.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('lets refreshes that present one token at the same instant all succeed with the same pair', async () => {
    const first = await signIn();
    const tabs = [first, sameBrowserCopy(t, first), sameBrowserCopy(t, first), sameBrowserCopy(t, first)];

    const answers = await Promise.all(tabs.map((tab) => tab.post('/api/auth/refresh')));

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const tokens = new Set(tabs.map(refreshTokenOf));
    expect(tokens.size).toBe(1);
    for (const tab of tabs) expect((await tab.get('/api/auth/me')).statusCode).toBe(200);
    // The shared token is the session's live one: it rotates once more.
    expect((await first.post('/api/auth/refresh')).statusCode).toBe(200);
    expect((await first.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('never hands back a spent token: a late presenter gets the session\'s live one when it rotated again meanwhile', async () => {
    const first = await signIn();
    const late = sameBrowserCopy(t, first);
    expect((await first.post('/api/auth/refresh')).statusCode).toBe(200);
    expect((await first.post('/api/auth/refresh')).statusCode).toBe(200);
    const live = refreshTokenOf(first);

    expect((await late.post('/api/auth/refresh')).statusCode).toBe(200);
    expect(refreshTokenOf(late)).toBe(live);
    expect((await late.get('/api/auth/me')).statusCode).toBe(200);
    expect((await first.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('ends the whole session when a spent token comes back after the window', async () => {
    const first = await signIn();
    const copied = sameBrowserCopy(t, first);
    expect((await first.post('/api/auth/refresh')).statusCode).toBe(200);

    // Only the clock moves on, past the window.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });
    jest.setSystemTime(Date.now() + 11_000);
    try {
      const reuse = await copied.post('/api/auth/refresh');
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toMatchObject({ error: 'SESSION_ENDED' });
      expect((await first.get('/api/auth/me')).json()).toMatchObject({ error: 'SESSION_ENDED' });
      expect((await first.post('/api/auth/refresh')).statusCode).toBe(401);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('a configured grace window', () => {
  it('is honoured for as long as REFRESH_REUSE_GRACE_SECONDS says, and no longer', async () => {
    const t = await buildTestApp({ REFRESH_REUSE_GRACE_SECONDS: '1' });
    try {
      const account = await t.createUser('ADMIN', { companyId: await t.createCompany() });
      const first = await t.signIn('ADMIN', account.email, account.password);
      const within = sameBrowserCopy(t, first);
      const after = sameBrowserCopy(t, first);
      expect((await first.post('/api/auth/refresh')).statusCode).toBe(200);

      expect((await within.post('/api/auth/refresh')).statusCode).toBe(200);
      expect(refreshTokenOf(within)).toBe(refreshTokenOf(first));

      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const reuse = await after.post('/api/auth/refresh');
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toMatchObject({ error: 'SESSION_ENDED' });
      expect((await first.get('/api/auth/me')).json()).toMatchObject({ error: 'SESSION_ENDED' });
      expect((await within.get('/api/auth/me')).json()).toMatchObject({ error: 'SESSION_ENDED' });
    } finally {
      await t.close();
    }
  });

  it('is off at 0: a spent token presented again at once ends the session', async () => {
    const t = await buildTestApp({ REFRESH_REUSE_GRACE_SECONDS: '0' });
    try {
      const account = await t.createUser('STAFF', { companyId: await t.createCompany() });
      const first = await t.signIn('STAFF', account.email, account.password);
      const copied = sameBrowserCopy(t, first);
      expect((await first.post('/api/auth/refresh')).statusCode).toBe(200);
      expect((await copied.post('/api/auth/refresh')).statusCode).toBe(401);
      expect((await first.get('/api/auth/me')).json()).toMatchObject({ error: 'SESSION_ENDED' });
    } finally {
      await t.close();
    }
  });
});
