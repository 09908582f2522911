import { baseUrl, screenshot, settle, signInAs, suiteBrowser } from './browser';
import { setUpWalkCompany, type WalkCompany } from './screenWalk';

/**
 * Issue 24, spec 2.12 and 2.17: both weekly pages let a person choose a client, and a list a link
 * narrowed says which client in a chip that clears it, on a phone as on a laptop.
 */
describe('choosing a client on the weekly pages', () => {
  const newPage = suiteBrowser({ viewport: { width: 1280, height: 860 } });
  let company: WalkCompany;

  beforeAll(async () => {
    company = await setUpWalkCompany(newPage, 'client-picker');
  }, 120_000);

  it("narrows the admin's week to the client picked, and the chip clears it", async () => {
    const page = await newPage();
    await signInAs(page, 'ADMIN', company.admin.email, company.admin.password);
    await page.goto(`${baseUrl()}/admin/weekly-uploads`);
    const table = page.getByRole('table');
    await table.getByText(company.clients.missing.name, { exact: true }).waitFor();

    const picker = page.getByRole('combobox', { name: 'Client' });
    await picker.click();
    await picker.fill(company.clients.pending.name.slice(0, 6));
    await page.locator('.ant-select-item-option', { hasText: company.clients.pending.name }).click();
    await page.getByText(`Client: ${company.clients.pending.name}`).waitFor();
    await table.getByText(company.clients.missing.name, { exact: true }).waitFor({ state: 'detached' });
    await table.getByText(company.clients.pending.name, { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('clientId')).toBe(company.clients.pending.id);
    await settle(page);
    await screenshot(page, 'client-picker-admin-chosen');

    await page.getByRole('button', { name: 'Show all clients' }).click();
    await table.getByText(company.clients.missing.name, { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.has('clientId')).toBe(false);
  });

  it("names the client a link narrowed the staff member's week to, on a phone, and clears it", async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'STAFF', company.staff.email, company.staff.password);
    await page.goto(`${baseUrl()}/staff/weekly-uploads?clientId=${company.clients.missing.id}&filter=approved`);
    await page.getByText(`Client: ${company.clients.missing.name}`).waitFor();
    await page.getByText('No uploads found for the selected client').waitFor();
    await settle(page);
    await screenshot(page, 'client-picker-staff-link-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Show all clients' }).click();
    await page.getByText(`Client: ${company.clients.missing.name}`).waitFor({ state: 'detached' });
    await page.getByText(company.clients.approved.name, { exact: true }).first().waitFor();
  });
});
