import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { uploads } from '@/server/db/schema';
import { processUpload } from '@/server/jobs/processUpload';
import { buildReviewPack } from '@/server/jobs/uploadViewerPack';
import type { UploadSummary } from '@/server/services/uploads/uploadSummary';
import * as reviewPack from '@/server/services/review/pack/reviewPack';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { addClient, multipart, queuedPackJob, RecordingPublisher, staffedClient, statusReached, uploadDocument, XLSX_TYPE } from '../jobs/uploadHarness';

/** Rows of the second sheet: enough for three blocks of the viewer's rows. */
const STORE_ROWS = 600;

/**
 * Two sheets: Kitchen under a title block with a two-row header (Hours over Regular and Overtime),
 * with a negative hour and an invalid SSN; Store, a plain table of STORE_ROWS rows, every 100th
 * without an Employee ID.
 */
async function reviewWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const kitchen = book.addWorksheet('Kitchen');
  kitchen.addRow(['Acme Kitchen payroll']);
  kitchen.addRow(['Week of 3 March 2025']);
  kitchen.addRow([]);
  kitchen.addRow(['Employee ID', 'Employee Name', 'Hours', null, 'Pay Rate', 'SSN']);
  kitchen.addRow([null, null, 'Regular', 'Overtime', null, null]);
  kitchen.addRow(['101', 'Ann Lee', 40, 2, 20, '123-45-6789']);
  kitchen.addRow(['102', 'Bob Stone', -3, 0, 20, '1234']);
  kitchen.addRow(['103', 'Cy Park', 38, 0, 20, '223-45-6789']);
  kitchen.mergeCells('A4:A5');
  kitchen.mergeCells('B4:B5');
  kitchen.mergeCells('C4:D4');
  const store = book.addWorksheet('Store');
  store.addRow(['Emp ID', 'Name', 'Regular Hours', 'Pay Rate']);
  for (let i = 1; i <= STORE_ROWS; i++) store.addRow([i % 100 === 0 ? null : `S${i}`, `Worker ${i}`, 30 + (i % 10), 20]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('the viewer of an upload', () => {
  let t: TestApp;
  let staff: Agent;
  let admin: Agent;
  let colleague: Agent;
  let foreignAdmin: Agent;
  let clientId: string;
  let uploadId: string;

  let weeks = 0;
  /** Each upload for a week of its own: a client-week takes one upload until it is reviewed. */
  async function upload(content: Buffer): Promise<string> {
    const weekStart = new Date(Date.UTC(2025, 8, 8 + 7 * weeks++)).toISOString().slice(0, 10);
    const response = await uploadDocument(staff, { clientId, weekStart }, { filename: 'week.xlsx', content });
    if (response.statusCode !== 202) throw new Error(response.body);
    return response.json().data.processingId as string;
  }

  /** The upload's job, then its review pack's job, as the workers run them. */
  async function processed(content: Buffer): Promise<string> {
    const id = await upload(content);
    await processedAgain(id);
    return id;
  }

  async function processedAgain(id: string, publisher = new RecordingPublisher(), log = { error: jest.fn() }): Promise<void> {
    const deps = { db: t.database.db, queue: t.queue!, storage: t.app.ctx.storage, publisher, log };
    await processUpload(deps, { id: 'job', data: { uploadId: id }, expireInSeconds: 120 });
    await buildReviewPack(deps, await queuedPackJob(t.database.db, id));
  }

  const overview = (agent: Agent, area: 'staff' | 'company', id = uploadId) => agent.get(`/api/${area}/uploads/${id}/viewer`);
  const rows = (agent: Agent, query: string, area: 'staff' | 'company' = 'staff', id = uploadId) => agent.get(`/api/${area}/uploads/${id}/viewer/rows?${query}`);
  const lineage = (agent: Agent, query: string, area: 'staff' | 'company' = 'staff') => agent.get(`/api/${area}/uploads/${uploadId}/viewer/lineage?${query}`);

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
    const own = await staffedClient(t);
    staff = own.agent;
    clientId = own.clientId;
    const adminUser = await t.createUser('ADMIN', { companyId: own.companyId });
    admin = await t.signIn('ADMIN', adminUser.email, adminUser.password);
    const colleagueUser = await t.createUser('STAFF', { companyId: own.companyId });
    colleague = await t.signIn('STAFF', colleagueUser.email, colleagueUser.password);
    await addClient(t.database.db, own.companyId, colleagueUser.id, 'Colleague client');
    const otherCompany = await t.createCompany();
    const foreign = await t.createUser('ADMIN', { companyId: otherCompany });
    foreignAdmin = await t.signIn('ADMIN', foreign.email, foreign.password);
    uploadId = await processed(await reviewWorkbook());
  });
  afterAll(() => t.close());

  it('lists each version with its sheets, and the summary with issues by rule', async () => {
    const response = await overview(admin, 'company');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.state).toBe('READY');
    expect(data.message).toBeNull();
    const sheets = Object.fromEntries(
      data.versions.map((v: { version: string; sheets: Array<{ name: string; kind: string; rowCount: number }> }) => [v.version, v.sheets.map((s) => [s.name, s.kind, s.rowCount])]),
    );
    expect(sheets.raw).toEqual([['Kitchen', 'raw', 8], ['Store', 'raw', STORE_ROWS + 1]]);
    expect(sheets.consolidated).toEqual([['Consolidated', 'data', STORE_ROWS + 3], ['Sources', 'sources', 2]]);
    expect(sheets.scrubbed.map((s: unknown[]) => s.slice(0, 2))).toEqual([['Scrubbed', 'data'], ['Employee Totals', 'totals'], ['Issues', 'issues'], ['Summary', 'summary']]);
    expect(data.summary).toMatchObject({ rowsIn: STORE_ROWS + 3, rowsOut: STORE_ROWS + 3, issues: { error: 1, warning: 7 } });
    expect(data.summary.sheets).toEqual([
      { name: 'Kitchen', hidden: false, used: true, reason: null, headerRow: 5, rowsRead: 3, dataRows: 3, mapping: expect.any(Array) },
      { name: 'Store', hidden: false, used: true, reason: null, headerRow: 1, rowsRead: STORE_ROWS, dataRows: STORE_ROWS, mapping: expect.any(Array) },
    ]);
    // Each header as written and the column it became: the admin's 'Fix mapping' offers these.
    expect(data.summary.sheets[0].mapping).toContainEqual({ header: 'Hours Overtime', column: 'Overtime Hours' });
    expect(data.summary.sheets[1].mapping).toEqual([
      { header: 'Emp ID', column: 'Employee ID' },
      { header: 'Name', column: 'Employee Name' },
      { header: 'Regular Hours', column: 'Regular Hours' },
      { header: 'Pay Rate', column: 'Pay Rate' },
    ]);
    expect(data.summary.issuesByRule).toEqual([
      { rule: 'negative-hours', severity: 'error', label: 'Negative hours', count: 1, firstRow: 1 },
      { rule: 'missing-id', severity: 'warning', label: 'No Employee ID', count: 6, firstRow: 102 },
      { rule: 'invalid-ssn', severity: 'warning', label: 'Invalid SSN', count: 1, firstRow: 1 },
    ]);
  });

  it('answers windows of rows: first, middle, last and beyond the end', async () => {
    const first = (await rows(staff, 'version=raw&sheet=1&offset=0&limit=3')).json().data;
    expect(first).toEqual({
      offset: 0,
      total: STORE_ROWS + 1,
      rows: [
        { index: 0, number: 1, cells: ['Emp ID', 'Name', 'Regular Hours', 'Pay Rate'], severity: null, issues: [] },
        { index: 1, number: 2, cells: ['S1', 'Worker 1', '31', '20'], severity: null, issues: [] },
        { index: 2, number: 3, cells: ['S2', 'Worker 2', '32', '20'], severity: null, issues: [] },
      ],
    });
    // across the boundary of the first two blocks
    const middle = (await rows(staff, 'version=consolidated&sheet=0&offset=250&limit=10')).json().data;
    expect(middle.rows.map((r: { index: number }) => r.index)).toEqual([250, 251, 252, 253, 254, 255, 256, 257, 258, 259]);
    expect(middle.rows[0].cells.slice(0, 2)).toEqual(['S248', 'Worker 248']);
    expect(middle.rows[0].number).toBe(252);
    const last = (await rows(staff, `version=scrubbed&sheet=0&offset=${STORE_ROWS}&limit=100`)).json().data;
    expect(last.total).toBe(STORE_ROWS + 3);
    expect(last.rows.map((r: { index: number }) => r.index)).toEqual([600, 601, 602]);
    expect(last.rows[2].cells).toContain('Worker 600');
    const beyond = await rows(staff, 'version=scrubbed&sheet=0&offset=5000&limit=100');
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json().data).toEqual({ offset: 5000, total: STORE_ROWS + 3, rows: [] });
  });

  it('keeps raw rows dense by row number, title block and blank rows included', async () => {
    const kitchen = (await rows(admin, 'version=raw&sheet=0&limit=10', 'company')).json().data.rows;
    expect(kitchen.map((r: { number: number; cells: unknown[] }) => [r.number, r.cells[0] ?? null])).toEqual([
      [1, 'Acme Kitchen payroll'],
      [2, 'Week of 3 March 2025'],
      [3, null],
      [4, 'Employee ID'],
      [5, null],
      [6, '101'],
      [7, '102'],
      [8, '103'],
    ]);
  });

  it('reads every sheet of every version', async () => {
    const data = (await overview(staff, 'staff')).json().data;
    for (const version of data.versions) {
      for (const sheet of version.sheets) {
        const window = (await rows(staff, `version=${version.version}&sheet=${sheet.index}&limit=500`)).json().data;
        expect(window.total).toBe(sheet.rowCount);
        expect(window.rows).toHaveLength(Math.min(500, sheet.rowCount));
      }
    }
  });

  it('marks the Scrubbed rows with their issues, on the cells they name, and filters by them', async () => {
    const scrubbed = (await overview(staff, 'staff')).json().data.versions.find((v: { version: string }) => v.version === 'scrubbed').sheets[0];
    const bob = (await rows(staff, 'version=scrubbed&sheet=0&offset=1&limit=1')).json().data.rows[0];
    expect(bob.severity).toBe('error');
    expect(bob.issues).toEqual([
      { column: scrubbed.columns.indexOf('SSN'), severity: 'warning', message: 'Invalid SSN: it is not nine digits.' },
      { column: scrubbed.columns.indexOf('Regular Hours'), severity: 'error', message: 'Negative regular hours.' },
    ]);
    const errors = (await rows(staff, 'version=scrubbed&sheet=0&filter=errors')).json().data;
    expect(errors.total).toBe(1);
    expect(errors.rows.map((r: { index: number }) => r.index)).toEqual([1]);
    const warnings = (await rows(staff, 'version=scrubbed&sheet=0&filter=warnings&offset=1&limit=2')).json().data;
    expect(warnings.total).toBe(6);
    expect(warnings.rows.map((r: { index: number; severity: string }) => [r.index, r.severity])).toEqual([[202, 'warning'], [302, 'warning']]);
    const refused = await rows(staff, 'version=raw&sheet=0&filter=errors');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, message: 'Only the Scrubbed sheet can be filtered by errors or warnings.', error: 'VALIDATION_ERROR' });
  });

  it('follows a scrubbed cell back to the exact raw cell, through a title block and a two-row header', async () => {
    const versions = (await overview(staff, 'staff')).json().data.versions;
    const columnsOf = (version: string): string[] => versions.find((v: { version: string }) => v.version === version).sheets[0].columns;
    const columns = columnsOf('scrubbed');
    const response = await lineage(staff, `version=scrubbed&sheet=0&row=1&column=${columns.indexOf('Regular Hours')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      header: 'Regular Hours',
      value: '-3',
      sourceSheet: 'Kitchen',
      sourceRow: 7,
      originalHeader: 'Hours Regular',
      originalText: '-3',
      raw: { sheet: 0, row: 6, column: 2 },
    });
    const ssn = (await lineage(admin, `version=consolidated&sheet=0&row=2&column=${columnsOf('consolidated').indexOf('SSN')}`, 'company')).json().data;
    expect(ssn).toMatchObject({ sourceSheet: 'Kitchen', sourceRow: 8, raw: { sheet: 0, row: 7, column: 5 } });
    const raw = (await rows(staff, 'version=raw&sheet=0&offset=7&limit=1')).json().data.rows[0];
    expect(raw.cells[5]).toBe(ssn.originalText);
    const store = (await lineage(staff, `version=scrubbed&sheet=0&row=500&column=${columns.indexOf('Employee Name')}`)).json().data;
    expect(store).toMatchObject({ sourceSheet: 'Store', sourceRow: 499, originalHeader: 'Name', originalText: 'Worker 498', raw: { sheet: 1, row: 498, column: 1 } });
  });

  it('refuses lineage of a lineage column or outside the data sheets', async () => {
    const columns = (await overview(staff, 'staff')).json().data.versions.find((v: { version: string }) => v.version === 'scrubbed').sheets[0].columns;
    const own = await lineage(staff, `version=scrubbed&sheet=0&row=0&column=${columns.indexOf('Source Row')}`);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('This column is the lineage itself: choose another cell of the row.');
    expect((await lineage(staff, 'version=scrubbed&sheet=2&row=0&column=0')).statusCode).toBe(400);
    expect((await lineage(staff, 'version=scrubbed&sheet=0&row=9999&column=0')).statusCode).toBe(404);
  });

  it('answers 404 for a sheet the version does not have', async () => {
    const response = await rows(staff, 'version=consolidated&sheet=7');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'There is no sheet 7 in the consolidated version.', error: 'NOT_FOUND' });
  });

  it.each([
    ['overview', ''],
    ['rows', '/rows?version=raw&sheet=0'],
    ['lineage', '/lineage?version=scrubbed&sheet=0&row=0&column=0'],
  ])('keeps the %s to those who may see the upload', async (_name, suffix) => {
    const notFound = { success: false, message: 'Upload not found.', error: 'NOT_FOUND' };
    const other = await foreignAdmin.get(`/api/company/uploads/${uploadId}/viewer${suffix}`);
    expect([other.statusCode, other.json()]).toEqual([404, notFound]);
    const unassigned = await colleague.get(`/api/staff/uploads/${uploadId}/viewer${suffix}`);
    expect([unassigned.statusCode, unassigned.json()]).toEqual([404, notFound]);
    const missing = await staff.get(`/api/staff/uploads/00000000-0000-4000-8000-000000000000/viewer${suffix}`);
    expect([missing.statusCode, missing.json()]).toEqual([404, notFound]);
    for (const area of ['staff', 'company']) {
      const anonymous = await t.agent().get(`/api/${area}/uploads/${uploadId}/viewer${suffix}`);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
    }
    expect((await staff.get(`/api/staff/uploads/${uploadId}/viewer${suffix}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/company/uploads/${uploadId}/viewer${suffix}`)).statusCode).toBe(200);
  });

  it('says PREPARING while the upload is being processed, and refuses its rows until it is ready', async () => {
    const queued = await upload(await reviewWorkbook());
    expect((await overview(staff, 'staff', queued)).json().data).toEqual({ state: 'PREPARING', message: null, versions: [], summary: null });
    const refused = await rows(staff, 'version=raw&sheet=0', 'staff', queued);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: 'The viewer is still being prepared for this upload; try again in a moment.', error: 'CONFLICT' });
  });

  it('says UNAVAILABLE, and why, for a failed upload and one processed before the viewer', async () => {
    const failed = await upload(await reviewWorkbook());
    await t.database.db.update(uploads).set({ status: 'FAILED' }).where(eq(uploads.id, failed));
    expect((await overview(admin, 'company', failed)).json().data).toMatchObject({ state: 'UNAVAILABLE', message: 'Processing failed, so there is nothing to view.', versions: [] });
    const older = await processed(await reviewWorkbook());
    // the summary as a worker without the viewer stored it: no sources, no issues by rule
    const [{ summary }] = await t.database.db.select({ summary: uploads.summary }).from(uploads).where(eq(uploads.id, older));
    const { sources: _sources, issuesByRule: _issuesByRule, ...earlier } = summary as UploadSummary;
    await t.database.db.update(uploads).set({ reviewReadyAt: null, summary: earlier }).where(eq(uploads.id, older));
    expect((await overview(admin, 'company', older)).json().data).toMatchObject({ state: 'UNAVAILABLE', message: 'This upload was processed before the viewer existed.', versions: [] });
    expect((await rows(admin, 'version=raw&sheet=0', 'company', older)).statusCode).toBe(409);
  });

  it('says PREPARING once the upload is SCRUBBED, until its pack job has stored its rows; nothing more is published', async () => {
    const id = await upload(await reviewWorkbook());
    const publisher = new RecordingPublisher();
    const deps = { db: t.database.db, queue: t.queue!, storage: t.app.ctx.storage, publisher, log: { error: jest.fn() } };
    await processUpload(deps, { id: 'job', data: { uploadId: id }, expireInSeconds: 120 });
    expect(await statusReached(t.database.db, id, ['SCRUBBED', 'FAILED'])).toBe('SCRUBBED');
    expect((await overview(staff, 'staff', id)).json().data).toEqual({ state: 'PREPARING', message: null, versions: [], summary: null });
    expect((await rows(staff, 'version=raw&sheet=0', 'staff', id)).statusCode).toBe(409);
    expect((await staff.get(`/api/staff/download/${id}?type=scrubbed`)).statusCode).toBe(200);

    await buildReviewPack(deps, await queuedPackJob(t.database.db, id));
    const ready = (await overview(admin, 'company', id)).json().data;
    expect(ready.state).toBe('READY');
    expect(ready.summary.issuesByRule.map((rule: { firstRow: number | null }) => rule.firstRow)).toEqual([1, 102, 1]);
    const statuses = publisher.of(id).map((update) => update.status);
    expect(statuses.indexOf('SCRUBBED')).toBe(statuses.length - 1);
  });

  it('says UNAVAILABLE, and why, when its rows could not be stored, and keeps the upload SCRUBBED', async () => {
    const id = await upload(await reviewWorkbook());
    const spy = jest.spyOn(reviewPack, 'buildUploadPack').mockRejectedValueOnce(new Error('the database is out of space'));
    const log = { error: jest.fn() };
    try {
      await processedAgain(id, new RecordingPublisher(), log);
    } finally {
      spy.mockRestore();
    }
    expect(await statusReached(t.database.db, id, ['SCRUBBED', 'FAILED'])).toBe('SCRUBBED');
    expect((await overview(admin, 'company', id)).json().data).toEqual({ state: 'UNAVAILABLE', message: 'The viewer could not be prepared for this upload.', versions: [], summary: null });
    expect((await rows(staff, 'version=raw&sheet=0', 'staff', id)).json().message).toBe('The viewer could not be prepared for this upload.');
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ uploadId: id, err: expect.objectContaining({ message: 'the database is out of space' }) }), expect.any(String));
    expect((await staff.get(`/api/staff/download/${id}?type=scrubbed`)).statusCode).toBe(200);
  });

  it('replaces the pack when the same upload is processed again', async () => {
    const again = await processed(await reviewWorkbook());
    const before = (await overview(staff, 'staff', again)).json().data;
    // back in the queue as a new run (as a mapping fix puts it), its pack set aside
    await t.database.db.update(uploads).set({ status: 'QUEUED', jobId: randomUUID(), reviewReadyAt: null }).where(eq(uploads.id, again));
    await processedAgain(again);
    expect((await overview(staff, 'staff', again)).json().data.versions).toEqual(before.versions);
  });
});

describe("the viewer of an operator's consolidated file", () => {
  let t: TestApp;
  let system: Agent;
  let fileId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const companyId = await t.createCompany();
    const operator = await t.createUser('SYSTEM');
    system = await t.signIn('SYSTEM', operator.email, operator.password);
    const { payload, headers } = multipart([{ name: 'file', filename: 'consolidated.xlsx', contentType: XLSX_TYPE, content: await reviewWorkbook() }]);
    const stored = await system.post(`/api/system/consolidated-files/${companyId}`, payload, headers);
    fileId = stored.json().data.file.id;
  });
  afterAll(() => t.close());

  it('shows its sheets as they are, as the consolidated version', async () => {
    const data = (await system.get(`/api/system/consolidated-files/${fileId}/viewer`)).json().data;
    expect(data.state).toBe('READY');
    expect(data.summary).toBeNull();
    expect(data.versions).toEqual([
      {
        version: 'consolidated',
        sheets: [
          { index: 0, name: 'Kitchen', kind: 'raw', rowCount: 8, columns: [] },
          { index: 1, name: 'Store', kind: 'raw', rowCount: STORE_ROWS + 1, columns: [] },
        ],
      },
    ]);
    const window = (await system.get(`/api/system/consolidated-files/${fileId}/viewer/rows?version=consolidated&sheet=1&offset=${STORE_ROWS}`)).json().data;
    expect(window.rows).toEqual([{ index: STORE_ROWS, number: STORE_ROWS + 1, cells: [null, 'Worker 600', '30', '20'], severity: null, issues: [] }]);
  });

  it('keeps it to the operators', async () => {
    const admin = await t.createUser('ADMIN', { companyId: await t.createCompany() });
    const adminAgent = await t.signIn('ADMIN', admin.email, admin.password);
    expect((await adminAgent.get(`/api/system/consolidated-files/${fileId}/viewer`)).statusCode).toBe(403);
    expect((await t.agent().get(`/api/system/consolidated-files/${fileId}/viewer/rows?version=consolidated&sheet=0`)).statusCode).toBe(401);
    const missing = await system.get('/api/system/consolidated-files/00000000-0000-4000-8000-000000000000/viewer');
    expect([missing.statusCode, missing.json()]).toEqual([404, { success: false, message: 'Consolidated file not found.', error: 'NOT_FOUND' }]);
  });
});
