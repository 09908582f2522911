import ExcelJS from 'exceljs';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { PROCESSING_STATUS_LABELS } from '@/common/statuses';
import { shiftWeek, weekContaining, weekToIsoDates } from '@/common/week';
import { baseUrl, screenshot, signInAs, suiteBrowser } from './browser';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COMPLETE = PROCESSING_STATUS_LABELS.SCRUBBED;
const PASSWORD = 'memory-week-1';

/** A company of its own, so nothing of another walk shows in its weeks or its audit log. */
const COMPANY = 'Larkspur Lane Payroll';
const ADMIN = { name: 'Tess Morrow', email: 'tess@larkspurlane.test' };
const STAFF = { name: 'Ravi Quinn', email: 'ravi@larkspurlane.test' };
const CLIENT = 'Bayview Bistro';
const SHEET = 'Downtown';

/** The rule labels the review summary shows for the two changes of week two. */
const RENAMED_HEADER = 'New or renamed column header';
const MISSING_EMPLOYEE = 'Employee missing since the last approved week';

/** Six people, one a short-hours dishwasher: dropping him moves the week's totals less than a fifth. */
const EMPLOYEES: [string, string, number, number, number][] = [
  ['1042', 'Dana Reyes', 40, 2, 25],
  ['1043', 'Eli Brooks', 40, 0, 22],
  ['1044', 'Fay Chen', 38, 0, 24],
  ['1045', 'Gus Ortega', 40, 4, 20],
  ['1046', 'Hana Ito', 36, 0, 23],
  ['1047', 'Ivan Petrov', 12, 0, 18],
];
const DROPPED = '1047';

/**
 * The client's weekly workbook: one sheet, the overtime column headed `overtimeHeader`, the people
 * given; gross is what the hours and rate make, so nothing but the changes between weeks is flagged.
 */
async function bistroWorkbook(overtimeHeader: string, people = EMPLOYEES): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET);
  sheet.addRow(['Employee ID', 'Employee Name', 'Regular Hours', overtimeHeader, 'Pay Rate', 'Gross Pay']);
  for (const [id, name, regular, overtime, rate] of people) sheet.addRow([id, name, regular, overtime, rate, regular * rate + overtime * rate * 1.5]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A JSON call of the signed-in context, as the SPA makes it (same origin). */
async function call<T>(request: APIRequestContext, url: string, data: object): Promise<T> {
  const response = await request.fetch(`${baseUrl()}/api${url}`, { method: 'POST', data, headers: { Origin: baseUrl() } });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

/** Picks the option reading exactly `option` of the Ant Design select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: new RegExp(`^${option}$`) }).click();
}

/**
 * Memory across weeks in a real browser: week one of a client is uploaded and approved; week two's
 * workbook renames a column ('Overtime' -> 'OT Hrs') and drops an employee. The admin's dashboard and
 * the weekly list show the week's changes, the review shows both warnings, the admin maps 'OT Hrs'
 * to Overtime Hours, the upload is processed again without the rename warning, and the audit screen
 * lists the approval, the fix and the run it started.
 */
describe('memory across weeks: a client compared with its last approved week', () => {
  const newPage = suiteBrowser({ viewport: { width: 1400, height: 900 } });
  const thisWeek = weekContaining(new Date());
  const weekOne = weekToIsoDates(shiftWeek(thisWeek, -1));
  const weekTwo = weekToIsoDates(thisWeek);

  /** The operator creates the company and its admin; the admin creates the staff member and the client. */
  async function setUpCompany(): Promise<void> {
    const operator = await newPage();
    await signInAs(operator, 'SYSTEM', 'operator@payroll.demo', 'demo1234');
    const created = await call<{ data: { company: { id: string } } }>(operator.context().request, '/system/companies', { name: COMPANY });
    await call(operator.context().request, `/system/companies/${created.data.company.id}/admins`, { ...ADMIN, password: PASSWORD });
    const admin = await newPage();
    await signInAs(admin, 'ADMIN', ADMIN.email, PASSWORD);
    const staff = await call<{ data: { staff: { id: string } } }>(admin.context().request, '/company/staff', { ...STAFF, password: PASSWORD });
    await call(admin.context().request, '/client', { name: CLIENT, assigned_staff_id: staff.data.staff.id, status: 'ACTIVE' });
  }

  /** The staff member uploads the client's workbook for the week the list shows, and waits for it to finish. */
  async function uploadWeek(staff: Page, week: { weekStart: string; weekEnd: string }, workbook: Buffer): Promise<void> {
    await staff.goto(`${baseUrl()}/staff/weekly-uploads?weekStart=${week.weekStart}&weekEnd=${week.weekEnd}`);
    await staff.getByRole('heading', { name: 'Weekly Uploads' }).waitFor();
    await staff.getByLabel(`Document file for ${CLIENT}`).setInputFiles({ name: `${CLIENT} payroll.xlsx`, mimeType: XLSX_TYPE, buffer: workbook });
    await rowOf(staff, CLIENT).getByText(COMPLETE).waitFor({ timeout: 30_000 });
  }

  it("remembers week one's mapping and people, flags week two's rename and missing employee, and a mapping fix processes the upload again", async () => {
    await setUpCompany();
    const staff = await newPage();
    await signInAs(staff, 'STAFF', STAFF.email, PASSWORD);
    const admin = await newPage();
    await signInAs(admin, 'ADMIN', ADMIN.email, PASSWORD);

    // Week one, the client's first: nothing to compare with, so no changes; the admin approves it.
    await uploadWeek(staff, weekOne, await bistroWorkbook('Overtime'));
    await admin.goto(`${baseUrl()}/admin/weekly-uploads?weekStart=${weekOne.weekStart}&weekEnd=${weekOne.weekEnd}`);
    await rowOf(admin, CLIENT).getByText('No changes').waitFor();
    await rowOf(admin, CLIENT).getByRole('button', { name: 'Review' }).click();
    const firstReview = admin.getByRole('dialog', { name: 'Review Upload' });
    await firstReview.getByRole('tab', { name: 'Summary', selected: true }).waitFor();
    await screenshot(admin, '70-memory-week-one-review');
    await firstReview.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Document approved successfully').waitFor();
    await firstReview.waitFor({ state: 'detached' });

    // Week two renames the overtime column and no longer has the dishwasher.
    await uploadWeek(staff, weekTwo, await bistroWorkbook('OT Hrs', EMPLOYEES.filter(([id]) => id !== DROPPED)));

    // The admin's dashboard shows the client's changes since its last approved week.
    await admin.goto(`${baseUrl()}/admin`);
    const changes = admin.getByRole('list', { name: 'Changes since last approved week' });
    const bistro = changes.getByRole('listitem').filter({ hasText: CLIENT });
    await bistro.getByText(/^\d+ changes?$/).waitFor();
    await screenshot(admin, '71-memory-dashboard-changes');

    // The weekly list sorts by changes, and keeps the order in the address.
    await admin.getByRole('link', { name: 'All uploads by changes' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/weekly-uploads' && url.searchParams.get('sort') === 'week_over_week_warnings');
    await rowOf(admin, CLIENT).getByText(/^\d+ changes?$/).waitFor();
    await screenshot(admin, '72-memory-weekly-uploads-by-changes');

    // The review shows both warnings, each with both weeks' values in the Issues sheet.
    await rowOf(admin, CLIENT).getByRole('button', { name: 'Review' }).click();
    const review = admin.getByRole('dialog', { name: 'Review Upload' });
    const viewer = review.getByRole('region', { name: 'File viewer' });
    await viewer.getByRole('button', { name: `warning ${RENAMED_HEADER}` }).waitFor();
    await viewer.getByRole('button', { name: `warning ${MISSING_EMPLOYEE}` }).waitFor();
    await screenshot(admin, '73-memory-review-warnings');
    // The dialog's one switcher (above the viewer) opens a version; the viewer shows its sheets as tabs.
    await review.getByRole('tab', { name: 'Scrubbed', exact: true }).first().click();
    await viewer.getByRole('tab', { name: 'Issues', exact: true }).click();
    const issues = viewer.getByRole('grid', { name: 'Issues rows' });
    await issues.getByText(/Sheet 'Downtown': 'OT Hrs' is new.*; last approved week had 'Overtime'/).waitFor();
    await issues.getByText(new RegExp(`Employee ${DROPPED} \\(Ivan Petrov\\) is missing since the week of ${weekOne.weekStart}`)).waitFor();
    await screenshot(admin, '74-memory-issues-sheet');

    // The admin maps 'OT Hrs' to Overtime Hours from the summary's rename warning.
    // The switcher's tab comes first; the Scrubbed version has a sheet of that name too.
    await review.getByRole('tab', { name: 'Summary', exact: true }).first().click();
    await viewer.getByRole('button', { name: `Fix mapping: ${RENAMED_HEADER}` }).click();
    const fix = admin.getByRole('dialog', { name: 'Fix mapping' });
    await fix.getByText(SHEET).waitFor();
    await choose(admin, fix, 'Header', 'OT Hrs → Overtime Hours');
    await choose(admin, fix, 'Column', 'Overtime Hours');
    await screenshot(admin, '75-memory-fix-mapping');
    await fix.getByRole('button', { name: 'Fix and process again' }).click();
    await admin.getByText('Mapping fixed: the upload is being processed again with it.').waitFor();
    await fix.waitFor({ state: 'detached' });

    // The dialog follows the new run, then shows its summary: the rename is no longer a warning.
    await viewer.getByRole('button', { name: `warning ${RENAMED_HEADER}` }).waitFor({ state: 'detached', timeout: 30_000 });
    await viewer.getByRole('button', { name: `warning ${MISSING_EMPLOYEE}` }).waitFor({ timeout: 30_000 });
    expect(await viewer.getByRole('button', { name: `warning ${RENAMED_HEADER}` }).count()).toBe(0);
    const approve = review.getByRole('button', { name: 'Approve', exact: true });
    await approve.waitFor();
    expect(await approve.isEnabled()).toBe(true);
    await screenshot(admin, '76-memory-processed-again');
    await review.getByRole('button', { name: 'Cancel' }).click();
    await review.waitFor({ state: 'detached' });

    // The audit screen lists the approval of week one, the fix, and the run the fix started.
    await admin.goto(`${baseUrl()}/admin/audit`);
    await rowOf(admin, 'Fixed column mapping').filter({ hasText: CLIENT }).waitFor();
    await rowOf(admin, 'Reviewed upload').filter({ hasText: 'PENDING -> APPROVED' }).waitFor();
    await screenshot(admin, '77-memory-audit-log');
    // The newest upload (week two's) is named by its record; the run the fix started is a row of its own for it.
    const weekTwoUpload = (await rowOf(admin, 'Uploaded payroll').first().getByText(/^Upload [0-9a-f]{8}$/).innerText()).trim();
    await rowOf(admin, 'Processed upload again').filter({ hasText: weekTwoUpload }).waitFor();
  });
});
