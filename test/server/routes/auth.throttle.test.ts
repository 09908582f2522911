import { eq } from 'drizzle-orm';
import { knownDevices, loginFailures } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';

const WAIT = 'Too many login attempts. Please wait 15 minutes and try again.';
const USE_KNOWN_DEVICE = 'Too many login attempts. Please sign in from a device you have signed in with before, or wait 15 minutes and try again.';
const WINDOW_SECONDS = 900;

/** Each test signs in from addresses of its own, so that what one test fails does not count in another. */
let network = 0;
const addresses = () => {
  network += 1;
  return (host: number) => `10.${network}.0.${host}`;
};

/** What a browser says of a request its own page sends. */
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** How many answers had each status, e.g. { 401: 4, 429: 10 }. */
function statusCounts(answers: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

function signInFrom(agent: Agent, ip: string, account: { email: string; password: string }) {
  return agent.request({ method: 'POST', url: '/api/auth/staff', payload: account, remoteAddress: ip, headers: SAME_ORIGIN });
}

/** Moves only the clock on (timers keep running), as the session tests do. */
function moveClockBy(seconds: number) {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });
  jest.setSystemTime(Date.now() + seconds * 1000);
}

describe('sign-in throttling', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      LOGIN_MAX_FAILURES_PER_EMAIL_AND_IP: '4',
      LOGIN_MAX_FAILURES_PER_EMAIL: '8',
      LOGIN_MAX_FAILURES_PER_IP: '12',
      LOGIN_FAILURE_WINDOW_SECONDS: String(WINDOW_SECONDS),
    });
  });
  afterAll(() => t.close());
  afterEach(() => jest.useRealTimers());

  const staff = () => t.createUser('STAFF');
  const wrong = (account: { email: string }) => ({ email: account.email, password: 'wrong-guess' });

  // On PostgreSQL the attempts run on several connections of the pool at once, as attempts reaching
  // several API processes would: only the database can keep count.
  it('checks no more than the limit of a burst of parallel wrong passwords for one email', async () => {
    const ip = addresses();
    const target = await staff();
    const answers = await Promise.all(Array.from({ length: 14 }, () => signInFrom(t.agent(), ip(1), wrong(target))));
    expect(statusCounts(answers)).toEqual({ 401: 4, 429: 10 });
    expect(answers.find((answer) => answer.statusCode === 429)?.json()).toEqual({ success: false, message: WAIT, error: 'RATE_LIMITED' });
  });

  it('checks no more than the limit of a burst from one address across many emails', async () => {
    const ip = addresses();
    const targets = await Promise.all(Array.from({ length: 16 }, () => staff()));
    const answers = await Promise.all(targets.map((target) => signInFrom(t.agent(), ip(1), wrong(target))));
    expect(statusCounts(answers)).toEqual({ 401: 12, 429: 4 });
  });

  it('stops guessing from one address at the limit, even with the right password after it', async () => {
    const ip = addresses();
    const target = await staff();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signInFrom(t.agent(), ip(1), wrong(target))).statusCode).toBe(401);
    }
    const limited = await signInFrom(t.agent(), ip(1), target);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: WAIT, error: 'RATE_LIMITED' });
  });

  it("does not let an attacker's failures from another address stop the owner signing in from theirs", async () => {
    const ip = addresses();
    const owner = await staff();
    for (let attempt = 0; attempt < 6; attempt += 1) await signInFrom(t.agent(), ip(66), wrong(owner));
    expect((await signInFrom(t.agent(), ip(66), wrong(owner))).statusCode).toBe(429);
    const response = await signInFrom(t.agent(), ip(1), owner);
    expect(response.statusCode).toBe(200);
  });

  it('holds back unknown devices from an account guessed at from many addresses, but lets in a browser that signed in before', async () => {
    const ip = addresses();
    const owner = await staff();
    const ownersBrowser = t.agent();
    expect((await signInFrom(ownersBrowser, ip(1), owner)).statusCode).toBe(200);
    expect((await ownersBrowser.post('/api/auth/logout', undefined, SAME_ORIGIN)).statusCode).toBe(200);
    // Attackers use up the account's failures, on the owner's own address among others.
    for (const attacker of [1, 61]) {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expect((await signInFrom(t.agent(), ip(attacker), wrong(owner))).statusCode).toBe(401);
      }
    }

    const newBrowser = await signInFrom(t.agent(), ip(2), owner);
    expect(newBrowser.statusCode).toBe(429);
    expect(newBrowser.json()).toEqual({ success: false, message: USE_KNOWN_DEVICE, error: 'RATE_LIMITED' });
    expect((await signInFrom(ownersBrowser, ip(1), owner)).statusCode).toBe(200);
  });

  it('limits guessing from a browser known to the account, wherever it goes', async () => {
    const ip = addresses();
    const owner = await staff();
    const knownBrowser = t.agent();
    expect((await signInFrom(knownBrowser, ip(1), owner)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signInFrom(knownBrowser, ip(10 + attempt), wrong(owner))).statusCode).toBe(401);
    }
    expect((await signInFrom(knownBrowser, ip(20), owner)).statusCode).toBe(429);
  });

  it("lets colleagues' known browsers sign in behind an office address that failed too often", async () => {
    const ip = addresses();
    const colleague = await staff();
    const colleaguesBrowser = t.agent();
    expect((await signInFrom(colleaguesBrowser, ip(1), colleague)).statusCode).toBe(200);
    const others = await Promise.all(Array.from({ length: 12 }, () => staff()));
    for (const other of others) await signInFrom(t.agent(), ip(1), wrong(other));

    const unknown = await signInFrom(t.agent(), ip(1), await staff());
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toMatchObject({ message: USE_KNOWN_DEVICE });
    expect((await signInFrom(colleaguesBrowser, ip(1), colleague)).statusCode).toBe(200);
  });

  it('forgets a failure when the same browser then signs in', async () => {
    const ip = addresses();
    const owner = await staff();
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < 3; attempt += 1) await signInFrom(t.agent(), ip(1), wrong(owner));
      expect((await signInFrom(t.agent(), ip(1), owner)).statusCode).toBe(200);
    }
  });

  it('lets the address try again once the window has passed, and purges the failures past it', async () => {
    const ip = addresses();
    const owner = await staff();
    const forgotten = await staff();
    for (let attempt = 0; attempt < 4; attempt += 1) await signInFrom(t.agent(), ip(1), wrong(owner));
    for (let attempt = 0; attempt < 2; attempt += 1) await signInFrom(t.agent(), ip(2), wrong(forgotten));
    expect((await signInFrom(t.agent(), ip(1), owner)).statusCode).toBe(429);

    moveClockBy(WINDOW_SECONDS + 1);
    expect((await signInFrom(t.agent(), ip(1), owner)).statusCode).toBe(200);
    const left = await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, forgotten.email));
    expect(left).toEqual([]);
  });

  it('forgets a browser past its lifetime as a known device', async () => {
    const ip = addresses();
    const owner = await staff();
    expect((await signInFrom(t.agent(), ip(1), owner)).statusCode).toBe(200);
    moveClockBy(90 * 24 * 3600 + 1);
    await signInFrom(t.agent(), ip(2), wrong(await staff()));
    const left = await t.database.db.select().from(knownDevices).where(eq(knownDevices.email, owner.email));
    expect(left).toEqual([]);
  });
});
