import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { CANONICAL_COLUMNS } from '@/common/canonicalColumns';
import { shiftWeek, toIsoDate, weekContaining } from '@/common/week';
import { auditLog, clientProfiles, clientWeekFacts, reviewSheets, uploadFiles, uploads } from '@/server/db/schema';
import { loadConfig } from '@/server/config';
import { loadClientHistory } from '@/server/services/review/mappingProfiles';
import { readContractDocument } from '@/server/http/contract';
import type { QueueWorker } from '@/server/jobs/queueWorker';
import { startReviewPackWorker } from '@/server/jobs/reviewPackWorker';
import { startUploadWorker, type UploadWorker } from '@/server/jobs/uploadWorker';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { RecordingPublisher, staffedClient, statusReached, uploadDocument } from '../jobs/uploadHarness';
import { weeklyFixtures } from './staff.weeklyFixtures';

const UPLOAD_NOT_FOUND = { success: false, message: "Upload not found or you don't have access to this upload.", error: 'NOT_FOUND' };
const SHEET = 'Downtown';
const HEADER = ['Employee ID', 'Employee Name', 'Regular Hours', 'Pay Rate', 'Gross Pay'];
const STAFF_ROWS = [
  ['1041', 'Ana Lopez', 40, 20, 800],
  ['1042', 'Dana Reyes', 40, 30, 1200],
  ['1043', 'Ben Ortiz', 38, 22, 836],
];

/** The Monday `weeks` weeks before this one. */
const weekBefore = (weeks: number) => toIsoDate(shiftWeek(weekContaining(new Date()), -weeks).start);

/** A one-sheet payroll of the 'Downtown' store, with the headers and rows given. */
async function storeWorkbook(header: (string | number)[] = HEADER, rows: (string | number)[][] = STAFF_ROWS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET);
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Memory across weeks, on the server: a client's mapping profile and last approved week are written
 * only on approval and given to the next upload's run; an admin's mapping fix is stored, audited and
 * processed again as a new run of the same upload. Every upload is a real workbook taken through the
 * worker, so what the runs report is the engine's.
 */
describe('company: mapping profiles and week-over-week history', () => {
  let t: TestApp;
  let worker: UploadWorker;
  let packWorker: QueueWorker;
  let publisher: RecordingPublisher;
  let db: TestApp['app']['ctx']['db'];
  let companyId: string;
  let admin: Agent;

  const review = (id: string, decision: 'APPROVED' | 'REJECTED') => admin.post(`/api/company/weekly-documents/${id}/review`, { approval_status: decision });
  const fixMapping = (agent: Agent, id: string, body: Record<string, unknown>) => agent.post(`/api/company/uploads/${id}/mapping-fixes`, body);

  /** Uploads `content` for the client's week and waits for its run to end. */
  async function processed(staff: Agent, clientId: string, weekStart: string, content: Buffer): Promise<string> {
    const response = await uploadDocument(staff, { clientId, weekStart }, { filename: 'week.xlsx', content });
    expect(response.statusCode).toBe(202);
    const id: string = response.json().data.processingId;
    expect(await statusReached(db, id, ['SCRUBBED', 'FAILED'])).toBe('SCRUBBED');
    return id;
  }

  /** The weekly row of the client as the admin's overview lists it. */
  async function weeklyRow(clientId: string, weekStart: string) {
    const response = await admin.get(`/api/company/weekly-documents?clientId=${clientId}&weekStart=${weekStart}`);
    return response.json().data.documents[0];
  }

  /** The viewer's summary, once the review pack's job has built the viewer (it runs after SCRUBBED). */
  async function viewerSummary(id: string) {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const { data } = (await admin.get(`/api/company/uploads/${id}/viewer`)).json();
      if (data.state !== 'PREPARING') return data.summary;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`The viewer of ${id} was still being prepared after 10 s`);
  }

  const profileOf = async (clientId: string) => (await db.select().from(clientProfiles).where(eq(clientProfiles.clientId, clientId)))[0];
  const factsOf = (clientId: string) => db.select().from(clientWeekFacts).where(eq(clientWeekFacts.clientId, clientId));
  // in the order they were written (a table read without an order may come back in any)
  const fixAudits = (clientId: string) =>
    db.select().from(auditLog).where(and(eq(auditLog.entityId, clientId), eq(auditLog.action, 'client.mapping_fix'))).orderBy(asc(auditLog.id));

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
    db = t.app.ctx.db;
    publisher = new RecordingPublisher();
    // thresholds as a bureau may set them (WEEK_OVER_WEEK_*): tighter than the engine's defaults
    const weekOverWeek = loadConfig({ NODE_ENV: 'test', WEEK_OVER_WEEK_EMPLOYEE_GROSS_PERCENT: '10', WEEK_OVER_WEEK_EMPLOYEE_GROSS_AMOUNT: '50' }).processing.weekOverWeek;
    const deps = { db, queue: t.queue!, storage: t.app.ctx.storage, publisher, log: { error: jest.fn() }, weekOverWeek };
    worker = await startUploadWorker(t.queue!, deps, 1);
    packWorker = await startReviewPackWorker(t.queue!, deps, 1);
    companyId = await t.createCompany('Harbor Payroll');
    const account = await t.createUser('ADMIN', { companyId, name: 'Ada Admin' });
    admin = await t.signIn('ADMIN', account.email, account.password);
  });
  afterAll(async () => {
    await Promise.all([worker.stop(), packWorker.stop()]);
    await t.close();
  });

  it('keeps a profile and the week only when an upload is approved: not after processing, not on rejection', async () => {
    const { agent, clientId } = await staffedClient(t, { companyId });
    const rejected = await processed(agent, clientId, weekBefore(2), await storeWorkbook());
    expect(await profileOf(clientId)).toBeUndefined();

    expect((await review(rejected, 'REJECTED')).statusCode).toBe(200);
    expect(await profileOf(clientId)).toBeUndefined();
    // each run keeps its week's facts apart from the summary; a rejected week's never count
    expect((await factsOf(clientId)).map((row) => row.uploadId)).toEqual([rejected]);
    expect(await loadClientHistory(db, clientId, weekBefore(0))).toBeUndefined();

    const approved = await processed(agent, clientId, weekBefore(1), await storeWorkbook());
    expect((await review(approved, 'APPROVED')).statusCode).toBe(200);
    const profile = await profileOf(clientId);
    expect(profile).toMatchObject({ weekStart: weekBefore(1), fixes: [] });
    expect(profile.sheets).toEqual([{ name: SHEET, mapping: HEADER.map((header) => ({ header, column: header })) }]);
    const history = await loadClientHistory(db, clientId, weekBefore(0));
    expect(history).toMatchObject({ weekStart: weekBefore(1), facts: { totalGross: 2836, totalHours: 118 } });
    const [stored] = await db.select({ summary: uploads.summary }).from(uploads).where(eq(uploads.id, approved));
    expect(stored.summary).not.toHaveProperty('weekFacts');
  });

  it("compares the next week's run with the last approved week, and a client's first week with nothing", async () => {
    const { agent, clientId } = await staffedClient(t, { companyId });
    const first = await processed(agent, clientId, weekBefore(2), await storeWorkbook());
    expect((await weeklyRow(clientId, weekBefore(2))).upload.week_over_week_warnings).toBe(0);
    await review(first, 'APPROVED');

    // Dana Reyes is gone and the hours column is headed differently
    const renamed = HEADER.map((header) => (header === 'Regular Hours' ? 'Hours Worked' : header));
    const next = await processed(agent, clientId, weekBefore(1), await storeWorkbook(renamed, [STAFF_ROWS[0], STAFF_ROWS[2]]));
    const row = await weeklyRow(clientId, weekBefore(1));
    const summary = await viewerSummary(next);
    const rules = summary.issuesByRule.map((counted: { rule: string }) => counted.rule);
    expect(rules).toEqual(expect.arrayContaining(['employee-missing', 'header-new']));
    expect(row.upload.week_over_week_warnings).toBeGreaterThanOrEqual(2);
  });

  it("warns of an employee's pay change past the thresholds the server is set with, not the engine's defaults", async () => {
    const { agent, clientId } = await staffedClient(t, { companyId });
    await review(await processed(agent, clientId, weekBefore(2), await storeWorkbook()), 'APPROVED');
    // Dana Reyes: 1,200.00 -> 1,400.00, +16.7 %: past 10 % and 50.00, short of the default 25 %
    const raised = STAFF_ROWS.map((row) => (row[0] === '1042' ? [...row.slice(0, 4), 1400] : row));
    const next = await processed(agent, clientId, weekBefore(1), await storeWorkbook(HEADER, raised));
    const rules = (await viewerSummary(next)).issuesByRule.map((counted: { rule: string }) => counted.rule);
    expect(rules).toContain('employee-gross-change');
  });

  it('never compares a week with a later approved week', async () => {
    const { agent, clientId } = await staffedClient(t, { companyId });
    await review(await processed(agent, clientId, weekBefore(1), await storeWorkbook()), 'APPROVED');

    // the week before, with Dana Reyes not yet hired: nothing went missing since an earlier approved week
    const earlier = await processed(agent, clientId, weekBefore(2), await storeWorkbook(HEADER, [STAFF_ROWS[0], STAFF_ROWS[2]]));
    const rules = (await viewerSummary(earlier)).issuesByRule.map((counted: { rule: string }) => counted.rule);
    expect(rules).not.toContain('employee-missing');
    expect((await weeklyRow(clientId, weekBefore(2))).upload.week_over_week_warnings).toBe(0);
  });

  it('stores a fix, audits it and processes the same upload again with it, replacing its outputs and review pack', async () => {
    const { agent, clientId } = await staffedClient(t, { companyId, clientName: 'Harbor Foods' });
    const withExtra = [...HEADER, 'Spot Award'];
    const id = await processed(agent, clientId, weekBefore(1), await storeWorkbook(withExtra, STAFF_ROWS.map((row) => [...row, 50])));
    const mappedBefore = (await viewerSummary(id)).sheets[0].mapping.find((entry: { header: string }) => entry.header === 'Spot Award');
    expect(mappedBefore.column).not.toBe('Bonus');
    const outputsBefore = await db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, id));
    const sheetsBefore = await db.select({ id: reviewSheets.id }).from(reviewSheets).where(eq(reviewSheets.uploadId, id));
    const [{ jobId: jobBefore }] = await db.select({ jobId: uploads.jobId }).from(uploads).where(eq(uploads.id, id));

    const announced = jest.spyOn(t.app.ctx.publisher, 'publish');
    const response = await fixMapping(admin, id, { sheet: SHEET, header: 'Spot Award', column: 'Bonus' });
    expect(response.statusCode).toBe(202);
    const { processingId, jobId } = response.json().data;
    expect(processingId).toBe(id);
    expect(jobId).not.toBe(jobBefore);
    // the admins' screens hear of the new run at once, then follow its progress like a new upload's
    expect(announced).toHaveBeenCalledWith(expect.objectContaining({ processingId: id, jobId, status: 'QUEUED' }), { companyAdmins: companyId });
    announced.mockRestore();
    expect(await statusReached(db, id, ['SCRUBBED', 'FAILED'])).toBe('SCRUBBED');
    const progress = publisher.of(id).filter((update) => update.jobId === jobId);
    expect(progress.map((update) => update.status)).toEqual(expect.arrayContaining(['CONSOLIDATING', 'CONSOLIDATED', 'SCRUBBING', 'SCRUBBED']));

    const summary = await viewerSummary(id);
    expect(summary.sheets[0].mapping).toContainEqual(expect.objectContaining({ header: 'Spot Award', column: 'Bonus' }));
    const [upload] = await db.select().from(uploads).where(eq(uploads.id, id));
    expect(upload).toMatchObject({ approvalStatus: 'PENDING', jobId });
    expect(upload.reviewReadyAt).not.toBeNull();
    const outputsAfter = await db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, id));
    expect(outputsAfter.map((file) => file.kind).sort()).toEqual(['consolidated', 'raw', 'scrubbed']);
    const keysOf = (files: typeof outputsBefore, kind: string) => files.filter((file) => file.kind === kind).map((file) => file.storageKey);
    expect(keysOf(outputsAfter, 'raw')).toEqual(keysOf(outputsBefore, 'raw'));
    for (const kind of ['consolidated', 'scrubbed']) {
      expect(keysOf(outputsAfter, kind)).not.toEqual(keysOf(outputsBefore, kind));
      await expect(t.app.ctx.storage.get(keysOf(outputsBefore, kind)[0])).rejects.toThrow();
    }
    const sheetsAfter = await db.select({ id: reviewSheets.id }).from(reviewSheets).where(eq(reviewSheets.uploadId, id));
    expect(sheetsAfter).toHaveLength(sheetsBefore.length);

    expect((await profileOf(clientId)).fixes).toEqual([{ sheet: SHEET, header: 'Spot Award', column: 'Bonus' }]);
    const audits = await fixAudits(clientId);
    expect(audits).toHaveLength(1);
    expect(audits[0].details).toMatchObject({
      uploadId: id,
      fix: { sheet: SHEET, header: 'Spot Award', column: 'Bonus' },
      before: { "Sheet 'Downtown', 'Spot Award'": mappedBefore.column },
      after: { "Sheet 'Downtown', 'Spot Award'": 'Bonus' },
    });
    const listed = (await admin.get('/api/company/audit?action=client.mapping_fix')).json().data.entries;
    expect(listed.map((entry: { summary: string }) => entry.summary)).toContain(
      `Fixed column mapping Harbor Foods: Sheet 'Downtown', 'Spot Award' ${mappedBefore.column} -> Bonus`,
    );
  });

  it('replaces an earlier fix of the same header and keeps it as an extra column when asked', async () => {
    const { agent, clientId } = await staffedClient(t, { companyId });
    const id = await processed(agent, clientId, weekBefore(1), await storeWorkbook(['Employee ID', 'Employee Name', 'Regular Hours', 'Rate', 'Gross Pay']));
    const columnOfRate = async () => (await viewerSummary(id)).sheets[0].mapping.find((entry: { header: string }) => entry.header === 'Rate').column;
    expect(await columnOfRate()).toBe('Pay Rate');
    expect((await fixMapping(admin, id, { sheet: null, header: 'Rate', column: 'Bonus' })).statusCode).toBe(202);
    expect(await statusReached(db, id, ['SCRUBBED', 'FAILED'])).toBe('SCRUBBED');
    expect(await columnOfRate()).toBe('Bonus');
    expect((await fixMapping(admin, id, { sheet: null, header: 'Rate', column: null })).statusCode).toBe(202);
    expect(await statusReached(db, id, ['SCRUBBED', 'FAILED'])).toBe('SCRUBBED');

    expect((await profileOf(clientId)).fixes).toEqual([{ sheet: null, header: 'Rate', column: null }]);
    // kept as an extra column: under its own header, no longer the pay rate
    expect(await columnOfRate()).toBe('Rate');
    const audits = await fixAudits(clientId);
    expect(audits.map((audit) => audit.details)).toEqual([
      expect.objectContaining({ before: { "'Rate'": 'Pay Rate' }, after: { "'Rate'": 'Bonus' } }),
      expect.objectContaining({ before: { "'Rate'": 'Bonus' }, after: { "'Rate'": 'kept as extra column' } }),
    ]);
  });

  it('refuses a fix with 409 while the upload is processing or once it is reviewed, and changes nothing', async () => {
    const { agent, clientId } = await staffedClient(t, { companyId });
    const id = await processed(agent, clientId, weekBefore(1), await storeWorkbook());
    const fix = { sheet: null, header: 'Gross Pay', column: 'Net Pay' };

    await db.update(uploads).set({ status: 'SCRUBBING' }).where(eq(uploads.id, id));
    const processing = await fixMapping(admin, id, fix);
    expect(processing.statusCode).toBe(409);
    expect(processing.json()).toEqual({ success: false, message: 'This upload is still processing. Fix the mapping once it has finished.', error: 'CONFLICT' });

    await db.update(uploads).set({ status: 'SCRUBBED' }).where(eq(uploads.id, id));
    expect((await review(id, 'APPROVED')).statusCode).toBe(200);
    const reviewed = await fixMapping(admin, id, fix);
    expect(reviewed.statusCode).toBe(409);
    expect(reviewed.json().message).toBe('This upload has already been reviewed. A mapping fix can only be made on an upload awaiting review.');

    expect((await profileOf(clientId)).fixes).toEqual([]);
    expect(await fixAudits(clientId)).toEqual([]);
    const [upload] = await db.select({ status: uploads.status }).from(uploads).where(eq(uploads.id, id));
    expect(upload.status).toBe('SCRUBBED');
  });

  it("answers another company's admin like a missing upload, refuses staff, and refuses a column that is not a payroll column", async () => {
    const { agent, clientId } = await staffedClient(t, { companyId });
    const id = await processed(agent, clientId, weekBefore(1), await storeWorkbook());
    const otherCompany = await t.createCompany('Other Payroll');
    const other = await t.createUser('ADMIN', { companyId: otherCompany });
    const otherAdmin = await t.signIn('ADMIN', other.email, other.password);
    const fix = { sheet: null, header: 'Gross Pay', column: 'Net Pay' };

    const foreign = await fixMapping(otherAdmin, id, fix);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(UPLOAD_NOT_FOUND);
    expect((await fixMapping(agent, id, fix)).statusCode).toBe(403);
    const invalid = await fixMapping(admin, id, { ...fix, column: 'Gross Wages' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Choose one of the payroll columns, or keep the header as an extra column.');

    expect(await profileOf(clientId)).toBeUndefined();
    const [upload] = await db.select({ status: uploads.status }).from(uploads).where(eq(uploads.id, id));
    expect(upload.status).toBe('SCRUBBED');
  });

  it("accepts exactly the engine's columns, in its order, or null to keep a header as an extra column", () => {
    const contract = readContractDocument() as { components: { schemas: { MappingFixInput: { properties: { column: { enum: unknown[] } } } } } };
    expect(contract.components.schemas.MappingFixInput.properties.column.enum).toEqual([...CANONICAL_COLUMNS, null]);
  });
});

describe('company: weekly documents sorted by week-over-week warnings', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the rows with the most warnings first, rows without a processed upload last, each tie by client name', async () => {
    const companyId = await t.createCompany('Sorted Payroll');
    const account = await t.createUser('ADMIN', { companyId });
    const admin = await t.signIn('ADMIN', account.email, account.password);
    const staff = await t.createUser('STAFF', { companyId });
    const fixtures = weeklyFixtures(t);
    const week = weekBefore(1);
    const uploader = { id: staff.id, name: 'Sam Staff' };
    const warned = (warnings: number) => ({ status: 'SCRUBBED' as const, summary: { weekOverWeek: { warnings } } });
    for (const [name, fields] of [
      ['Delta Diner', warned(3)],
      ['alpha Bakery', warned(0)],
      ['Echo Eatery', { status: 'QUEUED' as const }],
      ['Bravo Bistro', warned(3)],
      ['Charlie Cafe', null],
    ] as const) {
      const client = await fixtures.client(admin, name, staff.id);
      if (fields) await fixtures.upload(client, uploader, week, `${week}T09:00:00Z`, fields);
    }
    const rows = async (query: string) => {
      const response = await admin.get(`/api/company/weekly-documents?weekStart=${week}${query}`);
      expect(response.statusCode).toBe(200);
      return response.json().data.documents.map((row: { client: { name: string }; upload: { week_over_week_warnings: number | null } | null }) => [
        row.client.name,
        row.upload?.week_over_week_warnings ?? null,
      ]);
    };

    expect(await rows('&sort=week_over_week_warnings')).toEqual([
      ['Bravo Bistro', 3],
      ['Delta Diner', 3],
      ['alpha Bakery', 0],
      ['Charlie Cafe', null],
      ['Echo Eatery', null],
    ]);
    expect((await rows('&sort=week_over_week_warnings&limit=2&page=2')).map(([name]: [string]) => name)).toEqual(['alpha Bakery', 'Charlie Cafe']);
    expect((await rows('')).map(([name]: [string]) => name)).toEqual(['alpha Bakery', 'Bravo Bistro', 'Charlie Cafe', 'Delta Diner', 'Echo Eatery']);
    expect((await rows('&sort=client&filter=pending')).map(([name]: [string]) => name)).toEqual(['alpha Bakery', 'Bravo Bistro', 'Delta Diner']);
    expect((await rows('&sort=week_over_week_warnings&filter=pending')).map(([name]: [string]) => name)).toEqual(['Bravo Bistro', 'Delta Diner', 'alpha Bakery']);
  });
});
