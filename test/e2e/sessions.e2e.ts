import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';
import { baseUrl, launchBrowser, screenshot, signIn } from './browser';
import { stateFile } from './globalSetup';

/**
 * The key the suite's server signs access tokens with: SESSION_SECRET when the environment sets one,
 * else the one the server generated into its data folder.
 */
function serverSecret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const { dataDir } = JSON.parse(readFileSync(stateFile, 'utf8')) as { dataDir: string };
  return readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim();
}

/**
 * Lets the browser's access token lapse, as 15 minutes would: the access cookie gets the same
 * token, signed by the server's key, with an expiry a minute past. The refresh cookie is untouched.
 */
async function expireAccessToken(context: BrowserContext): Promise<void> {
  const cookie = (await context.cookies()).find(({ name }) => name === 'access_token');
  if (!cookie) throw new Error('The browser holds no access token');
  const claims = JSON.parse(Buffer.from(cookie.value.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown> & { sub: string };
  const now = Math.floor(Date.now() / 1000);
  const lapsed = await new SignJWT({ role: claims.role, cid: claims.cid, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt(now - 16 * 60)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(serverSecret()));
  await context.addCookies([{ ...cookie, value: lapsed }]);
}

interface RefreshCall {
  status: number;
  /** When the browser sent it and when its answer had arrived (epoch milliseconds, as the events were reported). */
  start: number;
  end: number;
}

/**
 * What the browser asked of the server: each session refresh with its timing, and every refusal of
 * an access token (the `error` code of each 401 answer but the refreshes'), by the page that met it.
 */
function recordSessionTraffic(context: BrowserContext) {
  const refreshes: RefreshCall[] = [];
  const refusals = new Map<Page, string[]>();
  const pending: Promise<void>[] = [];
  const isRefresh = (request: Request) => new URL(request.url()).pathname === '/api/auth/refresh';
  // Times are taken as the browser reports the events, in order: a request held by a route does
  // not report its own timing faithfully.
  const sent = new Map<Request, number>();
  context.on('request', (request) => {
    if (isRefresh(request)) sent.set(request, Date.now());
  });
  const recordRefresh = (request: Request) => {
    if (!isRefresh(request)) return;
    const end = Date.now();
    pending.push(
      request.response().then((response) => {
        refreshes.push({ status: response?.status() ?? 0, start: sent.get(request) ?? 0, end });
      }),
    );
  };
  context.on('requestfinished', recordRefresh);
  // A refresh that never completed counts with status 0.
  context.on('requestfailed', recordRefresh);
  context.on('response', (response: Response) => {
    if (response.status() !== 401 || isRefresh(response.request())) return;
    const page = response.frame().page();
    pending.push(
      response
        .json()
        .then((body: { error?: string }) => void refusals.set(page, [...(refusals.get(page) ?? []), body.error ?? '']))
        .catch(() => undefined),
    );
  });
  return {
    refreshes,
    refusals,
    /** Every refusal code met, by any page. */
    refusalCodes: () => new Set([...refusals.values()].flat()),
    /** Waits until what has been recorded so far has been read. */
    settled: () => Promise.all(pending.splice(0)).then(() => undefined),
  };
}

/**
 * Holds every session refresh the browser sends until `ready` holds (at most 15 s), so that
 * whatever else meets the expired token meanwhile does so while a refresh is under way.
 */
async function holdRefreshes(context: BrowserContext, ready: () => boolean): Promise<void> {
  await context.route('**/api/auth/refresh', async (route) => {
    const deadline = Date.now() + 15_000;
    while (!ready() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await route.continue();
  });
}

/** Whether no two refreshes were ever in flight at once: each was sent after the one before had its answer. */
function oneAtATime(refreshes: RefreshCall[]): boolean {
  const inOrder = [...refreshes].sort((a, b) => a.start - b.start);
  return inOrder.every((call, index) => index === 0 || call.start >= inOrder[index - 1].end);
}

/** The session still works: a read succeeds, and the session can be renewed again. */
async function sessionAlive(context: BrowserContext): Promise<void> {
  expect((await context.request.get(`${baseUrl()}/api/auth/me`)).status()).toBe(200);
  const renewed = await context.request.post(`${baseUrl()}/api/auth/refresh`, { headers: { Origin: baseUrl() } });
  expect(renewed.status()).toBe(200);
  expect((await context.request.get(`${baseUrl()}/api/auth/me`)).status()).toBe(200);
}

/** When the access token lapses, whatever meets it first renews the session once for the whole browser, and nobody is signed out. */
describe('an expired session in a real browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
    contexts.push(context);
    return context;
  }

  /** The staff member's weekly uploads, with their clients listed and the live connection up. */
  async function openWeeklyUploads(page: Page): Promise<void> {
    await page.goto(`${baseUrl()}/staff/weekly-uploads`);
    await weeklyUploadsShown(page);
  }

  async function weeklyUploadsShown(page: Page): Promise<void> {
    await page.getByRole('heading', { name: 'Weekly Uploads' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Harbor Diner' }).waitFor();
    await page.getByRole('status', { name: 'Live updates' }).getByText('Connected').waitFor();
  }

  it('keeps two tabs signed in when both meet the expired token at once', async () => {
    const context = await newContext();
    const first = await context.newPage();
    await signIn(first, 'STAFF');
    await openWeeklyUploads(first);
    const second = await context.newPage();
    await openWeeklyUploads(second);
    const traffic = recordSessionTraffic(context);
    // The first refresh is answered only once both tabs have met the expired token.
    await holdRefreshes(context, () => traffic.refusals.has(first) && traffic.refusals.has(second));

    await expireAccessToken(context);
    // Both tabs load again at once: each one's reads and its socket's handshake meet the expired token.
    await Promise.all([first.reload(), second.reload()]);
    await Promise.all([weeklyUploadsShown(first), weeklyUploadsShown(second)]);
    await screenshot(second, '90-sessions-second-tab-after-expiry');
    await traffic.settled();

    expect(traffic.refusals.get(first)?.length).toBeGreaterThan(0);
    expect(traffic.refusals.get(second)?.length).toBeGreaterThan(0);
    expect(traffic.refusalCodes()).toEqual(new Set(['TOKEN_EXPIRED']));
    expect(traffic.refreshes.length).toBeGreaterThanOrEqual(1);
    expect(traffic.refreshes.map(({ status }) => status).every((status) => status === 200)).toBe(true);
    // The tabs took turns: the second never presented the token the first was rotating.
    expect(oneAtATime(traffic.refreshes)).toBe(true);
    for (const page of [first, second]) expect(new URL(page.url()).pathname).toBe('/staff/weekly-uploads');
    await sessionAlive(context);
  });

  it('renews the session once for a download and a screen read that meet the expired token together', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'ADMIN');
    await page.goto(`${baseUrl()}/admin/audit`);
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    await page.getByLabel('Entry count').waitFor();
    const traffic = recordSessionTraffic(context);
    let readAsked = false;
    // The download's refresh is answered only once the screen has asked for its read.
    await holdRefreshes(context, () => readAsked);

    await expireAccessToken(context);
    const arrived = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByTestId('app-sidebar').getByRole('link', { name: 'Client Management' }).click();
    readAsked = true;
    const file = await arrived;
    await page.getByRole('heading', { name: 'Client Management' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Harbor Diner' }).waitFor();
    await screenshot(page, '91-sessions-read-and-download-after-expiry');
    await traffic.settled();

    expect(file.suggestedFilename()).toMatch(/^audit-log.*\.csv$/);
    expect(readFileSync(await file.path(), 'utf8')).toMatch(/^\uFEFF?[^\n]*,/);
    expect(traffic.refusalCodes()).toEqual(new Set(['TOKEN_EXPIRED']));
    expect(traffic.refreshes.map(({ status }) => status)).toEqual([200]);
    expect(new URL(page.url()).pathname).toBe('/admin/client-management');
    await sessionAlive(context);
  });
});
