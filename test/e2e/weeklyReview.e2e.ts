import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { PROCESSING_STATUS_LABELS } from '@/common/statuses';
import { weekContaining, weekToIsoDates } from '@/common/week';
import { writeModelXlsx } from '../../scripts/bench/payrollFiles';
import { payrollModel } from '../../scripts/bench/payrollModel';
import { zipEntries } from '../server/processing/engineHarness';
import { baseUrl, launchBrowser, screenshot, signIn, signInAs } from './browser';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COMPLETE = PROCESSING_STATUS_LABELS.SCRUBBED;
const PASSWORD = 'review-week-1';
const REJECTION_NOTE = 'Week 47 is missing the Downtown sheet: add it and upload again.';

/** A company of its own, so the week's figures are exactly this walk's: an admin, a staff member and two clients. */
const COMPANY = 'Cedar Ridge Payroll';
const ADMIN = { name: 'Elena Marsh', email: 'elena@cedarridge.test' };
const STAFF = { name: 'Theo Grant', email: 'theo@cedarridge.test' };
const CLIENTS = ['Alder Cafe', 'Birch Street Books'] as const;

/** A JSON call of the signed-in context, as the SPA makes it (same origin). */
async function call<T>(request: APIRequestContext, method: 'POST', url: string, data: object): Promise<T> {
  const response = await request.fetch(`${baseUrl()}/api${url}`, { method, data, headers: { Origin: baseUrl() } });
  if (!response.ok()) throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

function rowOf(page: Page, client: string) {
  return page.getByRole('row').filter({ hasText: client });
}

/** The text of a dashboard card, found by its title. */
async function cardText(page: Page, title: string): Promise<string> {
  const card = page.getByRole('link').filter({ hasText: title }).first();
  await card.waitFor();
  return (await card.innerText()).replace(/\s+/g, ' ');
}

/**
 * The week's review in a real browser, as issue 12 describes it: a staff member uploads two
 * clients' payrolls; the admin's dashboard shows one pending review each; the admin rejects one
 * with a note and approves the other; the staff member reads the note and uploads again; the
 * admin approves the new version, downloads the week's scrubbed files as one zip, and the
 * dashboard shows every client completed.
 */
describe('the week reviewed in a real browser', () => {
  let browser: Browser;
  let folder: string;
  const contexts: BrowserContext[] = [];
  const { weekStart, weekEnd } = weekToIsoDates(weekContaining(new Date()));

  beforeAll(async () => {
    browser = await launchBrowser();
    folder = mkdtempSync(path.join(os.tmpdir(), 'payroll-e2e-review-'));
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    await browser.close();
    rmSync(folder, { recursive: true, force: true });
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
    contexts.push(context);
    return context.newPage();
  }

  /** The operator creates the company and its admin; the admin creates the staff member and the clients. */
  async function setUpCompany(): Promise<void> {
    const operator = await newPage();
    await signIn(operator, 'SYSTEM');
    const created = await call<{ data: { company: { id: string } } }>(operator.context().request, 'POST', '/system/companies', { name: COMPANY });
    await call(operator.context().request, 'POST', `/system/companies/${created.data.company.id}/admins`, { ...ADMIN, password: PASSWORD });

    const admin = await newPage();
    await signInAs(admin, 'ADMIN', ADMIN.email, PASSWORD);
    const staff = await call<{ data: { staff: { id: string } } }>(admin.context().request, 'POST', '/company/staff', { ...STAFF, password: PASSWORD });
    for (const name of CLIENTS) await call(admin.context().request, 'POST', '/client', { name, assigned_staff_id: staff.data.staff.id, status: 'ACTIVE' });
  }

  it('walks a whole week: upload, review, rejection with a note, re-upload, approval, the zip and 100 % completed', async () => {
    await setUpCompany();
    const workbookPath = path.join(folder, 'payroll.xlsx');
    await writeModelXlsx(payrollModel({ sheets: 3, rowsPerSheet: 40, seed: 47 }), workbookPath);
    const workbook = readFileSync(workbookPath);

    // Monday morning: nothing uploaded yet.
    const admin = await newPage();
    await signInAs(admin, 'ADMIN', ADMIN.email, PASSWORD);
    await admin.getByText('0 of 2 clients completed').waitFor();
    expect(await cardText(admin, 'Remaining Uploads')).toMatch(/Remaining Uploads\D*2\b/);

    // The staff member uploads both clients' payrolls and sees them finish.
    const staff = await newPage();
    await signInAs(staff, 'STAFF', STAFF.email, PASSWORD);
    await staff.goto(`${baseUrl()}/staff/weekly-uploads`);
    await staff.getByRole('heading', { name: 'Weekly Uploads' }).waitFor();
    await staff.getByRole('status', { name: 'Live updates' }).getByText('Connected').waitFor();
    for (const client of CLIENTS) {
      await staff.getByLabel(`Document file for ${client}`).setInputFiles({ name: `${client} payroll.xlsx`, mimeType: XLSX_TYPE, buffer: workbook });
      await rowOf(staff, client).getByText(COMPLETE).waitFor();
    }
    await screenshot(staff, '50-review-staff-uploaded');

    // The admin's dashboard: one pending review per upload, nothing approved yet, so no client completed.
    await admin.reload();
    await admin.getByText('0 of 2 clients completed').waitFor();
    await admin.getByText('2 awaiting review · 0 rejected · 0 failed · 0 not uploaded').waitFor();
    expect(await cardText(admin, 'Pending Reviews')).toMatch(/Pending Reviews\D*2\b/);
    expect(await cardText(admin, 'Remaining Uploads')).toMatch(/Remaining Uploads\D*0\b/);
    await screenshot(admin, '51-review-admin-dashboard-pending');

    // From the card to the week's pending uploads.
    await admin.getByRole('link').filter({ hasText: 'Pending Reviews' }).first().click();
    await admin.waitForURL((url) => url.pathname === '/admin/weekly-uploads');
    const query = new URL(admin.url()).searchParams;
    expect([query.get('filter'), query.get('weekStart'), query.get('weekEnd')]).toEqual(['pending', weekStart, weekEnd]);
    await admin.getByText('Company Weekly Uploads (2 total)').waitFor();
    await screenshot(admin, '52-review-weekly-uploads-pending');

    // Reject the first with a note on the scrubbed file.
    await rowOf(admin, CLIENTS[0]).getByRole('button', { name: 'Review' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(STAFF.name).waitFor();
    // One switcher leads through the versions; a version's tab holds its comments (the viewer's sheet tabs come after).
    await dialog.getByRole('tab', { name: 'Scrubbed', exact: true }).first().click();
    await dialog.getByRole('textbox', { name: 'Scrubbed Comments (optional)' }).fill(REJECTION_NOTE);
    await screenshot(admin, '53-review-dialog-reject');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await admin.getByText('Document rejected successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Approve the second.
    await rowOf(admin, CLIENTS[1]).getByRole('button', { name: 'Review' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Document approved successfully').waitFor();

    // The staff member reads the rejection and its note, and uploads again from the dialog.
    await staff.reload();
    const rejected = rowOf(staff, CLIENTS[0]).getByRole('button', { name: 'Rejected' });
    await rejected.click();
    const details = staff.getByRole('dialog', { name: 'Upload Review Details' });
    // the notes are read-only text boxes: their value, not their text, holds the note
    await staff.waitForFunction(
      (note) => Array.from(document.querySelectorAll<HTMLTextAreaElement>('[role="dialog"] textarea')).some((area) => area.value === note),
      REJECTION_NOTE,
    );
    await screenshot(staff, '54-review-staff-sees-rejection');
    await details.getByLabel('Replacement document file').setInputFiles({ name: `${CLIENTS[0]} payroll v2.xlsx`, mimeType: XLSX_TYPE, buffer: workbook });
    await details.waitFor({ state: 'detached' });
    await rowOf(staff, CLIENTS[0]).getByText(COMPLETE).waitFor();

    // The admin sees the new version arrive on the list and approves it.
    await admin.goto(`${baseUrl()}/admin/weekly-uploads?weekStart=${weekStart}&weekEnd=${weekEnd}`);
    await rowOf(admin, CLIENTS[0]).getByRole('button', { name: 'Review' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Document approved successfully').waitFor();
    await rowOf(admin, CLIENTS[0]).getByText('Approved', { exact: true }).first().waitFor();
    await screenshot(admin, '55-review-week-approved');

    // The week's scrubbed files as one zip: one entry per client, the newest version's.
    await admin.getByRole('button', { name: /Download All/ }).click();
    const [arrived] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('menuitem', { name: 'Scrubbed Files' }).click()]);
    const zipPath = path.join(folder, arrived.suggestedFilename());
    await arrived.saveAs(zipPath);
    expect(arrived.suggestedFilename()).toMatch(/\.zip$/);
    const entries = await zipEntries(zipPath);
    expect(entries.map((entry) => entry.name.split('/')[0]).sort()).toEqual([...CLIENTS]);
    for (const entry of entries) expect(entry.data.subarray(0, 2).toString('latin1')).toBe('PK');
    await admin.getByText('Successfully downloaded all scrubbed files for this week').waitFor();

    // Every client completed: both weeks approved.
    await admin.goto(`${baseUrl()}/admin`);
    await admin.getByText('Weekly Overview').waitFor();
    await admin.getByText('2 of 2 clients completed').waitFor();
    expect(await cardText(admin, 'Approved Uploads')).toMatch(/Approved Uploads\D*2\b/);
    expect(await cardText(admin, 'Pending Reviews')).toMatch(/Pending Reviews\D*0\b/);
    await screenshot(admin, '56-review-dashboard-all-processed');

    // Every version the staff sent, in the company's file uploads and in the staff member's own.
    await admin.goto(`${baseUrl()}/admin/file-uploads`);
    for (const name of [`${CLIENTS[0]} payroll.xlsx`, `${CLIENTS[0]} payroll v2.xlsx`, `${CLIENTS[1]} payroll.xlsx`]) await admin.getByText(name, { exact: true }).first().waitFor();
    await screenshot(admin, '57-review-admin-file-uploads');
    await staff.goto(`${baseUrl()}/staff`);
    await staff.getByText('2 of 2 clients completed').waitFor();
    expect(await cardText(staff, 'Approved')).toMatch(/Approved\D*2\b/);
    await screenshot(staff, '58-review-staff-dashboard');
    await staff.goto(`${baseUrl()}/staff/file-uploads`);
    await staff.getByText(`${CLIENTS[0]} payroll v2.xlsx`, { exact: true }).first().waitFor();
    await screenshot(staff, '59-review-staff-file-uploads');
  });

  it("keeps another company's admin out of the week", async () => {
    const other = await newPage();
    await signIn(other, 'ADMIN');
    await other.goto(`${baseUrl()}/admin/weekly-uploads?weekStart=${weekStart}&weekEnd=${weekEnd}`);
    await other.getByText(/Company Weekly Uploads \(\d+ total\)/).waitFor();
    for (const client of CLIENTS) expect(await rowOf(other, client).count()).toBe(0);
  });
});
