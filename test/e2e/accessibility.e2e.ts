import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { writeModelXlsx } from '../../scripts/bench/payrollFiles';
import { payrollModel } from '../../scripts/bench/payrollModel';
import { baseUrl, settle, signIn, signInAs, suiteBrowser } from './browser';
import { setUpWalkCompany, type WalkCompany } from './screenWalk';

/** WCAG 2.0 and 2.1, levels A and AA: what the product promises (issue 24). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The impacts that fail the suite; minor and moderate findings are reported by the audit but do not block. */
const BLOCKING = new Set(['serious', 'critical']);

/** Serious and critical findings per screen, printed at the end so a run shows where things stand. */
const counts = new Map<string, number>();

/**
 * Waits until the screen shows its content: the title, no list placeholders, no spinners, and
 * the live connection up where the screen has one, then nothing moving.
 */
async function screenReady(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="list-skeleton"], .ant-skeleton, .ant-spin-spinning'), undefined, { timeout: 15_000 });
  const live = page.getByRole('status', { name: 'Live updates' });
  if (await live.count()) await live.getByText('Connected').waitFor();
  await settle(page);
}

/**
 * Runs axe over the page (or one dialog of it) and answers each serious or critical finding as a
 * line a person can act on: the screen, the rule, what it asks, and each element with axe's summary.
 */
async function audit(page: Page, screen: string, within?: string): Promise<string[]> {
  // axe.run in the page itself ("legacy mode"): the default runs it frame by frame, then opens a blank
  // page of its own to gather the results, about 0.6 s more per audit. The app has no frames, and
  // same-origin ones would still be audited.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(WCAG_21_AA);
  if (within) builder = builder.include(within);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  counts.set(screen, blocking.reduce((sum, violation) => sum + violation.nodes.length, 0));
  return blocking.map((violation) =>
    [
      `${screen}: ${violation.id} (${violation.impact}) ${violation.help} (${violation.helpUrl})`,
      ...violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`),
    ].join('\n'),
  );
}

/** Fails with every finding of the walk, or passes when there were none. */
function expectNoBlockingFindings(findings: string[]): void {
  if (findings.length > 0) {
    throw new Error(`axe found ${findings.length} serious or critical WCAG 2.1 AA violation(s); fix each element listed:\n\n${findings.join('\n\n')}`);
  }
}

/** Visits each address in turn and audits it once it is ready. */
async function auditRoutes(page: Page, routes: string[]): Promise<string[]> {
  const findings: string[] = [];
  for (const route of routes) {
    await page.goto(`${baseUrl()}${route}`);
    await screenReady(page);
    findings.push(...(await audit(page, route)));
  }
  return findings;
}

/** Opens a dialog with the given control, audits the dialog, and closes it with Escape. */
async function auditDialog(page: Page, screen: string, opener: Locator, dialogName: string | RegExp): Promise<string[]> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await page.waitForFunction(() => !document.querySelector('.ant-modal .ant-skeleton, .ant-modal .ant-spin-spinning'), undefined, { timeout: 15_000 });
  await settle(page);
  const findings = await audit(page, `${screen} (${String(dialogName)} dialog)`, '.ant-modal-wrap:not([style*="display: none"])');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return findings;
}

/** The sidebar's Change password, open in every area. */
function changePassword(page: Page): Locator {
  return page.getByRole('button', { name: 'Change password' });
}

/**
 * Every route of the three areas and their main dialogs against WCAG 2.1 AA with axe-core
 * (issue 24): any serious or critical violation fails, naming the screen, the rule and the elements.
 */
describe('every screen against WCAG 2.1 AA', () => {
  const newPage = suiteBrowser({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  let company: WalkCompany;

  beforeAll(async () => {
    company = await setUpWalkCompany(newPage, 'axe');
  }, 120_000);

  afterAll(() => {
    const table = [...counts].map(([screen, count]) => `${String(count).padStart(3)}  ${screen}`).join('\n');
    process.stdout.write(`\nSerious and critical axe findings (elements) per screen:\n${table}\n`);
  });

  it('passes on the chooser and the three login screens', async () => {
    const page = await newPage();
    const findings: string[] = [];
    for (const route of ['/', '/auth/system', '/auth/admin', '/auth/staff']) {
      await page.goto(`${baseUrl()}${route}`);
      await page.getByRole('heading').first().waitFor();
      await settle(page);
      findings.push(...(await audit(page, route)));
    }
    expectNoBlockingFindings(findings);
  });

  it("passes on every screen of the operator's area and its dialogs", async () => {
    const page = await newPage();
    await signIn(page, 'SYSTEM');
    const findings = await auditRoutes(page, [
      '/system/companies',
      `/system/companies/${company.companyId}`,
      '/system/consolidated-files',
      '/system/tickets',
      `/system/tickets/${company.ticketId}`,
      '/system/audit',
      '/system/no-such-screen',
    ]);
    await page.goto(`${baseUrl()}/system/companies`);
    await screenReady(page);
    findings.push(...(await auditDialog(page, '/system/companies', page.getByRole('button', { name: 'Add Company' }), 'Add Company')));
    findings.push(...(await auditDialog(page, '/system/companies', changePassword(page), 'Change Password')));
    await page.goto(`${baseUrl()}/system/companies/${company.companyId}`);
    await screenReady(page);
    findings.push(...(await auditDialog(page, '/system/companies/:id', page.getByRole('button', { name: 'Add Admin' }), 'Add Admin')));
    await page.goto(`${baseUrl()}/system/consolidated-files`);
    await screenReady(page);
    findings.push(...(await auditDialog(page, '/system/consolidated-files', page.getByRole('button', { name: 'Upload File' }), 'Upload Consolidated File')));
    expectNoBlockingFindings(findings);
  });

  it("passes on every screen of the company admin's area and its dialogs", async () => {
    const page = await newPage();
    await signInAs(page, 'ADMIN', company.admin.email, company.admin.password);
    const findings = await auditRoutes(page, [
      '/admin',
      '/admin/staff-management',
      '/admin/client-management',
      '/admin/file-uploads',
      '/admin/weekly-uploads',
      '/admin/tickets',
      `/admin/tickets/${company.ticketId}`,
      '/admin/audit',
      '/admin/no-such-screen',
    ]);
    await page.goto(`${baseUrl()}/admin/staff-management`);
    await screenReady(page);
    findings.push(...(await auditDialog(page, '/admin/staff-management', page.getByRole('button', { name: 'Add Staff' }), 'Add Staff')));
    await page.goto(`${baseUrl()}/admin/client-management`);
    await screenReady(page);
    findings.push(...(await auditDialog(page, '/admin/client-management', page.getByRole('button', { name: 'Add Client' }), /Client/)));
    await page.goto(`${baseUrl()}/admin/weekly-uploads`);
    await screenReady(page);
    const pending = page.getByRole('row').filter({ hasText: company.clients.pending.name });
    findings.push(...(await auditDialog(page, '/admin/weekly-uploads', pending.getByRole('button', { name: 'Review' }), 'Review Upload')));
    await page.goto(`${baseUrl()}/admin/tickets`);
    await screenReady(page);
    findings.push(...(await auditDialog(page, '/admin/tickets', page.getByRole('button', { name: 'New Ticket' }), 'Create New Ticket')));
    findings.push(...(await auditDialog(page, '/admin/tickets', changePassword(page), 'Change Password')));
    expectNoBlockingFindings(findings);
  });

  it("passes on every screen of the staff member's area and its dialogs", async () => {
    const page = await newPage();
    await signInAs(page, 'STAFF', company.staff.email, company.staff.password);
    const { rejected } = company.clients;
    const findings = await auditRoutes(page, [
      '/staff',
      '/staff/clients',
      `/staff/clients/${rejected.id}`,
      `/staff/clients/${rejected.id}/documents`,
      '/staff/weekly-uploads',
      '/staff/file-uploads',
      '/staff/tickets',
      `/staff/tickets/${company.ticketId}`,
      '/staff/no-such-screen',
    ]);
    await page.goto(`${baseUrl()}/staff/weekly-uploads`);
    await screenReady(page);
    const rejectedRow = page.getByRole('row').filter({ hasText: rejected.name });
    findings.push(...(await auditDialog(page, '/staff/weekly-uploads', rejectedRow.getByRole('button', { name: /Rejected/ }).first(), 'Upload Review Details')));
    await page.goto(`${baseUrl()}/staff/tickets`);
    await screenReady(page);
    findings.push(...(await auditDialog(page, '/staff/tickets', page.getByRole('button', { name: 'New Ticket' }), 'Create New Ticket')));
    findings.push(...(await auditDialog(page, '/staff/tickets', changePassword(page), 'Change Password')));
    expectNoBlockingFindings(findings);
  });

  /** Presses Tab until the control has the focus (a keyboard user's way there), failing after `most` presses. */
  async function tabTo(page: Page, control: Locator, most = 40): Promise<void> {
    for (let presses = 0; presses < most; presses += 1) {
      if (await control.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab did not reach ${String(control)} within ${most} presses: it cannot be reached by keyboard`);
  }

  /** Waits until the control has the focus (menus and dialogs move it after they have rendered). */
  async function focusMovesTo(control: Locator): Promise<void> {
    const element = await control.elementHandle();
    await control
      .page()
      .waitForFunction((target) => target !== null && (target === document.activeElement || target.contains(document.activeElement)), element, { timeout: 5000 })
      .catch(() => {
        throw new Error(`The focus did not move to ${String(control)}: a keyboard user would be lost here`);
      });
  }

  /** Whether the element has the focus now. */
  function focused(control: Locator): Promise<boolean> {
    return control.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));
  }

  it('leads the keyboard past the sidebar with the skip link, shown when it has the focus', async () => {
    const page = await newPage();
    await signInAs(page, 'STAFF', company.staff.email, company.staff.password);
    await page.goto(`${baseUrl()}/staff/weekly-uploads`);
    await screenReady(page);
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    const hidden = await skip.boundingBox();
    expect(hidden && hidden.y + hidden.height <= 0).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused(skip)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.x >= 0 && box.width > 0).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focused(page.getByRole('main'))).toBe(true);
    // The next stop is on the screen, not in the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  });

  it("honours the system's request for reduced motion: dialogs open and close without animating, and animate again when it is withdrawn", async () => {
    const page = await newPage();
    await signInAs(page, 'ADMIN', company.admin.email, company.admin.password);
    await page.goto(`${baseUrl()}/admin/tickets`);
    await screenReady(page);
    const dialog = page.getByRole('dialog', { name: 'Create New Ticket' });
    /** The dialog's animation length as Ant Design's theme gives it to the page. */
    async function dialogMotion(preference: 'reduce' | 'no-preference'): Promise<string> {
      await page.emulateMedia({ reducedMotion: preference });
      await page.getByRole('button', { name: 'New Ticket' }).click();
      await dialog.waitFor();
      const duration = await dialog.evaluate((element) => getComputedStyle(element).getPropertyValue('--ant-motion-duration-slow').trim());
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      return duration;
    }
    expect({ reduced: await dialogMotion('reduce'), usual: await dialogMotion('no-preference') }).toEqual({ reduced: '0s', usual: expect.stringMatching(/^0\.\d+s$/) });
  });

  it('downloads a version by keyboard alone: ArrowDown opens the menu, the arrows walk it, Enter saves', async () => {
    const page = await newPage();
    await signInAs(page, 'STAFF', company.staff.email, company.staff.password);
    await page.goto(`${baseUrl()}/staff/weekly-uploads`);
    await screenReady(page);
    const download = page.getByRole('row').filter({ hasText: company.clients.approved.name }).getByRole('button', { name: 'Download' });
    await tabTo(page, download);
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const item = (name: string) => menu.getByRole('menuitem', { name });
    await focusMovesTo(item('Raw file'));
    await page.keyboard.press('ArrowDown');
    await focusMovesTo(item('Consolidated file'));
    await page.keyboard.press('ArrowDown');
    await focusMovesTo(item('Scrubbed file'));
    await page.keyboard.press('ArrowUp');
    await focusMovesTo(item('Consolidated file'));
    const [arrived] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(arrived.suggestedFilename()).toMatch(/consolidated\.xlsx$/);
    await menu.waitFor({ state: 'hidden' });
    await focusMovesTo(download);

    // Escape closes the menu without a download and leaves the focus on the button.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await focusMovesTo(menu);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await focusMovesTo(download);
  });

  it('opens the review by keyboard: the decision buttons are reached with Tab, Escape closes back onto Review', async () => {
    const page = await newPage();
    await signInAs(page, 'ADMIN', company.admin.email, company.admin.password);
    await page.goto(`${baseUrl()}/admin/weekly-uploads`);
    await screenReady(page);
    const review = page.getByRole('row').filter({ hasText: company.clients.pending.name }).getByRole('button', { name: 'Review' });
    await tabTo(page, review);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Review Upload' });
    await dialog.waitFor();
    await focusMovesTo(dialog);
    await tabTo(page, dialog.getByRole('button', { name: 'Reject' }));
    await tabTo(page, dialog.getByRole('button', { name: 'Approve' }));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await focusMovesTo(review);
  });

  it("uploads by keyboard: Enter on a row's Upload opens the file picker and the chosen file is processed", async () => {
    const page = await newPage();
    await signInAs(page, 'STAFF', company.staff.email, company.staff.password);
    await page.goto(`${baseUrl()}/staff/weekly-uploads`);
    await screenReady(page);
    const row = page.getByRole('row').filter({ hasText: company.clients.missing.name });
    const workbook = path.join(os.tmpdir(), `keyboard-upload-${process.pid}.xlsx`);
    await writeModelXlsx(payrollModel({ sheets: 1, rowsPerSheet: 20, seed: 9 }), workbook);
    // listening before the key press: the browser hands the picker to the test rather than showing it
    const picked = page.waitForEvent('filechooser');
    await tabTo(page, row.getByRole('button', { name: 'Upload' }));
    try {
      const [chooser] = await Promise.all([picked, page.keyboard.press('Enter')]);
      await chooser.setFiles(workbook);
      await row.getByText('Processing complete').waitFor({ timeout: 60_000 });
    } finally {
      rmSync(workbook, { force: true });
    }
  });
});
