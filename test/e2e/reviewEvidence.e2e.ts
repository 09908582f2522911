import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { PROCESSING_STATUS_LABELS } from '@/common/statuses';
import { weekContaining, weekToIsoDates } from '@/common/week';
import { PAYROLL_SHEET, payrollWithErrors } from '../server/jobs/payrollWithErrors';
import { baseUrl, screenshot, signIn, signInAs, suiteBrowser } from './browser';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COMPLETE = PROCESSING_STATUS_LABELS.SCRUBBED;
const PASSWORD = 'evidence-week-1';
const REASON = 'Cara Diaz returned 4 hours of leave; the store manager confirmed it by phone.';

/** Whether the element lies wholly inside the window: a person sees it without scrolling. */
async function inViewport(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const size = page.viewportSize();
  return !!box && !!size && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
}

/** A company of its own, so nothing of another walk shows in its week. */
const COMPANY = 'Juniper Row Payroll';
const ADMIN = { name: 'Iris Vale', email: 'iris@juniperrow.test' };
const STAFF = { name: 'Omar Reyes', email: 'omar@juniperrow.test' };
const CLIENT = 'Harbor Foods';
/** Where the negative hours sit in the uploaded sheet: under a title, a blank row, the header and three rows. */
const NEGATIVE_HOURS_ROW = '7';

/** A JSON call of the signed-in context, as the SPA makes it (same origin). */
async function call<T>(request: APIRequestContext, url: string, data: object): Promise<T> {
  const response = await request.fetch(`${baseUrl()}/api${url}`, { method: 'POST', data, headers: { Origin: baseUrl() } });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

function rowOf(page: Page, client: string) {
  return page.getByRole('row').filter({ hasText: client });
}

/**
 * Review with evidence in a real browser: a staff member uploads a payroll with errors (a row with
 * neither ID nor name, negative hours); the admin reads the summary, filters the Scrubbed grid to its
 * errors, follows the highlighted hours cell back to its raw row, is asked for a reason on Approve and
 * approves with one; the staff member reads the reason.
 */
describe('reviewing an upload with errors, with the evidence in view', () => {
  const newPage = suiteBrowser({ viewport: { width: 1400, height: 900 } });
  const { weekStart, weekEnd } = weekToIsoDates(weekContaining(new Date()));

  /** The operator creates the company and its admin; the admin creates the staff member and the client. */
  async function setUpCompany(): Promise<void> {
    const operator = await newPage();
    await signIn(operator, 'SYSTEM');
    const created = await call<{ data: { company: { id: string } } }>(operator.context().request, '/system/companies', { name: COMPANY });
    await call(operator.context().request, `/system/companies/${created.data.company.id}/admins`, { ...ADMIN, password: PASSWORD });
    const admin = await newPage();
    await signInAs(admin, 'ADMIN', ADMIN.email, PASSWORD);
    const staff = await call<{ data: { staff: { id: string } } }>(admin.context().request, '/company/staff', { ...STAFF, password: PASSWORD });
    await call(admin.context().request, '/client', { name: CLIENT, assigned_staff_id: staff.data.staff.id, status: 'ACTIVE' });
  }

  it('reads the summary, filters to errors, traces a flagged cell to its raw row, and approves only with a reason the staff member then reads', async () => {
    await setUpCompany();

    // The staff member uploads the week's payroll; it finishes processing with its errors found.
    const staff = await newPage();
    await signInAs(staff, 'STAFF', STAFF.email, PASSWORD);
    await staff.goto(`${baseUrl()}/staff/weekly-uploads`);
    await staff.getByRole('heading', { name: 'Weekly Uploads' }).waitFor();
    const workbook = await payrollWithErrors(['missing-id-and-name', 'negative-hours']);
    await staff.getByLabel(`Document file for ${CLIENT}`).setInputFiles({ name: `${CLIENT} payroll.xlsx`, mimeType: XLSX_TYPE, buffer: workbook });
    await rowOf(staff, CLIENT).getByText(COMPLETE).waitFor({ timeout: 30_000 });

    // The admin opens the review: the dialog opens on the summary of what the engine found.
    const admin = await newPage();
    await signInAs(admin, 'ADMIN', ADMIN.email, PASSWORD);
    await admin.goto(`${baseUrl()}/admin/weekly-uploads?weekStart=${weekStart}&weekEnd=${weekEnd}`);
    await rowOf(admin, CLIENT).getByRole('button', { name: 'Review' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Review Upload' });
    const viewer = dialog.getByRole('region', { name: 'File viewer' });
    // One switcher, above the viewer, leads through the summary and the versions; it opens on the summary.
    const switcher = (name: string) => dialog.getByRole('tab', { name, exact: true }).first();
    await dialog.getByRole('tab', { name: 'Summary', selected: true }).waitFor();
    await viewer.getByText(/^2 errors, /).waitFor();
    await viewer.getByRole('button', { name: /Negative hours/ }).waitFor();
    await viewer.getByRole('button', { name: /No Employee ID or name/ }).waitFor();
    await screenshot(admin, '60-evidence-summary');

    // The Scrubbed grid, filtered to the rows with errors: the two flagged rows, the hours cell marked.
    await switcher('Scrubbed').click();
    await viewer.getByText('Only errors', { exact: true }).click();
    await viewer.getByText('2 rows', { exact: true }).waitFor();
    const negativeHours = viewer.locator('.viewer-cell-error').filter({ hasText: /-4/ });
    await negativeHours.waitFor();
    await screenshot(admin, '61-evidence-scrubbed-errors');

    // The flagged cell's lineage: the sheet and row it was read from, the header and the text as sent.
    await negativeHours.click();
    const lineage = viewer.getByRole('region', { name: 'Cell lineage' });
    await lineage.getByText('Show in raw file').waitFor();
    const facts = (await lineage.innerText()).replace(/\s+/g, ' ');
    expect(facts).toContain(`Source Sheet ${PAYROLL_SHEET}`);
    expect(facts).toContain(`Source Row ${NEGATIVE_HOURS_ROW}`);
    expect(facts).toContain('Original Header Regular Hours');
    expect(facts).toMatch(/Original Text -4\b/);
    await screenshot(admin, '62-evidence-lineage');

    // Show in raw file: the raw sheet at that row, the cell highlighted.
    await lineage.getByRole('button', { name: 'Show in raw file' }).click();
    await dialog.getByRole('tab', { name: 'Raw File', exact: true, selected: true }).waitFor();
    const traced = viewer.locator('.viewer-cell-traced');
    await traced.waitFor();
    expect((await traced.innerText()).trim()).toBe('-4');
    // The row's number, shown in its first cell, is the row's number in the uploaded sheet.
    expect(await traced.evaluate((cell) => cell.parentElement?.firstElementChild?.textContent?.trim())).toBe(NEGATIVE_HOURS_ROW);
    await screenshot(admin, '63-evidence-raw-row');

    // The reason is asked for up front, beside the buttons, which stay in view; a short one is refused in place.
    const step = dialog.getByRole('form', { name: 'Reason for approving' });
    await step.getByText('This upload has 2 errors. Give a reason to approve it anyway.').waitFor();
    expect(await inViewport(admin, dialog.getByRole('button', { name: 'Approve' }))).toBe(true);
    const reason = step.getByLabel('Reason for approving despite errors');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await step.getByText('Give a reason of at least 10 characters.').waitFor();
    await reason.fill('ok');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await step.getByText('Give a reason of at least 10 characters.').waitFor();
    await screenshot(admin, '64-evidence-reason-asked');

    await reason.fill(REASON);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Document approved successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await rowOf(admin, CLIENT).getByText(`Approved despite errors: ${REASON}`).waitFor();
    await screenshot(admin, '65-evidence-approved-with-reason');

    // The staff member reads the reason in the review details.
    await staff.reload();
    await rowOf(staff, CLIENT).getByRole('button', { name: 'Approved' }).click();
    const details = staff.getByRole('dialog', { name: 'Upload Review Details' });
    const fact = details.getByRole('row').filter({ hasText: 'Approved Despite Errors' });
    expect((await fact.innerText()).replace(/\s+/g, ' ')).toContain(REASON);
    await screenshot(staff, '66-evidence-staff-sees-reason');
  });
});
