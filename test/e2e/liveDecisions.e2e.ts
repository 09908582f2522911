import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { PROCESSING_STATUS_LABELS } from '@/common/statuses';
import { weekContaining, weekToIsoDates } from '@/common/week';
import { writeModelXlsx } from '../../scripts/bench/payrollFiles';
import { payrollModel } from '../../scripts/bench/payrollModel';
import { baseUrl, screenshot, signIn, signInAs, suiteBrowser } from './browser';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COMPLETE = PROCESSING_STATUS_LABELS.SCRUBBED;
const PASSWORD = 'live-decisions-1';
const REJECTION_NOTE = 'Week ending date missing';
/** How long a decision may take to reach the staff member's open page (issue 24). */
const LIVE_WITHIN_MS = 2_000;

/** A company of its own: an admin, a staff member and two clients. */
const COMPANY = 'Juniper Live Payroll';
const ADMIN = { name: 'Irene Vale', email: 'irene@juniperlive.test' };
const STAFF = { name: 'Omar Reyes', email: 'omar@juniperlive.test' };
const REJECTED = 'Bakery';
const APPROVED = 'Corner Deli';

async function call<T>(request: APIRequestContext, url: string, data: object): Promise<T> {
  const response = await request.fetch(`${baseUrl()}/api${url}`, { method: 'POST', data, headers: { Origin: baseUrl() } });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

function rowOf(page: Page, client: string) {
  return page.getByRole('row').filter({ hasText: client });
}

/**
 * An admin's decisions reach the staff member's open Weekly Uploads page without a reload: the
 * admin rejects one client's week with a note and approves the other's; within two seconds of each
 * decision the staff member's row changes and a toast names the client and the decision (the
 * admin's own tab is not told again); the staff member then reuploads the rejected week from its row.
 */
describe('decisions reach the staff member live', () => {
  let folder: string;
  const { weekStart, weekEnd } = weekToIsoDates(weekContaining(new Date()));
  /** A browser of its own (its own cookies), as a second person at another computer. */
  const newPage = suiteBrowser({ viewport: { width: 1280, height: 860 } });

  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'payroll-e2e-live-'));
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  async function setUpCompany(): Promise<void> {
    const operator = await newPage();
    await signIn(operator, 'SYSTEM');
    const created = await call<{ data: { company: { id: string } } }>(operator.context().request, '/system/companies', { name: COMPANY });
    await call(operator.context().request, `/system/companies/${created.data.company.id}/admins`, { ...ADMIN, password: PASSWORD });
    const admin = await newPage();
    await signInAs(admin, 'ADMIN', ADMIN.email, PASSWORD);
    const staff = await call<{ data: { staff: { id: string } } }>(admin.context().request, '/company/staff', { ...STAFF, password: PASSWORD });
    for (const name of [REJECTED, APPROVED]) await call(admin.context().request, '/client', { name, assigned_staff_id: staff.data.staff.id, status: 'ACTIVE' });
  }

  /** When the admin's page sends its next decision (the clock starts as the request leaves the browser). */
  function decisionSent(admin: Page): Promise<number> {
    return admin.waitForRequest((request) => request.method() === 'POST' && /\/review$/.test(request.url())).then(() => Date.now());
  }

  /** Waits for `what` on the staff page and answers how long after the decision was sent it showed. */
  async function shownWithin(what: ReturnType<Page['getByText']>, sent: Promise<number>): Promise<number> {
    await what.waitFor({ timeout: 30_000 });
    const shownAt = Date.now();
    return shownAt - (await sent);
  }

  it('shows the rejection and the approval on the open page within 2 s, names the clients, and reuploads from the row', async () => {
    await setUpCompany();
    const workbookPath = path.join(folder, 'payroll.xlsx');
    await writeModelXlsx(payrollModel({ sheets: 2, rowsPerSheet: 30, seed: 24 }), workbookPath);
    const workbook = readFileSync(workbookPath);

    // The staff member uploads both weeks and keeps the page open.
    const staff = await newPage();
    await signInAs(staff, 'STAFF', STAFF.email, PASSWORD);
    await staff.goto(`${baseUrl()}/staff/weekly-uploads?weekStart=${weekStart}&weekEnd=${weekEnd}`);
    await staff.getByRole('status', { name: 'Live updates' }).getByText('Connected').waitFor();
    for (const client of [REJECTED, APPROVED]) {
      await staff.getByLabel(`Document file for ${client}`).setInputFiles({ name: `${client} payroll.xlsx`, mimeType: XLSX_TYPE, buffer: workbook });
      await rowOf(staff, client).getByText(COMPLETE).waitFor({ timeout: 30_000 });
    }
    // Marks this document: a reload would lose it.
    await staff.evaluate(() => Object.assign(window, { openSinceUploads: true }));
    await screenshot(staff, '90-live-staff-awaiting-review');

    // The admin, at another computer, rejects the first with a note.
    const admin = await newPage();
    await signInAs(admin, 'ADMIN', ADMIN.email, PASSWORD);
    await admin.goto(`${baseUrl()}/admin/weekly-uploads?weekStart=${weekStart}&weekEnd=${weekEnd}`);
    await rowOf(admin, REJECTED).getByRole('button', { name: 'Review' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(STAFF.name).waitFor();
    await dialog.getByRole('tab', { name: 'Scrubbed', exact: true }).first().click();
    await dialog.getByRole('textbox', { name: 'Scrubbed Comments (optional)' }).fill(`${REJECTION_NOTE}\nThe Sunday date is blank on both sheets.`);
    const rejectedAt = decisionSent(admin);
    await dialog.getByRole('button', { name: 'Reject' }).click();

    const rejectionToast = staff.getByText(`${REJECTED}'s week was rejected: ${REJECTION_NOTE}`);
    const rejectionShown = await shownWithin(rowOf(staff, REJECTED).getByRole('button', { name: 'Rejected' }), rejectedAt);
    await rejectionToast.waitFor({ timeout: LIVE_WITHIN_MS });
    expect(rejectionShown).toBeLessThan(LIVE_WITHIN_MS);
    // The next step is in the row: the note, Reupload and the notes one click away.
    await rowOf(staff, REJECTED).getByText(REJECTION_NOTE).waitFor();
    await rowOf(staff, REJECTED).getByRole('button', { name: 'Reupload' }).waitFor();
    await rowOf(staff, REJECTED).getByRole('button', { name: 'View notes' }).waitFor();
    await screenshot(staff, '91-live-staff-sees-rejection');

    // The admin's tab said it its own way; it is not told again.
    await admin.getByText('Document rejected successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await admin.getByText(`${REJECTED}'s week was rejected`, { exact: false }).count()).toBe(0);

    // Then approves the second.
    await rowOf(admin, APPROVED).getByRole('button', { name: 'Review' }).click();
    const approvedAt = decisionSent(admin);
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    const approvalShown = await shownWithin(rowOf(staff, APPROVED).getByRole('button', { name: 'Approved' }), approvedAt);
    await staff.getByText(`${APPROVED}'s week was approved`).waitFor({ timeout: LIVE_WITHIN_MS });
    expect(approvalShown).toBeLessThan(LIVE_WITHIN_MS);
    await admin.getByText('Document approved successfully').waitFor();
    expect(await admin.getByText(`${APPROVED}'s week was approved`).count()).toBe(0);
    await screenshot(staff, '92-live-staff-sees-approval');
    await screenshot(admin, '93-live-admin-after-decisions');

    // Still the same document: nothing was reloaded.
    expect(await staff.evaluate(() => (window as unknown as { openSinceUploads?: boolean }).openSinceUploads)).toBe(true);
    await staff.getByLabel('Week summary').getByText('1 of 2 completed · 0 awaiting review · 1 rejected · 0 failed · 0 not uploaded').waitFor();

    // The staff member reuploads the rejected week from its row.
    await rowOf(staff, REJECTED)
      .getByLabel(`Replacement document file for ${REJECTED}`)
      .setInputFiles({ name: `${REJECTED} payroll v2.xlsx`, mimeType: XLSX_TYPE, buffer: workbook });
    await rowOf(staff, REJECTED).getByText(COMPLETE).waitFor({ timeout: 30_000 });
    await rowOf(staff, REJECTED).getByText('Pending', { exact: true }).waitFor();
    expect(await rowOf(staff, REJECTED).getByRole('button', { name: 'Reupload' }).count()).toBe(0);
    await screenshot(staff, '94-live-staff-reuploaded');

    // The admin's list shows the new version awaiting review, without a reload either.
    await rowOf(admin, REJECTED).getByRole('button', { name: 'Review' }).waitFor({ timeout: 10_000 });
    await screenshot(admin, '95-live-admin-sees-new-version');
    console.log(`decisions reached the staff member's page in ${rejectionShown} ms (rejection) and ${approvalShown} ms (approval)`);
  });
});
