import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, DEMO, launchBrowser, screenshot, signIn } from './browser';

/** Picks an entry of the open Ant Design select list by its visible text. */
async function chooseOption(page: Page, text: string): Promise<void> {
  await page.locator('.ant-select-item-option', { hasText: text }).first().click();
}

/** The operators' area and tickets, walked as the people who use them would. */
describe('operators and tickets in a real browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    contexts.push(context);
    return context.newPage();
  }

  it('lets an operator create a company and add an admin, who can then sign in', async () => {
    const operator = await newPage();
    await signIn(operator, 'SYSTEM');
    await operator.getByRole('heading', { name: 'Companies' }).waitFor();
    await operator.getByText('Northwind Payroll Services').waitFor();
    await screenshot(operator, '20-companies');

    await operator.getByRole('button', { name: 'Add Company' }).click();
    const createDialog = operator.getByRole('dialog');
    await createDialog.getByRole('button', { name: 'Create Company' }).click();
    await createDialog.getByText('Company name is required').waitFor();
    await screenshot(operator, '21-company-create-validation');
    await createDialog.getByLabel('Company Name').fill('Evergreen Payroll Partners');
    await createDialog.getByRole('button', { name: 'Create Company' }).click();
    await createDialog.waitFor({ state: 'hidden' });
    await operator.getByText('Evergreen Payroll Partners').waitFor();

    await operator.getByPlaceholder('Search companies...').fill('evergreen');
    await operator.waitForResponse((response) => response.url().includes('search=evergreen'));
    await operator.getByText('Northwind Payroll Services').waitFor({ state: 'hidden' });
    await screenshot(operator, '22-companies-search');

    await operator.getByRole('button', { name: 'Actions for Evergreen Payroll Partners' }).click();
    await operator.getByText('View Details').click();
    await operator.waitForURL(/\/system\/companies\/[0-9a-f-]{36}$/);
    await operator.getByText('No admins found').waitFor();
    await screenshot(operator, '23-company-detail-empty');

    await operator.getByRole('button', { name: 'Add Admin' }).click();
    const adminDialog = operator.getByRole('dialog');
    await adminDialog.getByLabel('Name').fill('Erin Evergreen');
    await adminDialog.getByLabel('Email').fill('erin@evergreen.example');
    await adminDialog.getByLabel('Password').fill('evergreen-pass');
    await adminDialog.getByRole('button', { name: 'Create Admin' }).click();
    await operator.getByText('Admin created successfully').waitFor();
    await operator.getByRole('cell', { name: 'erin@evergreen.example' }).waitFor();
    await screenshot(operator, '24-company-detail-with-admin');

    const admin = await newPage();
    await admin.goto(`${baseUrl()}/auth/admin`);
    await admin.getByLabel('Email').fill('erin@evergreen.example');
    await admin.getByLabel('Password').fill('evergreen-pass');
    await admin.getByRole('button', { name: 'Login' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin');
    await admin.getByText('Erin Evergreen').first().waitFor();
    await screenshot(admin, '25-new-admin-signed-in');
  });

  it('carries a ticket from staff to the operator and back', async () => {
    const staff = await newPage();
    await signIn(staff, 'STAFF');
    await staff.goto(`${baseUrl()}/staff/tickets`);
    await staff.getByRole('heading', { name: 'My Tickets' }).waitFor();
    await screenshot(staff, '26-staff-tickets');
    await staff.getByRole('button', { name: /New Ticket/ }).first().click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Scrubbed file drops the Holiday column');
    await dialog.getByLabel('Description').fill('Harbor Diner week of 3 November: the Holiday Hours column is missing from the scrubbed file.');
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await staff.getByText('Scrubbed file drops the Holiday column').click();
    await staff.waitForURL(/\/staff\/tickets\/[0-9a-f-]{36}$/);
    const ticketPath = new URL(staff.url()).pathname.replace('/staff/', '/system/');
    await staff.getByText('No comments yet').waitFor();

    const operator = await newPage();
    await signIn(operator, 'SYSTEM');
    await operator.goto(`${baseUrl()}/system/tickets`);
    await operator.getByRole('heading', { name: 'All Tickets' }).waitFor();
    await operator.getByText('Scrubbed file drops the Holiday column').waitFor();
    await screenshot(operator, '27-system-tickets');
    await operator.goto(`${baseUrl()}${ticketPath}`);
    await operator.getByText('Back to Tickets').waitFor();
    await operator.getByRole('textbox', { name: 'Add a comment' }).fill('Thanks, Sam: we are fixing the synonym for "Hol Hrs".');
    await operator.getByRole('button', { name: 'Add Comment' }).click();
    await operator.getByText('we are fixing the synonym').waitFor();
    await operator.getByRole('button', { name: 'Update Status' }).click();
    await chooseOption(operator, 'In Progress');
    await operator.getByText('Ticket status updated').waitFor();
    await screenshot(operator, '28-system-ticket-detail');

    await staff.reload();
    await staff.getByText('we are fixing the synonym').waitFor();
    await staff.getByText('In Progress').first().waitFor();
    await screenshot(staff, '29-staff-ticket-detail');
    expect(await staff.getByText(DEMO.SYSTEM.name).count()).toBeGreaterThan(0);
  });

  it('uploads a consolidated file for a company and opens it', async () => {
    const operator = await newPage();
    await signIn(operator, 'SYSTEM');
    await operator.getByRole('link', { name: 'Consolidated Files' }).click();
    await operator.waitForURL((url) => url.pathname === '/system/consolidated-files');
    await operator.getByRole('heading', { name: 'Consolidated Files', level: 1 }).waitFor();
    await screenshot(operator, '30-consolidated-files-empty');

    const file = path.join(os.tmpdir(), 'northwind-week-45.csv');
    writeFileSync(file, 'Employee ID,Employee Name,Regular Hours,Gross Pay\nE001,Ada Lovelace,40,1200.00\nE002,Alan Turing,38.5,1155.00\n');
    await operator.getByRole('button', { name: /Upload File/ }).click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByLabel('Company').click();
    await chooseOption(operator, 'Northwind Payroll Services');
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('northwind-week-45.csv').waitFor();
    await screenshot(operator, '31-upload-dialog');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await operator.getByText('File uploaded successfully to Northwind Payroll Services!').waitFor();
    await operator.getByRole('cell', { name: 'northwind-week-45.csv', exact: true }).waitFor();
    await operator.getByRole('cell', { name: 'CSV', exact: true }).waitFor();
    await screenshot(operator, '32-consolidated-files-list');

    // With no external link template, View opens the stored file in the viewer, rows and all.
    const [request] = await Promise.all([
      operator.waitForRequest((candidate) => /\/api\/system\/consolidated-files\/[0-9a-f-]{36}\/viewer$/.test(new URL(candidate.url()).pathname)),
      operator.getByRole('button', { name: 'View northwind-week-45.csv' }).click(),
    ]);
    const viewer = operator.getByRole('dialog', { name: 'northwind-week-45.csv' });
    await viewer.getByText('Alan Turing').waitFor();
    await screenshot(operator, '33-consolidated-file-viewer');
    // The file itself is still served whole to an operator, through the authenticated content endpoint.
    const served = await operator.context().request.get(request.url().replace(/\/viewer$/, '/content'));
    expect(served.status()).toBe(200);
    const text = await served.text();
    expect(text).toContain('E002,Alan Turing,38.5,1155.00');
  });
});
