import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { APIRequestContext, Page } from 'playwright-core';

type FetchOptions = NonNullable<Parameters<APIRequestContext['fetch']>[1]>;
import { PROCESSING_STATUS_LABELS } from '@/common/statuses';
import { shiftWeek, weekContaining, weekToIsoDates } from '@/common/week';
import { clientPayrollModel } from '../../scripts/bench/clientPayrolls';
import { writeModelXlsx } from '../../scripts/bench/payrollFiles';
import { baseUrl, screenshot, signInAs, suiteBrowser } from './browser';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COMPLETE = PROCESSING_STATUS_LABELS.SCRUBBED;
const PASSWORD = 'week-drop-1';

/** A company of its own, so nothing of another walk shows in its week. */
const COMPANY = 'Foxglove Row Payroll';
const ADMIN = { name: 'Ines Laurent', email: 'ines@foxgloverow.test' };
const STAFF = { name: 'Theo Marsh', email: 'theo@foxgloverow.test' };
/** Six clients; the last is new this week (no approved week yet), so no file can be matched to it. */
const CLIENTS = ['Alder Dental', 'Birch Bakery', 'Cedar Clinic', 'Dogwood Diner', 'Elm Electric', 'Fern Florist'];
const NEW_CLIENT = CLIENTS[5];
/** This week's files, generic names, in the order dropped: file i is client ORDER[i]'s. */
const FILE_NAMES = ['payroll.xlsx', 'export.xlsx', 'Week final (2).xlsx', 'payroll (1).xlsx', 'Book1.xlsx', 'timesheet.xlsx'];
const ORDER = [2, 0, 5, 4, 1, 3];
/** The last two files arrive inside a zip, in a folder, beside the copies a Mac adds: unpacked in the browser. */
const ZIPPED = 2;

async function workbook(client: number, week: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'week-walk-'));
  try {
    const file = path.join(dir, 'week.xlsx');
    await writeModelXlsx(clientPayrollModel({ sheets: 2, rowsPerSheet: 20, client: 300 + client, week }), file);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A call of the signed-in context, as the SPA makes it (same origin). */
async function call<T>(request: APIRequestContext, method: string, url: string, options: Pick<FetchOptions, 'data' | 'multipart'> = {}): Promise<T> {
  const response = await request.fetch(`${baseUrl()}/api${url}`, { method, ...options, headers: { Origin: baseUrl() } });
  if (!response.ok()) throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

interface StaffUpload {
  id: string;
  filename: string;
  status: string;
  client: { id: string; name: string };
}

async function staffUploads(request: APIRequestContext): Promise<StaffUpload[]> {
  return (await call<{ data: { uploads: StaffUpload[] } }>(request, 'GET', '/staff/uploads?limit=50')).data.uploads;
}

/** Waits until every upload of the list is out of processing (or the time runs out). */
async function allProcessed(request: APIRequestContext, count: number): Promise<StaffUpload[]> {
  for (let attempt = 0; attempt < 240; attempt++) {
    const uploads = await staffUploads(request);
    if (uploads.length >= count && uploads.every((u) => ['SCRUBBED', 'FAILED'].includes(u.status))) return uploads;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The uploads were still being processed after two minutes');
}

/**
 * Dropping the whole week in a real browser: five clients of a staff member have an approved earlier
 * week, the sixth is new. The staff member drops six generic-named files, the five are matched to
 * their clients and the new client's file to none (two of the files come in a zip, unpacked in the
 * browser); the staff member chooses its client, uploads all
 * six, and each reaches its processed state under the right client.
 */
describe('upload the week: many files routed to their clients by what they hold', () => {
  const newPage = suiteBrowser({ viewport: { width: 1400, height: 900 } });
  const thisWeek = weekToIsoDates(weekContaining(new Date()));
  const lastWeek = weekToIsoDates(shiftWeek(weekContaining(new Date()), -1));

  it('drops six files, corrects one suggestion, uploads all six, and each is processed under its client', async () => {
    const operator = await newPage();
    await signInAs(operator, 'SYSTEM', 'operator@payroll.demo', 'demo1234');
    const created = await call<{ data: { company: { id: string } } }>(operator.context().request, 'POST', '/system/companies', { data: { name: COMPANY } });
    await call(operator.context().request, 'POST', `/system/companies/${created.data.company.id}/admins`, { data: { ...ADMIN, password: PASSWORD } });
    const admin = await newPage();
    await signInAs(admin, 'ADMIN', ADMIN.email, PASSWORD);
    const adminApi = admin.context().request;
    const member = await call<{ data: { staff: { id: string } } }>(adminApi, 'POST', '/company/staff', { data: { ...STAFF, password: PASSWORD } });
    const clientIds: string[] = [];
    for (const name of CLIENTS) {
      const client = await call<{ data: { client: { id: string } } }>(adminApi, 'POST', '/client', { data: { name, assigned_staff_id: member.data.staff.id, status: 'ACTIVE' } });
      clientIds.push(client.data.client.id);
    }

    // Last week: the five known clients' files, uploaded one by one, processed and approved.
    const staff = await newPage();
    await signInAs(staff, 'STAFF', STAFF.email, PASSWORD);
    const staffApi = staff.context().request;
    for (let c = 0; c < 5; c++) {
      await call(staffApi, 'POST', '/staff/upload-required-document', {
        multipart: { clientId: clientIds[c], weekStart: lastWeek.weekStart, file: { name: `${CLIENTS[c]}.xlsx`, mimeType: XLSX_TYPE, buffer: await workbook(c, 0) } },
      });
    }
    for (const upload of await allProcessed(staffApi, 5)) {
      expect(upload.status).toBe('SCRUBBED');
      await call(adminApi, 'POST', `/company/weekly-documents/${upload.id}/review`, { data: { approval_status: 'APPROVED' } });
    }

    // This week: six files dropped at once.
    await staff.goto(`${baseUrl()}/staff/weekly-uploads?weekStart=${thisWeek.weekStart}&weekEnd=${thisWeek.weekEnd}`);
    await staff.getByRole('heading', { name: 'Weekly Uploads' }).waitFor();
    await staff.getByRole('button', { name: 'Upload the week' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Upload the week' });
    const files = await Promise.all(ORDER.map(async (client, at) => ({ name: FILE_NAMES[at], mimeType: XLSX_TYPE, buffer: await workbook(client, 1) })));
    const zipped = files.slice(-ZIPPED);
    const archive = zipSync({
      ...Object.fromEntries(zipped.map((f) => [`Week/${f.name}`, new Uint8Array(f.buffer)])),
      [`__MACOSX/Week/._${zipped[0].name}`]: new Uint8Array([0, 5, 22, 7]),
    });
    const dropped = [...files.slice(0, -ZIPPED), { name: 'week.zip', mimeType: 'application/zip', buffer: Buffer.from(archive) }];
    await dialog.getByLabel("The week's files", { exact: true }).setInputFiles(dropped);
    const table = dialog.getByRole('table');
    await table.getByRole('row').filter({ hasText: FILE_NAMES[5] }).waitFor();
    await screenshot(staff, '90-week-upload-matched');

    // The five known clients are suggested for their own files; the new client's file has none.
    for (const [at, client] of ORDER.entries()) {
      const row = table.getByRole('row').filter({ hasText: FILE_NAMES[at] });
      if (client === 5) await row.getByText('No client recognised').waitFor();
      else await row.getByText(CLIENTS[client], { exact: true }).waitFor();
    }
    await dialog.getByTestId('clients-without-file').filter({ hasText: NEW_CLIENT }).waitFor();

    // The staff member chooses the new client for its file.
    const unmatched = table.getByRole('row').filter({ hasText: FILE_NAMES[ORDER.indexOf(5)] });
    await unmatched.getByLabel(`Client for ${FILE_NAMES[ORDER.indexOf(5)]}`).click();
    await staff.keyboard.type('Fern');
    await staff.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: new RegExp(`^${NEW_CLIENT}$`) }).click();
    await dialog.getByTestId('clients-without-file').waitFor({ state: 'detached' });

    await dialog.getByRole('button', { name: 'Upload 6 files' }).click();
    await dialog.getByText('Queued for processing').nth(5).waitFor({ timeout: 60_000 });
    await screenshot(staff, '91-week-upload-queued');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Each file is processed under its own client, and the week's table shows it.
    const uploads = (await allProcessed(staffApi, 11)).filter((u) => FILE_NAMES.includes(u.filename));
    expect(Object.fromEntries(uploads.map((u) => [u.filename, { client: u.client.name, status: u.status }]))).toEqual(
      Object.fromEntries(FILE_NAMES.map((name, at) => [name, { client: CLIENTS[ORDER[at]], status: 'SCRUBBED' }])),
    );
    for (const name of CLIENTS) await rowOf(staff, name).getByText(COMPLETE).waitFor({ timeout: 30_000 });
    await screenshot(staff, '92-week-upload-processed');
  }, 300_000);
});

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}
