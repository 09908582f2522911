import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, DEMO, launchBrowser, screenshot, signIn } from './browser';

describe('the foundation in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  afterEach(() => context.close());

  const path = () => new URL(page.url()).pathname;

  it('offers the three login types on the chooser', async () => {
    await page.goto(baseUrl());
    await page.getByRole('heading', { name: 'Payroll Consolidation System' }).waitFor();
    await page.getByText('Choose your login type').waitFor();
    await screenshot(page, '01-chooser');
    await page.getByRole('link', { name: 'Log in as Staff' }).click();
    await page.waitForURL(/\/auth\/staff$/);
    await page.getByText('Login with your staff credentials').waitFor();
  });

  it('shows the validation messages and the server error on a login screen', async () => {
    await page.goto(`${baseUrl()}/auth/admin`);
    await page.getByText('Welcome back').waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password is required').waitFor();
    await screenshot(page, '02-admin-login-validation');
    await page.getByLabel('Email').fill(DEMO.ADMIN.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await screenshot(page, '03-admin-login-error');
  });

  it.each([
    ['/admin', '/auth/admin'],
    ['/staff/clients', '/auth/staff'],
    ['/system/companies', '/auth/system'],
  ])('sends a visitor of %s to %s', async (from, to) => {
    await page.goto(`${baseUrl()}${from}`);
    await page.waitForURL((url) => url.pathname === to);
  });

  it('signs the operator in to the system area and keeps them out of the others', async () => {
    await signIn(page, 'SYSTEM');
    await page.getByText(DEMO.SYSTEM.email).first().waitFor();
    await screenshot(page, '04-system-shell');
    await page.goto(`${baseUrl()}/admin`);
    await page.waitForURL((url) => url.pathname === '/auth/staff');
    await page.goto(`${baseUrl()}/staff`);
    await page.waitForURL((url) => url.pathname === '/auth/admin');
  });

  it('signs an admin in, collapses the sidebar with Ctrl+B and remembers it', async () => {
    await signIn(page, 'ADMIN');
    const sidebar = page.getByTestId('app-sidebar');
    await page.getByText(DEMO.ADMIN.name).first().waitFor();
    await screenshot(page, '05-admin-shell');
    expect(await sidebar.getAttribute('data-collapsed')).toBe('false');
    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('[data-testid="app-sidebar"]')?.getAttribute('data-collapsed') === 'true');
    await screenshot(page, '06-admin-shell-collapsed');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'sidebar_state')?.value).toBe('false');
    await page.reload();
    await page.getByTestId('app-sidebar').waitFor();
    expect(await page.getByTestId('app-sidebar').getAttribute('data-collapsed')).toBe('true');
    await page.goto(`${baseUrl()}/system/companies`);
    await page.waitForURL((url) => url.pathname === '/auth/admin');
  });

  it('signs staff in, keeps them out of the admin area, and logs out', async () => {
    await signIn(page, 'STAFF');
    await page.getByText(DEMO.STAFF.email).first().waitFor();
    await screenshot(page, '07-staff-shell');
    await page.goto(`${baseUrl()}/admin`);
    await page.waitForURL((url) => url.pathname === '/auth/staff');
    await signIn(page, 'STAFF');
    await page.getByRole('button', { name: /Logout/ }).click();
    await page.waitForURL((url) => url.pathname === '/auth/staff');
    await page.goto(`${baseUrl()}/staff`);
    await page.waitForURL((url) => url.pathname === '/auth/staff');
    expect(path()).toBe('/auth/staff');
  });

  it('turns the sidebar into a drawer on a narrow screen', async () => {
    await page.setViewportSize({ width: 600, height: 900 });
    await signIn(page, 'STAFF');
    await screenshot(page, '08-staff-mobile');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const drawer = page.getByTestId('app-sidebar');
    await drawer.waitFor();
    expect(await drawer.getAttribute('data-mobile')).toBe('true');
    // The dashboard links to the clients too: the drawer's own link is the one meant.
    await drawer.getByRole('link', { name: 'Clients' }).waitFor();
    await screenshot(page, '09-staff-mobile-drawer');
    await drawer.getByRole('link', { name: 'Clients' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/clients');
    await screenshot(page, '10-staff-mobile-after-drawer');
  });
});
