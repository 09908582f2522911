import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { writeModelXlsx } from '../../scripts/bench/payrollFiles';
import { payrollModel } from '../../scripts/bench/payrollModel';
import { baseUrl, screenshot, signInAs, suiteBrowser } from './browser';
import { setUpWalkCompany } from './screenWalk';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The upload's line, slowed down to this many bytes a second (an office line is some ten times faster). */
const UPLOAD_BYTES_PER_SECOND = 256 * 1024;

/** The share the row's upload bar shows, or null when there is none. */
async function percentShown(page: Page, client: string): Promise<number | null> {
  const bar = rowOf(page, client).getByTestId('upload-progress').getByRole('progressbar');
  if ((await bar.count()) === 0) return null;
  const value = await bar.getAttribute('aria-valuenow');
  return value === null ? null : Number(value);
}

function rowOf(page: Page, client: string) {
  return page.getByRole('row').filter({ hasText: client });
}

/**
 * A large weekly upload on a slow line, in a real browser: the row shows the share of the bytes sent
 * rising, how much of how much and the time left, and Cancel stops it with nothing kept.
 */
describe('the progress of a large upload in a real browser', () => {
  const newPage = suiteBrowser({ viewport: { width: 1280, height: 860 } });
  let folder: string;

  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'payroll-e2e-progress-'));
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('shows the percentage rise through a throttled connection, and Cancel leaves the week as it was', async () => {
    const generated = path.join(folder, 'large payroll.xlsx');
    await writeModelXlsx(payrollModel({ sheets: 4, rowsPerSheet: 12_000, seed: 28 }), generated);
    const workbook = readFileSync(generated);
    expect(workbook.length).toBeGreaterThan(2 * 1024 * 1024);

    // a company of its own (the suites share one server): its staff member's client without an upload this week
    const company = await setUpWalkCompany(newPage, 'progress');
    const client = company.clients.missing.name;
    const page = await newPage();
    await signInAs(page, 'STAFF', company.staff.email, company.staff.password);
    await page.goto(`${baseUrl()}/staff/weekly-uploads`);
    await page.getByRole('heading', { name: 'Weekly Uploads' }).waitFor();
    await rowOf(page, client).getByRole('button', { name: 'Upload', exact: true }).waitFor();

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: UPLOAD_BYTES_PER_SECOND });

    await page.getByLabel(`Document file for ${client}`).setInputFiles({ name: `${client} payroll.xlsx`, mimeType: XLSX_TYPE, buffer: workbook });
    const progress = rowOf(page, client).getByTestId('upload-progress');
    await progress.waitFor();
    await rowOf(page, client).getByText('Uploading file...').waitFor();

    // the share sent rises while the bytes go out: seen above some share, then above a larger one
    const first = await page.waitForFunction((name) => {
      const row = Array.from(document.querySelectorAll('tr')).find((tr) => tr.textContent?.includes(name));
      const value = Number(row?.querySelector('[data-testid="upload-progress"] [role="progressbar"]')?.getAttribute('aria-valuenow') ?? 0);
      return value > 0 && value < 100 ? value : false;
    }, client);
    const firstShare = (await first.jsonValue()) as number;
    await page.waitForFunction(
      ([name, above]) => {
        const row = Array.from(document.querySelectorAll('tr')).find((tr) => tr.textContent?.includes(name));
        const value = Number(row?.querySelector('[data-testid="upload-progress"] [role="progressbar"]')?.getAttribute('aria-valuenow') ?? 0);
        return value >= (above as number) + 5 && value < 100;
      },
      [client, firstShare] as const,
    );
    const later = await percentShown(page, client);
    expect(later).toBeGreaterThan(firstShare);
    const sizeMb = (workbook.length / (1024 * 1024)).toFixed(2).replace(/\.?0+$/, '');
    await progress.getByText(new RegExp(`of ${sizeMb.replace('.', '\\.')} MB · about .+ left$`)).waitFor();
    await screenshot(page, '95-weekly-upload-progress-throttled');

    await progress.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Upload cancelled: nothing was saved.').waitFor();
    await rowOf(page, client).getByRole('button', { name: 'Upload', exact: true }).waitFor();
    expect(await percentShown(page, client)).toBeNull();

    // the server kept nothing: after a reload the client's week still has no upload
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.reload();
    await page.getByRole('heading', { name: 'Weekly Uploads' }).waitFor();
    await rowOf(page, client).getByRole('button', { name: 'Upload', exact: true }).waitFor();
    await screenshot(page, '96-weekly-upload-cancelled');
  });
});
