import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/bench/chromium';
import { stateFile } from './globalSetup';

export const screenshotDir = path.resolve(__dirname, '../../test-results/screenshots');

export function baseUrl(): string {
  return (JSON.parse(readFileSync(stateFile, 'utf8')) as { baseUrl: string }).baseUrl;
}

/**
 * Debian's Chromium, headless, with the flags that keep it off the network (the benchmarks' own),
 * whose contexts ask for reduced motion unless told otherwise. The screens then open and close their
 * dialogs, menus and toasts without animating (the product honours the request: accessibility.e2e.ts
 * checks both preferences), so the walks neither wait for animations to end nor draw their frames in
 * software: a fifth of the layouts walk's time, a tenth of the suite's.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}

/**
 * One browser for a suite, started before its tests and closed after them with every context it
 * opened: answers the function that opens a page in a context of its own (a person of its own).
 */
export function suiteBrowser(options: BrowserContextOptions): () => Promise<Page> {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    await browser.close();
  });
  return async () => {
    const context = await browser.newContext(options);
    contexts.push(context);
    return context.newPage();
  };
}

/** Waits until the page's finite animations and transitions (dialogs zooming in, toasts, tab ink) have finished. */
export async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity), undefined, {
      timeout: 3000,
    })
    .catch(() => undefined);
}

/** A full-page screenshot, taken once the page has stopped moving. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await settle(page);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

export const DEMO = {
  password: 'demo1234',
  SYSTEM: { email: 'operator@payroll.demo', name: 'Olivia Operator' },
  ADMIN: { email: 'admin@northwind.demo', name: 'Nora Whitfield' },
  STAFF: { email: 'staff@northwind.demo', name: 'Sam Ortega' },
} as const;

/** Signs in through the role's own login screen and waits for its home. */
export async function signIn(page: Page, role: 'SYSTEM' | 'ADMIN' | 'STAFF'): Promise<void> {
  await signInAs(page, role, DEMO[role].email, DEMO.password);
}

/** Signs in with the given account through the role's own login screen and waits for its home. */
export async function signInAs(page: Page, role: 'SYSTEM' | 'ADMIN' | 'STAFF', email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl()}/auth/${role.toLowerCase()}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  const home = { SYSTEM: '/system/companies', ADMIN: '/admin', STAFF: '/staff' }[role];
  await page.waitForURL((url) => url.pathname === home);
}
