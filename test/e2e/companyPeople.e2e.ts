import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, DEMO, launchBrowser, screenshot, settle, signIn, signInAs } from './browser';

const NEW_STAFF = { name: 'Dana Fields', email: 'dana.fields@northwind.demo', password: 'dana-pass' };
const NEW_CLIENT = 'Evergreen Cafe';

/** Signs in at a role's own login screen with any account, and waits for the role's home. */
/** The company's people and clients, walked by a Northwind admin, their new staff member and Bluebird's admin. */
describe("a company's people and clients in a real browser", () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 860 } });
    contexts.push(context);
    return context.newPage();
  }

  it('lets an admin add a staff member and a client, the member see exactly that client, and keeps Bluebird out of it', async () => {
    const admin = await newPage();
    await signIn(admin, 'ADMIN');
    await admin.getByText('Company Admin Overview').waitFor();
    await admin.getByText('Northwind Payroll Services').first().waitFor();
    await screenshot(admin, '30-admin-dashboard');

    // A staff member joins the company.
    await admin.goto(`${baseUrl()}/admin/staff-management`);
    await admin.getByRole('heading', { name: 'Staff Management' }).waitFor();
    await admin.getByRole('cell', { name: DEMO.STAFF.email }).waitFor();
    await admin.getByRole('button', { name: 'Add Staff' }).click();
    const staffDialog = admin.getByRole('dialog');
    // submitted once it has zoomed in and its first field has the focus, as a person would
    await staffDialog.getByLabel('Name').waitFor();
    await settle(admin);
    await staffDialog.getByRole('button', { name: 'Add Staff' }).click();
    await staffDialog.getByText('Name is required').waitFor();
    await staffDialog.getByText('Email is required').waitFor();
    await screenshot(admin, '31-add-staff-validation');
    await staffDialog.getByLabel('Name').fill(NEW_STAFF.name);
    await staffDialog.getByLabel('Email').fill(NEW_STAFF.email);
    await staffDialog.getByLabel('Password').fill(NEW_STAFF.password);
    await staffDialog.getByRole('button', { name: 'Add Staff' }).click();
    await staffDialog.waitFor({ state: 'hidden' });
    await admin.getByRole('cell', { name: NEW_STAFF.email }).waitFor();
    await screenshot(admin, '32-staff-with-new-member');

    // A client assigned to them.
    await admin.goto(`${baseUrl()}/admin/client-management`);
    await admin.getByRole('heading', { name: 'Client Management' }).waitFor();
    await admin.getByRole('button', { name: 'Add Client' }).click();
    const clientDialog = admin.getByRole('dialog');
    await settle(admin);
    await clientDialog.getByRole('button', { name: 'Create Client' }).click();
    await clientDialog.getByText('Client name is required').waitFor();
    await clientDialog.getByText('Staff assignment is required').waitFor();
    await clientDialog.getByLabel('Client Name').fill(NEW_CLIENT);
    await clientDialog.getByLabel('Assigned Staff').click();
    await admin.keyboard.type('Dana');
    await admin.locator('.ant-select-item-option', { hasText: NEW_STAFF.name }).first().click();
    await screenshot(admin, '33-add-client-dialog');
    await clientDialog.getByRole('button', { name: 'Create Client' }).click();
    await clientDialog.waitFor({ state: 'hidden' });
    const clientRow = admin.getByRole('row').filter({ hasText: NEW_CLIENT });
    await clientRow.getByText(NEW_STAFF.name).waitFor();

    // Its status toggles at once and the change is kept.
    await clientRow.getByRole('button', { name: `Status of ${NEW_CLIENT}: Active. Change to Inactive` }).click();
    await clientRow.getByRole('button', { name: `Status of ${NEW_CLIENT}: Inactive. Change to Active` }).waitFor();
    await admin.getByRole('tab', { name: 'Inactive' }).click();
    await admin.waitForURL((url) => url.searchParams.get('status') === 'INACTIVE');
    await admin.getByRole('tab', { name: 'Inactive', selected: true }).waitFor();
    await admin.getByRole('row').filter({ hasText: 'Harbor Diner' }).waitFor({ state: 'hidden' });
    await admin.getByRole('row').filter({ hasText: NEW_CLIENT }).waitFor();
    await screenshot(admin, '34-clients-inactive-tab');
    await admin.reload();
    await admin.getByRole('row').filter({ hasText: NEW_CLIENT }).waitFor();
    await expect(admin.getByRole('tab', { name: 'Inactive', selected: true }).count()).resolves.toBe(1);

    // The new staff member sees exactly that client.
    const staff = await newPage();
    await signInAs(staff, 'STAFF', NEW_STAFF.email, NEW_STAFF.password);
    await staff.goto(`${baseUrl()}/staff/clients`);
    await staff.getByRole('heading', { name: 'Assigned Clients' }).waitFor();
    await staff.getByRole('link', { name: NEW_CLIENT }).waitFor();
    await expect(staff.locator('tbody tr.ant-table-row').count()).resolves.toBe(1);
    await screenshot(staff, '35-staff-assigned-clients');
    await staff.getByRole('link', { name: NEW_CLIENT }).click();
    await staff.waitForURL(/\/staff\/clients\/[0-9a-f-]{36}$/);
    await staff.getByText('Northwind Payroll Services').first().waitFor();
    await staff.getByText('1 document').waitFor();
    await screenshot(staff, '36-staff-client-details');
    await staff.getByRole('button', { name: 'Manage Documents' }).click();
    await staff.waitForURL(/\/documents$/);
    await staff.getByText(`${NEW_CLIENT} Weekly Document`).first().waitFor();
    await staff.getByText('No uploads yet').waitFor();
    await screenshot(staff, '37-staff-client-documents');
    const documentsUrl = staff.url();

    // The admin deletes the client; it is gone for the staff member too.
    await admin.getByRole('tab', { name: 'All' }).click();
    await admin.getByRole('button', { name: `Delete ${NEW_CLIENT}` }).click();
    const deleteDialog = admin.getByRole('dialog');
    await deleteDialog
      .getByText('Are you sure you want to delete this client? This action cannot be undone and will permanently remove this client and all associated data.')
      .waitFor();
    await screenshot(admin, '38-delete-client-confirmation');
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await deleteDialog.waitFor({ state: 'hidden' });
    await admin.getByRole('row').filter({ hasText: NEW_CLIENT }).waitFor({ state: 'hidden' });

    await staff.goto(documentsUrl);
    await staff.getByText("Client not found or you don't have access to this client.").waitFor();
    await staff.goto(`${baseUrl()}/staff/clients`);
    await staff.getByText('No clients found').waitFor();
    await screenshot(staff, '39-staff-client-gone');

    // Bluebird's admin sees none of Northwind's people or clients.
    const bluebird = await newPage();
    await signInAs(bluebird, 'ADMIN', 'admin@bluebird.demo', DEMO.password);
    await bluebird.goto(`${baseUrl()}/admin/staff-management`);
    await bluebird.getByRole('cell', { name: 'staff@bluebird.demo' }).waitFor();
    await expect(bluebird.getByText(NEW_STAFF.email).count()).resolves.toBe(0);
    await expect(bluebird.getByText(DEMO.STAFF.email).count()).resolves.toBe(0);
    await bluebird.goto(`${baseUrl()}/admin/client-management`);
    await bluebird.getByRole('row').filter({ hasText: 'Riverside Auto Repair' }).waitFor();
    await expect(bluebird.getByText('Harbor Diner').count()).resolves.toBe(0);
    await screenshot(bluebird, '3a-bluebird-clients');
  });

  it('keeps the clients table usable on a phone: it scrolls sideways instead of cutting the actions', async () => {
    const phone = await newPage(375);
    await signIn(phone, 'ADMIN');
    await phone.goto(`${baseUrl()}/admin/client-management`);
    await phone.getByRole('row').filter({ hasText: 'Harbor Diner' }).waitFor();
    const editButton = phone.getByRole('button', { name: 'Edit Harbor Diner' });
    await editButton.scrollIntoViewIfNeeded();
    await expect(editButton.isVisible()).resolves.toBe(true);
    await screenshot(phone, '3b-clients-phone');
  });
});
