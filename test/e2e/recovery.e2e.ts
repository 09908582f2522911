import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../../scripts/freePort';
import { DEMO, launchBrowser, screenshot } from './browser';

const root = path.resolve(__dirname, '../..');
/** How long a screen may take to recover once the server answers again: the socket's longest backoff, and the reads. */
const RECOVERY_MS = 15_000;

/**
 * A server of this walk's own (the suite's is shared by the other walks and must not go away): the
 * built app on its own port and data folder, which a restart keeps.
 */
class OwnServer {
  private child: ChildProcess | null = null;

  constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
      cwd: root,
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, SEED_DEMO: 'true', DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('The server did not start within 90 s')), 90_000);
      let output = '';
      const onExit = (code: number | null) => reject(new Error(`The server exited with ${code}:\n${output}`));
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('is running at')) {
          clearTimeout(timer);
          child.off('exit', onExit);
          resolve();
        }
      });
      child.on('exit', onExit);
    });
    child.stdout?.resume();
  }

  /** Stops the server as a restart does (SIGTERM), and waits until it has gone. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(forced);
  }
}

async function signIn(page: Page, server: OwnServer, role: 'ADMIN' | 'STAFF'): Promise<void> {
  await page.goto(`${server.baseUrl}/auth/${role.toLowerCase()}`);
  await page.getByLabel('Email').fill(DEMO[role].email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === (role === 'ADMIN' ? '/admin' : '/staff'));
}

/** Counts full page loads, so the walk can prove the screens recovered without one. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

describe('screens recover from a server restart without a reload', () => {
  let server: OwnServer;
  let browser: Browser;

  beforeAll(async () => {
    server = new OwnServer(await freePort(), mkdtempSync(path.join(os.tmpdir(), 'payroll-recovery-')));
    await server.start();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }, 60_000);

  test('the staff dashboard and the admin weekly uploads load again by themselves once the server is back', async () => {
    const staff = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(staff, server, 'STAFF');
    await signIn(admin, server, 'ADMIN');

    // The staff member opens the live weekly page (its socket stays open for the session), then the dashboard.
    await staff.getByRole('navigation').getByRole('link', { name: 'Weekly Uploads' }).click();
    await staff.getByText('Connected', { exact: true }).waitFor();
    await staff.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    const overview = staff.getByRole('region', { name: 'Weekly Overview' });
    await overview.getByRole('link', { name: /^Total Uploaded/ }).waitFor();

    await admin.goto(`${server.baseUrl}/admin/weekly-uploads`);
    await admin.getByText(/^Company Weekly Uploads \(\d+ total\)$/).waitFor();
    await admin.getByText('Connected', { exact: true }).waitFor();
    const staffLoads = countLoads(staff);
    const adminLoads = countLoads(admin);

    // The server goes away. Both people move to the week before: the reads fail, and say so.
    await server.stop();
    await admin.getByText('Disconnected', { exact: true }).waitFor();
    await overview.getByRole('button', { name: 'Previous week' }).click();
    await admin.getByRole('button', { name: 'Previous week' }).click();
    await overview.getByText('Failed to load weekly statistics').waitFor({ timeout: 30_000 });
    await admin.getByText('Failed to load weekly uploads. Please try again.').waitFor({ timeout: 30_000 });
    expect(await overview.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    await screenshot(staff, '90-recovery-staff-server-down');
    await screenshot(admin, '91-recovery-admin-server-down');

    // The server is back on the same port and data: nobody clicks, nobody reloads.
    await server.start();
    const back = Date.now();
    await admin.getByText('Connected', { exact: true }).waitFor({ timeout: RECOVERY_MS });
    await admin.getByText('Failed to load weekly uploads. Please try again.').waitFor({ state: 'detached', timeout: RECOVERY_MS });
    await admin.getByText(/^Company Weekly Uploads \(\d+ total\)$/).waitFor({ timeout: RECOVERY_MS });
    await overview.getByText('Failed to load weekly statistics').waitFor({ state: 'detached', timeout: RECOVERY_MS });
    const recoveredInMs = Date.now() - back;
    // The week before is the one shown, with its figures.
    await overview.getByRole('link', { name: /^Total Uploaded\D*\d/ }).waitFor();
    expect([staffLoads(), adminLoads()]).toEqual([0, 0]);
    console.log(`Screens recovered ${recoveredInMs} ms after the server was back`);
    await screenshot(staff, '92-recovery-staff-recovered');
    await screenshot(admin, '93-recovery-admin-recovered');
  }, 180_000);
});
