import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PROCESSING_STATUS_LABELS } from '@/common/statuses';
import { weekContaining, weekToIsoDates } from '@/common/week';
import { writeModelXlsx } from '../../scripts/bench/payrollFiles';
import { payrollModel } from '../../scripts/bench/payrollModel';
import { baseUrl, launchBrowser, screenshot, signIn } from './browser';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLS_TYPE = 'application/vnd.ms-excel';
const PASSWORD_PROTECTED = 'The file is password protected; remove the password and upload again.';
const NO_PAYROLL = 'No payroll data found: expected a header row with columns such as Employee ID, Employee Name and Hours.';
/** A real workbook saved with a password (an encrypted .xls). */
const ENCRYPTED_WORKBOOK = path.resolve(__dirname, '../fixtures/real-world/issue_385.xls');
const STAGES = Object.values(PROCESSING_STATUS_LABELS);
const COMPLETE = PROCESSING_STATUS_LABELS.SCRUBBED;

/**
 * A week's payroll as a bureau receives it: six location sheets with title rows, varied headers,
 * subtotals and a few duplicates. Big enough (about 48,000 rows, two seconds of processing on a
 * warm engine) that processing outlasts a reload of the page, so the reload lands while the dots are
 * still moving.
 */
const MODEL = payrollModel({ sheets: 6, rowsPerSheet: 8000, seed: 11 });

/** What a row showed each time it changed, as the page rendered it: its badges, then its dots. */
interface RowFrame {
  client: string;
  shown: string;
}

/**
 * Runs in the page from its first script on (and again after a reload): records every change of
 * each weekly-uploads row's Actions column, so a test can tell which stages the screen went through
 * without a reload, however quickly they came.
 */
function recordRowChanges(): void {
  const frames: RowFrame[] = [];
  const last = new Map<string, string>();
  (window as unknown as { rowFrames: RowFrame[] }).rowFrames = frames;
  const snapshot = () => {
    for (const row of Array.from(document.querySelectorAll('tr.ant-table-row'))) {
      const client = row.querySelector('td:nth-child(2) strong')?.textContent ?? '';
      const parts = Array.from(row.querySelectorAll('td:last-child .ant-tag, td:last-child ol[aria-label="Processing progress"] li'));
      const shown = parts.map((part) => part.getAttribute('aria-label') ?? part.textContent ?? '').join(' | ');
      if (client && last.get(client) !== shown) {
        last.set(client, shown);
        frames.push({ client, shown });
      }
    }
  };
  new MutationObserver(snapshot).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** The row's frames since the page (re)loaded. */
async function framesOf(page: Page, client: string): Promise<string[]> {
  const frames = await page.evaluate(() => (window as unknown as { rowFrames?: RowFrame[] }).rowFrames ?? []);
  return frames.filter((frame) => frame.client === client).map((frame) => frame.shown);
}

/** The processing stage a frame shows ('' for none: the Upload button), by its badge. */
function stageOf(frame: string): string {
  return frame.split(' | ')[0];
}

/** Whether the frames went only forward through the stages, ending at 'Processing complete'. */
function movedForwardToComplete(frames: string[]): boolean {
  const order = frames.map((frame) => STAGES.indexOf(stageOf(frame)));
  return order.every((stage, index) => stage >= 0 && (index === 0 || stage >= order[index - 1])) && stageOf(frames.at(-1) ?? '') === COMPLETE;
}

/** A tidy workbook that is no payroll: a front-desk rota, with no payroll header anywhere. */
async function rotaWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Rota');
  sheet.addRow(['Front desk rota']);
  sheet.addRow([]);
  sheet.addRow(['Day', 'Morning', 'Afternoon']);
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) sheet.addRow([day, 'Alex', 'Jordan']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function openWorkbook(file: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

/** A sheet's rows below its header, as plain values (ExcelJS's row values start at index 1). */
function bodyOf(workbook: ExcelJS.Workbook, name: string): unknown[][] {
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`The workbook has no sheet ${name}`);
  const rows: unknown[][] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

function headerOf(workbook: ExcelJS.Workbook, name: string): unknown[] {
  return (workbook.getWorksheet(name)!.getRow(1).values as unknown[]).slice(1);
}

/** The staff member's weekly uploads for the current week, with the live connection up. */
async function openWeeklyUploads(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/staff/weekly-uploads`);
  await page.getByRole('heading', { name: 'Weekly Uploads' }).waitFor();
  await page.getByRole('status', { name: 'Live updates' }).getByText('Connected').waitFor();
}

function rowOf(page: Page, client: string) {
  return page.getByRole('row').filter({ hasText: client });
}

/** The staff member's weekly upload in a real browser: a generated payroll to its three versions, followed live in two tabs, and files the engine refuses. */
describe('the weekly upload in a real browser', () => {
  let browser: Browser;
  let folder: string;
  const contexts: BrowserContext[] = [];
  const { weekStart } = weekToIsoDates(weekContaining(new Date()));

  beforeAll(async () => {
    browser = await launchBrowser();
    folder = mkdtempSync(path.join(os.tmpdir(), 'payroll-e2e-uploads-'));
  });
  afterAll(async () => {
    await browser.close();
    rmSync(folder, { recursive: true, force: true });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  /** The demo staff member, signed in in a browser of their own (contexts share no cookies), recording their rows. */
  async function staffPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
    contexts.push(context);
    await context.addInitScript(recordRowChanges);
    const page = await context.newPage();
    await signIn(page, 'STAFF');
    return page;
  }

  /** Chooses a version in the row's Download menu and saves what the browser receives. */
  async function download(page: Page, client: string, version: 'Raw file' | 'Consolidated file' | 'Scrubbed file', shot?: string) {
    await rowOf(page, client).getByRole('button', { name: 'Download' }).click();
    const item = page.getByRole('menuitem', { name: version });
    await item.waitFor();
    if (shot) await screenshot(page, shot);
    const [arrived] = await Promise.all([page.waitForEvent('download'), item.click()]);
    const name = arrived.suggestedFilename();
    const file = path.join(folder, name);
    await arrived.saveAs(file);
    return { name, file };
  }

  it('takes a generated payroll, shows its progress live in two tabs and after a reload, and hands back its three versions', async () => {
    const CLIENT = 'Harbor Diner';
    const generated = path.join(folder, 'generated payroll.xlsx');
    await writeModelXlsx(MODEL, generated);
    const workbook = readFileSync(generated);

    // Two tabs of the same person, signed in separately, both live.
    const staff = await staffPage();
    const other = await staffPage();
    await openWeeklyUploads(staff);
    await openWeeklyUploads(other);
    await rowOf(staff, CLIENT).getByText('No uploads this week').waitFor();
    await rowOf(other, CLIENT).getByText('No uploads this week').waitFor();
    await screenshot(staff, '40-weekly-uploads-connected');

    await staff.getByLabel(`Document file for ${CLIENT}`).setInputFiles({ name: `${CLIENT} payroll.xlsx`, mimeType: XLSX_TYPE, buffer: workbook });
    // The queue hands the job to the worker within milliseconds: wait for the row to have shown
    // the stage (recorded in the page), not for it to be on screen still.
    await staff.waitForFunction(
      ([client, label]) => ((window as unknown as { rowFrames?: RowFrame[] }).rowFrames ?? []).some((frame) => frame.client === client && frame.shown.startsWith(label)),
      [CLIENT, PROCESSING_STATUS_LABELS.QUEUED],
    );
    // The row went from the Upload button to the transfer and the queue, never back to the button.
    const beforeReload = (await framesOf(staff, CLIENT)).map(stageOf);
    const sinceChosen = beforeReload.slice(beforeReload.indexOf(PROCESSING_STATUS_LABELS.UPLOADING));
    expect(sinceChosen[0]).toBe(PROCESSING_STATUS_LABELS.UPLOADING);
    expect(sinceChosen).toContain(PROCESSING_STATUS_LABELS.QUEUED);
    expect(sinceChosen).not.toContain('');

    // A reload while it is processed: the row comes back with the dots where processing is, and they go on.
    await staff.reload();
    const dots = rowOf(staff, CLIENT).getByRole('list', { name: 'Processing progress' });
    await dots.waitFor();
    await screenshot(staff, '41-weekly-upload-resumed-after-reload');
    await rowOf(staff, CLIENT).getByText(COMPLETE).waitFor();
    await dots.waitFor({ state: 'detached' });
    await staff.getByText(/^File processing completed successfully: [\d,]+ clean rows, [\d,]+ employees$/).waitFor();
    await screenshot(staff, '42-weekly-upload-complete');
    const afterReload = await framesOf(staff, CLIENT);
    expect(STAGES.slice(1, -1)).toContain(stageOf(afterReload[0]));
    expect(afterReload[0]).toMatch(/Upload: done \| Consolidate: (in progress|waiting|done) \| Scrub: (in progress|waiting)$/);
    expect(movedForwardToComplete(afterReload)).toBe(true);

    // The other tab, never reloaded, learnt of the upload and followed it live to the end.
    await rowOf(other, CLIENT).getByText(COMPLETE).waitFor();
    await screenshot(other, '43-second-tab-complete');
    const otherFrames = (await framesOf(other, CLIENT)).filter((frame) => frame !== '');
    expect(movedForwardToComplete(otherFrames)).toBe(true);
    expect(otherFrames.some((frame) => frame.includes(': in progress'))).toBe(true);

    // The three versions, named after the client and the week, opened.
    const raw = await download(staff, CLIENT, 'Raw file', '44-weekly-upload-download-menu');
    expect(raw.name).toBe(`${CLIENT} ${weekStart} raw.xlsx`);
    expect(readFileSync(raw.file).equals(workbook)).toBe(true);

    const consolidated = await download(staff, CLIENT, 'Consolidated file');
    expect(consolidated.name).toBe(`${CLIENT} ${weekStart} consolidated.xlsx`);
    const consolidatedBook = await openWorkbook(consolidated.file);
    expect(consolidatedBook.worksheets.map((sheet) => sheet.name)).toEqual(['Consolidated', 'Sources']);
    expect(headerOf(consolidatedBook, 'Consolidated')).toEqual(expect.arrayContaining(['Employee ID', 'Employee Name', 'Gross Pay', 'SSN', 'Source Sheet']));
    expect(bodyOf(consolidatedBook, 'Consolidated')).toHaveLength(MODEL.expected.dataRows);
    expect(bodyOf(consolidatedBook, 'Sources').map((row) => row[0])).toEqual(MODEL.sheets.map((sheet) => sheet.name));

    const scrubbed = await download(staff, CLIENT, 'Scrubbed file');
    expect(scrubbed.name).toBe(`${CLIENT} ${weekStart} scrubbed.xlsx`);
    const scrubbedBook = await openWorkbook(scrubbed.file);
    expect(scrubbedBook.worksheets.map((sheet) => sheet.name)).toEqual(['Scrubbed', 'Employee Totals', 'Issues', 'Summary']);
    const scrubbedRows = bodyOf(scrubbedBook, 'Scrubbed');
    expect(scrubbedRows).toHaveLength(MODEL.expected.dataRows - MODEL.expected.duplicates);
    expect(bodyOf(scrubbedBook, 'Employee Totals')).toHaveLength(MODEL.expected.employees.size);
    expect(bodyOf(scrubbedBook, 'Issues').length).toBeGreaterThan(0);
    expect(bodyOf(scrubbedBook, 'Summary').length).toBeGreaterThan(0);
    // Identity numbers leave the product masked.
    const ssn = headerOf(scrubbedBook, 'Scrubbed').indexOf('SSN');
    expect(scrubbedRows.filter((row) => /^\d{3}-\d{2}-\d{4}$/.test(String(row[ssn])))).toEqual([]);
    await rowOf(staff, CLIENT).getByText(COMPLETE).waitFor();
    await screenshot(staff, '45-weekly-upload-downloaded');
  });

  it('ends an encrypted workbook and a workbook without payroll FAILED with the reason, and offers the upload again', async () => {
    const staff = await staffPage();
    await openWeeklyUploads(staff);

    await staff.getByLabel('Document file for Maple Street Dental').setInputFiles({ name: 'locked payroll.xls', mimeType: XLS_TYPE, buffer: readFileSync(ENCRYPTED_WORKBOOK) });
    const locked = rowOf(staff, 'Maple Street Dental');
    await locked.getByText(PASSWORD_PROTECTED).waitFor();
    await locked.getByText('Failed', { exact: true }).waitFor();
    await locked.getByRole('button', { name: 'Upload' }).waitFor();

    await staff.getByLabel('Document file for Summit Fitness').setInputFiles({ name: 'front desk rota.xlsx', mimeType: XLSX_TYPE, buffer: await rotaWorkbook() });
    const rota = rowOf(staff, 'Summit Fitness');
    await rota.getByText(NO_PAYROLL).waitFor();
    await rota.getByText('Failed', { exact: true }).waitFor();
    await screenshot(staff, '46-weekly-uploads-failed');

    // The reason is stored with the upload: a reload still says why.
    await staff.reload();
    await locked.getByText(PASSWORD_PROTECTED).waitFor();
    await rota.getByText(NO_PAYROLL).waitFor();
    await rota.getByRole('button', { name: 'Upload' }).waitFor();
    await screenshot(staff, '47-weekly-uploads-failed-after-reload');
  });
});
