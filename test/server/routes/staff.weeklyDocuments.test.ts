import { randomUUID } from 'node:crypto';
import { shiftWeek, weekContaining, weekToIsoDates } from '@/common/week';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { MB, type TestClient, weeklyFixtures } from './staff.weeklyFixtures';

const FORBIDDEN = { success: false, message: 'You do not have access to this resource.', error: 'FORBIDDEN' };
const EMPTY_SUMMARY = { total: 0, uploaded: 0, pending: 0, approved: 0, rejected: 0, failed: 0, processing: 0, remaining: 0 };

interface Row {
  client: { id: string; name: string };
  weekStatus: string;
  upload: { upload_id: string; status: string; error_message: string | null } | null;
}

const namesOf = (rows: Row[]) => rows.map((row) => row.client.name);

describe('staff: weekly documents and their summary', () => {
  let t: TestApp;
  let fixtures: ReturnType<typeof weeklyFixtures>;
  let acmeId: string;
  let globexId: string;
  let admin: Agent;
  let globexAdmin: Agent;
  const current = weekToIsoDates(weekContaining(new Date()));

  /** A staff member of the company, signed in, with their id and name. */
  async function staffMember(companyId: string, name: string) {
    const account = await t.createUser('STAFF', { companyId, name });
    return { id: account.id, name, agent: await t.signIn('STAFF', account.email, account.password) };
  }

  async function weekly(agent: Agent, query = '') {
    const response = await agent.get(`/api/staff/weekly-documents${query}`);
    expect(response.statusCode).toBe(200);
    return response.json().data as { documents: Row[]; pagination: Record<string, unknown> };
  }

  async function summary(agent: Agent, query = '') {
    const response = await agent.get(`/api/staff/weekly-documents-summary${query}`);
    expect(response.statusCode).toBe(200);
    return response.json().data.summary as Record<string, number>;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    fixtures = weeklyFixtures(t);
    acmeId = await t.createCompany('Acme Payroll');
    globexId = await t.createCompany('Globex');
    const adminAccount = await t.createUser('ADMIN', { companyId: acmeId });
    admin = await t.signIn('ADMIN', adminAccount.email, adminAccount.password);
    const globexAccount = await t.createUser('ADMIN', { companyId: globexId });
    globexAdmin = await t.signIn('ADMIN', globexAccount.email, globexAccount.password);
  });
  afterAll(() => t.close());

  it.each(['SYSTEM', 'ADMIN'] as const)('refuses a signed-in %s with 403', async (role) => {
    const user = await t.createUser(role, { companyId: role === 'SYSTEM' ? null : acmeId });
    const agent = await t.signIn(role, user.email, user.password);
    for (const url of ['/api/staff/weekly-documents', '/api/staff/weekly-documents-summary']) {
      const response = await agent.get(url);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 403, body: FORBIDDEN });
    }
  });

  describe('the week asked for', () => {
    let sam: Agent;
    beforeAll(async () => {
      sam = (await staffMember(acmeId, 'Sam Ortega')).agent;
    });

    it.each([
      ['?weekStart=2025-09-09', 'weekStart', 'weekStart must be a Monday, the first day of a UTC week.'],
      ['?weekStart=2025-09-01&weekEnd=2025-09-07', 'weekStart', 'weekStart must not be before 2025-09-08, the earliest week.'],
      [`?weekStart=${weekToIsoDates(shiftWeek(weekContaining(new Date()), 1)).weekStart}`, 'weekStart', 'weekStart must not be after the current week.'],
      ['?weekStart=2025-09-08&weekEnd=2025-09-15', 'weekEnd', 'weekEnd must be the Sunday six days after weekStart.'],
      ['?weekStart=2025-09-08&weekEnd=2025-09-13', 'weekEnd', 'weekEnd must be the Sunday six days after weekStart.'],
      ['?weekEnd=2025-09-14', 'weekStart', 'weekStart is required when weekEnd is given.'],
    ])('refuses %s with a message naming %s', async (query, field, message) => {
      for (const path of ['weekly-documents', 'weekly-documents-summary']) {
        const response = await sam.get(`/api/staff/${path}${query}`);
        expect({ path, status: response.statusCode, body: response.json() }).toEqual({
          path,
          status: 400,
          body: { success: false, message, error: 'VALIDATION_ERROR', errors: [{ field, message }] },
        });
      }
    });

    it('refuses dates that are not dates, and unknown filters, naming the parameter', async () => {
      for (const query of ['?weekStart=last-week', '?weekStart=2025-02-30', '?weekEnd=2025-13-01&weekStart=2025-09-08', '?filter=remaining']) {
        const response = await sam.get(`/api/staff/weekly-documents${query}`);
        const field = query.includes('filter') ? 'filter' : query.includes('weekEnd') ? 'weekEnd' : 'weekStart';
        expect({ query, status: response.statusCode, error: response.json().error, message: response.json().message }).toEqual({
          query,
          status: 400,
          error: 'VALIDATION_ERROR',
          message: expect.stringContaining(field),
        });
      }
    });

    it('accepts the earliest week and the current one, which is also the default', async () => {
      expect((await sam.get('/api/staff/weekly-documents?weekStart=2025-09-08&weekEnd=2025-09-14')).statusCode).toBe(200);
      expect((await sam.get(`/api/staff/weekly-documents?weekStart=${current.weekStart}&weekEnd=${current.weekEnd}`)).statusCode).toBe(200);
      expect((await sam.get(`/api/staff/weekly-documents-summary?weekStart=${current.weekStart}`)).statusCode).toBe(200);
    });
  });

  describe('rows, filters and figures of one week', () => {
    const week = '?weekStart=2025-09-22&weekEnd=2025-09-28';
    let fay: Awaited<ReturnType<typeof staffMember>>;
    let priya: Awaited<ReturnType<typeof staffMember>>;
    const made: Record<string, TestClient> = {};
    const uploadIds: Record<string, string> = {};

    beforeAll(async () => {
      fay = await staffMember(acmeId, 'Fay Fischer');
      priya = await staffMember(acmeId, 'Priya Nair');
      for (const name of ['golf Greens', 'Alpha Bakery', 'Foxtrot Farms', 'bravo Cafe', 'Echo Electric', 'Charlie Cars', 'Hotel Haven', 'Delta Dental']) {
        made[name.split(' ')[0].toLowerCase()] = await fixtures.client(admin, name, fay.id);
      }
      made.india = await fixtures.client(admin, 'India Inks', fay.id, 'INACTIVE');
      made.priyas = await fixtures.client(admin, 'Aardvark of Priya', priya.id);
      const by = { id: fay.id, name: fay.name };
      const up = (key: string, createdAt: string, fields = {}) => fixtures.upload(made[key], by, '2025-09-22', createdAt, fields);
      uploadIds.bravo = await up('bravo', '2025-09-23T09:00:00Z', { status: 'QUEUED' });
      uploadIds.charlie = await up('charlie', '2025-09-23T09:00:00Z', { status: 'FAILED', errorMessage: 'No payroll table was found in the workbook.' });
      uploadIds.delta = await up('delta', '2025-09-23T09:00:00Z', { status: 'SCRUBBED' });
      await fixtures.file(uploadIds.delta, 'raw', 2 * MB);
      await fixtures.file(uploadIds.delta, 'scrubbed', MB / 2);
      const review = { status: 'SCRUBBED' as const, reviewedByName: 'Ada Admin', reviewedAt: new Date('2025-09-25T10:00:00Z') };
      uploadIds.echo = await up('echo', '2025-09-23T09:00:00Z', { ...review, approvalStatus: 'APPROVED' });
      uploadIds.foxtrot = await up('foxtrot', '2025-09-23T09:00:00Z', { ...review, approvalStatus: 'REJECTED' });
      // Rejected, then uploaded again: the newer version is the one that counts.
      uploadIds.golfRejected = await up('golf', '2025-09-23T09:00:00Z', { ...review, approvalStatus: 'REJECTED' });
      uploadIds.golf = await up('golf', '2025-09-26T09:00:00Z', { status: 'SCRUBBED', attempt: 2 });
      // Hotel was approved the week before only; India is inactive; Priya's client is not Fay's.
      await fixtures.upload(made.hotel, by, '2025-09-15', '2025-09-16T09:00:00Z', { ...review, approvalStatus: 'APPROVED' });
      await up('india', '2025-09-23T09:00:00Z', { status: 'SCRUBBED' });
      await fixtures.upload(made.priyas, { id: priya.id, name: priya.name }, '2025-09-22', '2025-09-23T09:00:00Z', { status: 'SCRUBBED' });
    });

    it("shows one row per active assigned client's document, by name, with the newest upload of the week", async () => {
      const { documents, pagination } = await weekly(fay.agent, week);
      expect(namesOf(documents)).toEqual(['Alpha Bakery', 'bravo Cafe', 'Charlie Cars', 'Delta Dental', 'Echo Electric', 'Foxtrot Farms', 'golf Greens', 'Hotel Haven']);
      expect(documents.map((row) => row.weekStatus)).toEqual(['NO_UPLOAD', 'PROCESSING', 'FAILED', 'PENDING', 'APPROVED', 'REJECTED', 'PENDING', 'NO_UPLOAD']);
      expect(pagination).toEqual({ currentPage: 1, totalPages: 1, totalCount: 8, hasPreviousPage: false, hasNextPage: false });
      const delta = made.delta;
      expect(documents[3]).toEqual({
        client: { id: delta.id, name: 'Delta Dental' },
        document: { id: delta.documentId, title: 'Delta Dental Weekly Document', created_at: delta.documentCreatedAt },
        weekStatus: 'PENDING',
        upload: {
          upload_id: uploadIds.delta,
          status: 'SCRUBBED',
          approval_status: 'PENDING',
          upload_date: '2025-09-23T09:00:00.000Z',
          error_message: null,
          uploaded_by: { name: 'Fay Fischer' },
          reviewed_by: null,
          override_reason: null,
          week_over_week_warnings: null,
          scrub_issues: null,
          // Which versions exist, not their files: those are read when the row is opened.
          versions: ['raw', 'scrubbed'],
          first_note: null,
        },
      });
      expect(documents[0]).toEqual({ client: { id: made.alpha.id, name: 'Alpha Bakery' }, document: expect.any(Object), weekStatus: 'NO_UPLOAD', upload: null });
      expect(documents[2].upload).toMatchObject({ upload_id: uploadIds.charlie, status: 'FAILED', error_message: 'No payroll table was found in the workbook.' });
      expect(documents[4].upload).toMatchObject({ upload_id: uploadIds.echo, reviewed_by: { name: 'Ada Admin', reviewed_at: '2025-09-25T10:00:00.000Z' } });
      expect(documents[6].upload).toMatchObject({ upload_id: uploadIds.golf, approval_status: 'PENDING' });
    });

    it.each([
      ['all', ['Alpha Bakery', 'bravo Cafe', 'Charlie Cars', 'Delta Dental', 'Echo Electric', 'Foxtrot Farms', 'golf Greens', 'Hotel Haven']],
      ['pending', ['Delta Dental', 'golf Greens']],
      ['approved', ['Echo Electric']],
      ['rejected', ['Foxtrot Farms']],
      // A failed upload is not an uploaded one: Charlie Cars shows under all only.
      ['uploaded', ['bravo Cafe', 'Delta Dental', 'Echo Electric', 'Foxtrot Farms', 'golf Greens']],
    ])('filter=%s keeps the rows it names', async (filter, names) => {
      const { documents, pagination } = await weekly(fay.agent, `${week}&filter=${filter}`);
      expect(namesOf(documents)).toEqual(names);
      expect(pagination.totalCount).toBe(names.length);
    });

    it('sums the same rows: pending, approved, rejected, failed, processing and remaining each apart make the total; all but failed and remaining are uploaded', async () => {
      expect(await summary(fay.agent, week)).toEqual({ total: 8, uploaded: 5, pending: 2, approved: 1, rejected: 1, failed: 1, processing: 1, remaining: 2 });
      expect(await summary(fay.agent, `${week}&clientId=${made.golf.id}`)).toEqual({ ...EMPTY_SUMMARY, total: 1, uploaded: 1, pending: 1 });
      expect(await summary(fay.agent, '?weekStart=2025-09-15&weekEnd=2025-09-21')).toEqual({ ...EMPTY_SUMMARY, total: 8, uploaded: 1, approved: 1, remaining: 7 });
    });

    it('pages a filtered list, ten rows by default', async () => {
      const busy = await staffMember(acmeId, 'Busy Bee');
      for (let index = 1; index <= 11; index += 1) await fixtures.client(admin, `Client ${String(index).padStart(2, '0')}`, busy.id);
      const first = await weekly(busy.agent, week);
      expect(namesOf(first.documents)).toHaveLength(10);
      expect(first.pagination).toEqual({ currentPage: 1, totalPages: 2, totalCount: 11, hasPreviousPage: false, hasNextPage: true });
      expect(namesOf((await weekly(busy.agent, `${week}&page=2`)).documents)).toEqual(['Client 11']);

      const second = await weekly(fay.agent, `${week}&filter=uploaded&limit=4&page=2`);
      expect(namesOf(second.documents)).toEqual(['golf Greens']);
      expect(second.pagination).toEqual({ currentPage: 2, totalPages: 2, totalCount: 5, hasPreviousPage: true, hasNextPage: false });
      const beyond = await weekly(fay.agent, `${week}&page=3&limit=4`);
      expect(beyond.documents).toEqual([]);
      expect(beyond.pagination).toEqual({ currentPage: 3, totalPages: 2, totalCount: 8, hasPreviousPage: true, hasNextPage: false });
    });

    it('narrows to one client, and shows nothing for a client that is not an active one of theirs', async () => {
      expect(namesOf((await weekly(fay.agent, `${week}&clientId=${made.charlie.id}`)).documents)).toEqual(['Charlie Cars']);
      const globexClient = await fixtures.client(globexAdmin, 'Globex Goods', (await staffMember(globexId, 'Gus Globex')).id);
      for (const other of [made.priyas, made.india, globexClient, { id: randomUUID() }]) {
        const found = await weekly(fay.agent, `${week}&clientId=${other.id}`);
        expect(found.documents).toEqual([]);
        expect(found.pagination.totalCount).toBe(0);
        expect(await summary(fay.agent, `${week}&clientId=${other.id}`)).toEqual(EMPTY_SUMMARY);
      }
    });

    it("keeps a colleague's clients and another company's out of the rows and the figures", async () => {
      expect(namesOf((await weekly(priya.agent, week)).documents)).toEqual(['Aardvark of Priya']);
      expect(await summary(priya.agent, week)).toEqual({ ...EMPTY_SUMMARY, total: 1, uploaded: 1, pending: 1 });
      const gus = await staffMember(globexId, 'Gus Again');
      expect((await weekly(gus.agent, week)).documents).toEqual([]);
      expect(await summary(gus.agent, week)).toEqual(EMPTY_SUMMARY);
    });
  });

  it("shows the staff member their upload's week-over-week warnings and scrub issue counts before a decision, in the row and the review details, and a colleague none of it", async () => {
    const mo = await staffMember(acmeId, 'Mo Checks');
    const colleague = await staffMember(acmeId, 'Colleague Cole');
    const client = await fixtures.client(admin, 'Warned Widgets', mo.id);
    const summaryOfRun = { sources: [], issues: { error: 2, warning: 5 }, weekOverWeek: { warnings: 3 } };
    await fixtures.upload(client, { id: mo.id, name: mo.name }, '2025-10-13', '2025-10-14T09:00:00Z', { status: 'SCRUBBED', summary: summaryOfRun });
    const week = '?weekStart=2025-10-13&weekEnd=2025-10-19';

    const [row] = (await weekly(mo.agent, week)).documents;
    expect(row.upload).toMatchObject({ approval_status: 'PENDING', week_over_week_warnings: 3, scrub_issues: { errors: 2, warnings: 5 } });
    const history = await mo.agent.get(`/api/staff/clients/${client.id}/uploads`);
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain('"scrub_issues":{"errors":2,"warnings":5}');
    const details = await mo.agent.get(`/api/staff/uploads/${row.upload?.upload_id}/review`);
    expect(details.json().data.review).toMatchObject({ approval_status: 'PENDING', week_over_week_warnings: 3, scrub_issues: { errors: 2, warnings: 5 } });
    // A colleague the client is not assigned to sees none of it.
    expect((await weekly(colleague.agent, week)).documents).toEqual([]);
    expect((await colleague.agent.get(`/api/staff/clients/${client.id}/uploads`)).statusCode).toBe(404);
    expect((await colleague.agent.get(`/api/staff/uploads/${row.upload?.upload_id}/review`)).statusCode).toBe(404);
  });

  describe('the edges of a week', () => {
    let lee: Awaited<ReturnType<typeof staffMember>>;
    const made: Record<string, TestClient> = {};

    beforeAll(async () => {
      lee = await staffMember(acmeId, 'Lee Edge');
      const by = { id: lee.id, name: lee.name };
      for (const name of ['Sunday Late', 'Monday Early', 'Late Filer']) made[name] = await fixtures.client(admin, name, lee.id);
      // The last instant of the week of 8 September, and the first of the next one.
      await fixtures.upload(made['Sunday Late'], by, '2025-09-08', '2025-09-14T23:59:59.999Z', { status: 'SCRUBBED' });
      await fixtures.upload(made['Monday Early'], by, '2025-09-15', '2025-09-15T00:00:00.000Z', { status: 'SCRUBBED' });
      // Uploaded on the Monday after, but for the week of 8 September.
      await fixtures.upload(made['Late Filer'], by, '2025-09-08', '2025-09-15T00:00:00.000Z', { status: 'SCRUBBED' });
    });

    it('puts an upload in the week it is for: Sunday 23:59:59.999 and Monday 00:00 fall in different weeks', async () => {
      const first = await weekly(lee.agent, '?weekStart=2025-09-08&weekEnd=2025-09-14&filter=uploaded');
      expect(first.documents.map((row) => [row.client.name, row.upload?.status])).toEqual([
        ['Late Filer', 'SCRUBBED'],
        ['Sunday Late', 'SCRUBBED'],
      ]);
      const second = await weekly(lee.agent, '?weekStart=2025-09-15&weekEnd=2025-09-21&filter=uploaded');
      expect(namesOf(second.documents)).toEqual(['Monday Early']);
      expect(await summary(lee.agent, '?weekStart=2025-09-08')).toEqual({ ...EMPTY_SUMMARY, total: 3, uploaded: 2, pending: 2, remaining: 1 });
      expect(await summary(lee.agent, '?weekStart=2025-09-15')).toEqual({ ...EMPTY_SUMMARY, total: 3, uploaded: 1, pending: 1, remaining: 2 });
    });

    it('answers the current week when no week is given', async () => {
      const client = await fixtures.client(admin, 'This Week Ltd', lee.id);
      const uploadId = await fixtures.upload(client, { id: lee.id, name: lee.name }, current.weekStart, new Date().toISOString(), { status: 'CONSOLIDATING' });
      const { documents } = await weekly(lee.agent, '?filter=uploaded');
      expect(documents.map((row) => [row.client.name, row.weekStatus, row.upload?.upload_id])).toEqual([['This Week Ltd', 'PROCESSING', uploadId]]);
      expect(await summary(lee.agent)).toEqual({ ...EMPTY_SUMMARY, total: 4, uploaded: 1, processing: 1, remaining: 3 });
    });
  });
});
