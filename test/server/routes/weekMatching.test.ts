import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { shiftWeek, toIsoDate, weekContaining } from '@/common/week';
import { auditLog, clientWeekFingerprints } from '@/server/db/schema';
import type { QueueWorker } from '@/server/jobs/queueWorker';
import { startReviewPackWorker } from '@/server/jobs/reviewPackWorker';
import { startUploadWorker, type UploadWorker } from '@/server/jobs/uploadWorker';
import { clientPayrollModel, type ClientPayrollOptions } from '../../../scripts/bench/clientPayrolls';
import { writeModelCsv, writeModelXlsx } from '../../../scripts/bench/payrollFiles';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { addClient, multipart, type Part, RecordingPublisher, statusReached, uploadDocument, XLSX_TYPE } from '../jobs/uploadHarness';

const weekBefore = (weeks: number) => toIsoDate(shiftWeek(weekContaining(new Date()), -weeks).start);
const THIS_WEEK = weekBefore(0);
const GENERIC_NAMES = ['payroll.xlsx', 'Week 47 final (2).xlsx', 'export.csv', 'payroll (1).xlsx', 'timesheet.xlsx', 'Book1.xlsx'];

/** A client's week as a real workbook (or CSV when the name says so). */
async function clientFile(options: Omit<ClientPayrollOptions, 'sheets' | 'rowsPerSheet'> & { csv?: boolean }): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'week-match-'));
  try {
    const file = path.join(dir, options.csv ? 'week.csv' : 'week.xlsx');
    const model = clientPayrollModel({ sheets: 2, rowsPerSheet: 25, ...options });
    if (options.csv) await writeModelCsv(model, file);
    else await writeModelXlsx(model, file);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface MatchFile {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

function match(agent: Agent, files: MatchFile[], weekStart = THIS_WEEK, url = '/api/staff/weekly-uploads/match') {
  const parts: Part[] = [{ name: 'weekStart', content: weekStart }];
  for (const file of files) parts.push({ name: 'files', filename: file.filename, contentType: file.contentType ?? (file.filename.endsWith('.csv') ? 'text/csv' : XLSX_TYPE), content: file.content });
  const { payload, headers } = multipart(parts);
  return agent.post(url, payload, headers);
}

/**
 * Routing a week's files to their clients: six clients of one staff member, each with an approved
 * earlier week (processed by the worker and approved by the admin, which keeps the week's
 * fingerprint), then six new files with generic names, matched by what they hold.
 */
describe('weekly uploads: matching a week of files to their clients', () => {
  let t: TestApp;
  let worker: UploadWorker;
  let packWorker: QueueWorker;
  let db: TestApp['app']['ctx']['db'];
  let companyId: string;
  let admin: Agent;
  let staff: Agent;
  let staffId: string;
  const clientIds: string[] = [];
  const CLIENT_NAMES = ['Harbor Bakery', 'Maple Dental', 'Crescent Logistics', 'Pine Street Cafe', 'Summit Roofing', 'Orchard Pharmacy'];

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
    db = t.app.ctx.db;
    const publisher = new RecordingPublisher();
    const deps = { db, queue: t.queue!, storage: t.app.ctx.storage, publisher, log: { error: jest.fn() } };
    worker = await startUploadWorker(t.queue!, deps, 1);
    packWorker = await startReviewPackWorker(t.queue!, deps, 1);
    companyId = await t.createCompany('Northgate Payroll');
    const adminAccount = await t.createUser('ADMIN', { companyId });
    admin = await t.signIn('ADMIN', adminAccount.email, adminAccount.password);
    const staffAccount = await t.createUser('STAFF', { companyId });
    staffId = staffAccount.id;
    staff = await t.signIn('STAFF', staffAccount.email, staffAccount.password);
    for (const [index, name] of CLIENT_NAMES.entries()) {
      const clientId = await addClient(db, companyId, staffId, name);
      clientIds.push(clientId);
      const response = await uploadDocument(staff, { clientId, weekStart: weekBefore(1) }, { filename: `${name} week.xlsx`, content: await clientFile({ client: index, week: 0 }) });
      expect(response.statusCode).toBe(202);
      const id = response.json().data.processingId;
      expect(await statusReached(db, id, ['SCRUBBED', 'FAILED'], 60_000)).toBe('SCRUBBED');
      expect((await admin.post(`/api/company/weekly-documents/${id}/review`, { approval_status: 'APPROVED' })).statusCode).toBe(200);
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all([worker.stop(), packWorker.stop()]);
    await t.close();
  });

  it('keeps a fingerprint of each approved week, with no employee name in clear', async () => {
    const rows = await db.select().from(clientWeekFingerprints).where(eq(clientWeekFingerprints.companyId, companyId));
    expect(rows).toHaveLength(6);
    const [first] = rows.filter((row) => row.clientId === clientIds[0]);
    expect(first.employeeNames.length).toBeGreaterThan(5);
    expect(first.employeeIds.length).toBeGreaterThan(5);
    expect(first.headers).toEqual(expect.arrayContaining(['employee name']));
    expect(JSON.stringify(first)).not.toMatch(/Smith|Garcia|Lopez|Chen/);
  });

  it('routes six generic-named files to their own clients, above the threshold, in the order sent', async () => {
    // sent in another order than the clients were made, one of them as CSV
    const order = [3, 0, 5, 1, 4, 2];
    const files = await Promise.all(
      order.map(async (client, at) => ({ filename: GENERIC_NAMES[at], content: await clientFile({ client, week: 1, csv: GENERIC_NAMES[at].endsWith('.csv') }) })),
    );
    const response = await match(staff, files);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.weekStart).toBe(THIS_WEEK);
    expect(data.matches.map((m: { fileName: string }) => m.fileName)).toEqual(GENERIC_NAMES);
    for (const [at, client] of order.entries()) {
      const found = data.matches[at];
      expect({ file: found.fileName, client: found.clientName }).toEqual({ file: GENERIC_NAMES[at], client: CLIENT_NAMES[client] });
      expect(found.clientId).toBe(clientIds[client]);
      expect(found.confidence).toBeGreaterThanOrEqual(data.threshold);
      expect(found.reasons.map((r: { signal: string }) => r.signal)).toContain('employees');
      expect(found.alreadyUploaded).toBe(false);
      expect(found.refusal).toBeNull();
    }
  });

  it("answers null for a file whose employees belong to no client, and names the client from a title row", async () => {
    const stranger = await clientFile({ client: 40, week: 1 });
    const titled = await clientFile({ client: 41, week: 0, title: 'Summit Roofing, LLC - payroll register' });
    const response = await match(staff, [
      { filename: 'payroll.xlsx', content: stranger },
      { filename: 'export.xlsx', content: titled },
    ]);
    const [none, named] = response.json().data.matches;
    expect(none).toMatchObject({ clientId: null, clientName: null, refusal: null });
    expect(named).toMatchObject({ clientId: clientIds[4], clientName: 'Summit Roofing' });
    expect(named.reasons).toContainEqual({ signal: 'name', text: "The client's name is in the title rows" });
  });

  it('answers a bad file for that file alone, and says when two files go to one client', async () => {
    const twin = await clientFile({ client: 2, week: 1 });
    const response = await match(staff, [
      { filename: 'notes.xlsx', content: 'just some text, not a workbook' },
      { filename: 'a.xlsx', content: twin },
      { filename: 'b.xlsx', content: twin },
      { filename: 'photo.png', content: 'x', contentType: 'image/png' },
    ]);
    expect(response.statusCode).toBe(200);
    const [bad, a, b, png] = response.json().data.matches;
    expect(bad.clientId).toBeNull();
    expect(bad.refusal).toMatch(/Invalid file format|damaged/);
    expect(png.refusal).toBe('Invalid file format. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed');
    expect(a.clientId).toBe(clientIds[2]);
    expect(b.clientId).toBe(clientIds[2]);
    expect(a.reasons.map((r: { signal: string }) => r.signal)).toContain('sameClient');
    expect(b.reasons.map((r: { signal: string }) => r.signal)).toContain('sameClient');
  });

  it('flags a client that already has an upload this week, and records the match decision in the upload audit', async () => {
    const content = await clientFile({ client: 5, week: 1 });
    const [suggestion] = (await match(staff, [{ filename: 'payroll.xlsx', content }])).json().data.matches;
    expect(suggestion.clientId).toBe(clientIds[5]);
    const matchSuggestion = JSON.stringify({ clientId: suggestion.clientId, confidence: suggestion.confidence });
    const parts: Part[] = [
      { name: 'clientId', content: clientIds[5] },
      { name: 'weekStart', content: THIS_WEEK },
      { name: 'matchSuggestion', content: matchSuggestion },
      { name: 'file', filename: 'payroll.xlsx', contentType: XLSX_TYPE, content },
    ];
    const form = multipart(parts);
    const uploaded = await staff.post('/api/staff/upload-required-document', form.payload, form.headers);
    expect(uploaded.statusCode).toBe(202);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, uploaded.json().data.processingId), eq(auditLog.action, 'upload.create')));
    expect((entry.details as { match: unknown }).match).toEqual({ suggestedClientId: clientIds[5], chosenClientId: clientIds[5], confidence: suggestion.confidence, followed: true });

    const [again] = (await match(staff, [{ filename: 'payroll.xlsx', content }])).json().data.matches;
    expect(again).toMatchObject({ clientId: clientIds[5], alreadyUploaded: true });

    const bad = multipart([{ name: 'clientId', content: clientIds[4] }, { name: 'matchSuggestion', content: '{"clientId": 3}' }, { name: 'file', filename: 'x.xlsx', contentType: XLSX_TYPE, content }]);
    const refused = await staff.post('/api/staff/upload-required-document', bad.payload, bad.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/match suggestion/);
  });

  it("offers a staff member only their assigned clients, and another company's people none of these clients", async () => {
    const content = await clientFile({ client: 0, week: 1 });
    // an admin of the company is offered the company's clients
    const [byAdmin] = (await match(admin, [{ filename: 'payroll.xlsx', content }], THIS_WEEK, '/api/company/weekly-uploads/match')).json().data.matches;
    expect(byAdmin.clientId).toBe(clientIds[0]);

    // a colleague without these clients, with a client of their own
    const colleague = await t.createUser('STAFF', { companyId });
    await addClient(db, companyId, colleague.id, 'Harbor Bakery Annex');
    const colleagueAgent = await t.signIn('STAFF', colleague.email, colleague.password);
    const [byColleague] = (await match(colleagueAgent, [{ filename: 'Harbor Bakery payroll.xlsx', content }])).json().data.matches;
    expect(byColleague.clientId).not.toBe(clientIds[0]);
    expect(clientIds).not.toContain(byColleague.clientId);

    // another company's admin and staff
    const otherCompany = await t.createCompany('Elsewhere Payroll');
    const otherAdmin = await t.createUser('ADMIN', { companyId: otherCompany });
    const otherStaff = await t.createUser('STAFF', { companyId: otherCompany });
    await addClient(db, otherCompany, otherStaff.id, 'Harbor Bakery');
    for (const [agent, url] of [
      [await t.signIn('ADMIN', otherAdmin.email, otherAdmin.password), '/api/company/weekly-uploads/match'],
      [await t.signIn('STAFF', otherStaff.email, otherStaff.password), '/api/staff/weekly-uploads/match'],
    ] as const) {
      const response = await match(agent, [{ filename: 'payroll.xlsx', content }], THIS_WEEK, url);
      expect(response.statusCode).toBe(200);
      expect(clientIds).not.toContain(response.json().data.matches[0].clientId);
    }

    // the other role's endpoint is refused
    expect((await match(staff, [{ filename: 'payroll.xlsx', content }], THIS_WEEK, '/api/company/weekly-uploads/match')).statusCode).toBe(403);
    expect((await match(admin, [{ filename: 'payroll.xlsx', content }])).statusCode).toBe(403);
  });

  it('refuses a request without files, and a future week', async () => {
    const none = multipart([{ name: 'weekStart', content: THIS_WEEK }]);
    const empty = await staff.post('/api/staff/weekly-uploads/match', none.payload, none.headers);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose the files of the week to match.');
    const future = toIsoDate(shiftWeek(weekContaining(new Date()), 2).start);
    const response = await match(staff, [{ filename: 'payroll.xlsx', content: await clientFile({ client: 0, week: 1 }) }], future);
    expect(response.statusCode).toBe(400);
  });
});
