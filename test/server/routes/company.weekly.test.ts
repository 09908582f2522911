import { randomUUID } from 'node:crypto';
import { uploadWeek } from '@/server/services/uploads/uploadTargets';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { MB, type TestClient, weeklyFixtures } from './staff.weeklyFixtures';

const FORBIDDEN = { success: false, message: 'You do not have access to this resource.', error: 'FORBIDDEN' };

interface Row {
  client: { id: string; name: string };
  weekStatus: string;
  upload: { upload_id: string; status: string; approval_status: string } | null;
}

const namesOf = (rows: Row[]) => rows.map((row) => row.client.name);

describe("company: the week's uploads and figures of every client", () => {
  let t: TestApp;
  let fixtures: ReturnType<typeof weeklyFixtures>;
  let acmeId: string;
  let globexId: string;
  let admin: Agent;
  let globexAdmin: Agent;

  async function staffMember(companyId: string, name: string) {
    const account = await t.createUser('STAFF', { companyId, name });
    return { id: account.id, name, agent: await t.signIn('STAFF', account.email, account.password) };
  }

  async function adminOf(companyId: string) {
    const account = await t.createUser('ADMIN', { companyId });
    return t.signIn('ADMIN', account.email, account.password);
  }

  async function weekly(agent: Agent, query = '') {
    const response = await agent.get(`/api/company/weekly-documents${query}`);
    expect(response.statusCode).toBe(200);
    return response.json().data as { documents: Row[]; pagination: Record<string, unknown> };
  }

  async function stats(agent: Agent, query = '') {
    const response = await agent.get(`/api/company/weekly-stats${query}`);
    expect(response.statusCode).toBe(200);
    return response.json().data.stats as Record<string, number>;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    fixtures = weeklyFixtures(t);
    acmeId = await t.createCompany('Acme Payroll');
    globexId = await t.createCompany('Globex');
    admin = await adminOf(acmeId);
    globexAdmin = await adminOf(globexId);
  });
  afterAll(() => t.close());

  it.each(['SYSTEM', 'STAFF'] as const)('refuses a signed-in %s with 403', async (role) => {
    const user = await t.createUser(role, { companyId: role === 'SYSTEM' ? null : acmeId });
    const agent = await t.signIn(role, user.email, user.password);
    for (const url of ['/api/company/weekly-documents', '/api/company/weekly-stats']) {
      const response = await agent.get(url);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 403, body: FORBIDDEN });
    }
  });

  it('refuses a week that is not one, naming the field, as the staff reads do', async () => {
    for (const path of ['weekly-documents', 'weekly-stats']) {
      const response = await admin.get(`/api/company/${path}?weekStart=2025-09-09`);
      expect({ path, status: response.statusCode, body: response.json() }).toEqual({
        path,
        status: 400,
        body: {
          success: false,
          message: 'weekStart must be a Monday, the first day of a UTC week.',
          error: 'VALIDATION_ERROR',
          errors: [{ field: 'weekStart', message: 'weekStart must be a Monday, the first day of a UTC week.' }],
        },
      });
    }
    expect((await admin.get('/api/company/weekly-documents?filter=uploaded')).statusCode).toBe(400);
  });

  describe('one seeded week', () => {
    const week = '?weekStart=2025-09-22&weekEnd=2025-09-28';
    const made: Record<string, TestClient> = {};
    const uploadIds: Record<string, string> = {};

    beforeAll(async () => {
      const fay = await staffMember(acmeId, 'Fay Fischer');
      const priya = await staffMember(acmeId, 'Priya Nair');
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
      const review = { status: 'SCRUBBED' as const, reviewedByName: 'Ada Admin', reviewedAt: new Date('2025-09-25T10:00:00Z') };
      uploadIds.echo = await up('echo', '2025-09-23T09:00:00Z', { ...review, approvalStatus: 'APPROVED' });
      uploadIds.foxtrot = await up('foxtrot', '2025-09-23T09:00:00Z', { ...review, approvalStatus: 'REJECTED' });
      // Rejected, then uploaded again: the newer version is the one that counts.
      await up('golf', '2025-09-23T09:00:00Z', { ...review, approvalStatus: 'REJECTED' });
      uploadIds.golf = await up('golf', '2025-09-26T09:00:00Z', { status: 'SCRUBBED', attempt: 2 });
      // Hotel was approved the week before only; India is inactive; Priya's client is Acme's too.
      await fixtures.upload(made.hotel, by, '2025-09-15', '2025-09-16T09:00:00Z', { ...review, approvalStatus: 'APPROVED' });
      await up('india', '2025-09-23T09:00:00Z', { status: 'SCRUBBED' });
      uploadIds.priyas = await fixtures.upload(made.priyas, { id: priya.id, name: priya.name }, '2025-09-22', '2025-09-23T09:00:00Z', { status: 'SCRUBBED' });
      // Globex's uploads of the same week count for Globex only.
      const gus = await staffMember(globexId, 'Gus Globex');
      made.globex = await fixtures.client(globexAdmin, 'Globex Goods', gus.id);
      await fixtures.upload(made.globex, { id: gus.id, name: gus.name }, '2025-09-22', '2025-09-23T09:00:00Z', { ...review, approvalStatus: 'APPROVED' });
      await fixtures.client(globexAdmin, 'Globex Gadgets', gus.id);
    });

    it("lists one row per active client of the company, whoever it is assigned to, with the week's newest upload", async () => {
      const { documents, pagination } = await weekly(admin, week);
      expect(namesOf(documents)).toEqual([
        'Aardvark of Priya',
        'Alpha Bakery',
        'bravo Cafe',
        'Charlie Cars',
        'Delta Dental',
        'Echo Electric',
        'Foxtrot Farms',
        'golf Greens',
        'Hotel Haven',
      ]);
      expect(documents.map((row) => row.weekStatus)).toEqual(['PENDING', 'NO_UPLOAD', 'PROCESSING', 'FAILED', 'PENDING', 'APPROVED', 'REJECTED', 'PENDING', 'NO_UPLOAD']);
      expect(documents[7].upload).toMatchObject({ upload_id: uploadIds.golf, approval_status: 'PENDING' });
      expect(pagination).toEqual({ page: 1, limit: 20, totalCount: 9, totalPages: 1, hasPrev: false, hasNext: false });
    });

    it.each([
      ['all', ['Aardvark of Priya', 'Alpha Bakery', 'bravo Cafe', 'Charlie Cars', 'Delta Dental', 'Echo Electric', 'Foxtrot Farms', 'golf Greens', 'Hotel Haven']],
      ['pending', ['Aardvark of Priya', 'Delta Dental', 'golf Greens']],
      ['approved', ['Echo Electric']],
      ['rejected', ['Foxtrot Farms']],
      // A failed upload is not a completed one: Charlie Cars shows under all only.
      ['completed', ['Aardvark of Priya', 'bravo Cafe', 'Delta Dental', 'Echo Electric', 'Foxtrot Farms', 'golf Greens']],
      ['remaining', ['Alpha Bakery', 'Hotel Haven']],
    ])('filter=%s keeps the rows it names', async (filter, names) => {
      const { documents, pagination } = await weekly(admin, `${week}&filter=${filter}`);
      expect(namesOf(documents)).toEqual(names);
      expect(pagination.totalCount).toBe(names.length);
    });

    it('counts every figure over the same rows, each state apart and only approved weeks as completed: inactive clients and other companies are left out', async () => {
      expect(await stats(admin, week)).toEqual({
        pendingReviews: 3,
        rejectedUploads: 1,
        approvedUploads: 1,
        failedUploads: 1,
        processingUploads: 1,
        remainingUploads: 2,
        completedUploads: 6,
        clientsWithUploads: 6,
        clientsCompleted: 1,
        totalClients: 9,
      });
      expect(await stats(globexAdmin, week)).toEqual({
        pendingReviews: 0,
        rejectedUploads: 0,
        approvedUploads: 1,
        failedUploads: 0,
        processingUploads: 0,
        remainingUploads: 1,
        completedUploads: 1,
        clientsWithUploads: 1,
        clientsCompleted: 1,
        totalClients: 2,
      });
      // The week before: only Hotel's approved upload.
      expect(await stats(admin, '?weekStart=2025-09-15&weekEnd=2025-09-21')).toMatchObject({ approvedUploads: 1, completedUploads: 1, remainingUploads: 8, totalClients: 9 });
    });

    it("pages the rows in the admin's shape", async () => {
      const second = await weekly(admin, `${week}&filter=completed&limit=3&page=2`);
      expect(namesOf(second.documents)).toEqual(['Echo Electric', 'Foxtrot Farms', 'golf Greens']);
      expect(second.pagination).toEqual({ page: 2, limit: 3, totalCount: 6, totalPages: 2, hasPrev: true, hasNext: false });
      const beyond = await weekly(admin, `${week}&limit=3&page=4`);
      expect(beyond.documents).toEqual([]);
      expect(beyond.pagination).toEqual({ page: 4, limit: 3, totalCount: 9, totalPages: 3, hasPrev: true, hasNext: false });
    });

    it('narrows to one client, and shows nothing for an inactive client, a missing one or one of another company', async () => {
      expect(namesOf((await weekly(admin, `${week}&clientId=${made.priyas.id}`)).documents)).toEqual(['Aardvark of Priya']);
      for (const other of [made.india, made.globex, { id: randomUUID() }]) {
        const found = await weekly(admin, `${week}&clientId=${other.id}`);
        expect(found.documents).toEqual([]);
        expect(found.pagination).toMatchObject({ totalCount: 0, totalPages: 0 });
      }
    });

    describe('a row and the row opened', () => {
      const NOTES = { raw: '\n  Store 2 is missing.  \nAnd store 3.', consolidated: 'Totals are off by one week.' };
      const UPLOAD_NOT_FOUND = { success: false, message: "Upload not found or you don't have access to this upload.", error: 'NOT_FOUND' };

      beforeAll(async () => {
        await fixtures.file(uploadIds.foxtrot, 'raw', 2 * MB, NOTES.raw);
        await fixtures.file(uploadIds.foxtrot, 'consolidated', MB, NOTES.consolidated);
        await fixtures.file(uploadIds.foxtrot, 'scrubbed', MB / 4);
      });

      /** Foxtrot's upload as both the weekly row and the opened upload give it, short of its versions. */
      const foxtrotState = () => ({
        upload_id: uploadIds.foxtrot,
        status: 'SCRUBBED',
        approval_status: 'REJECTED',
        upload_date: '2025-09-23T09:00:00.000Z',
        error_message: null,
        uploaded_by: { name: 'Fay Fischer' },
        reviewed_by: { name: 'Ada Admin', reviewed_at: '2025-09-25T10:00:00.000Z' },
        override_reason: null,
        week_over_week_warnings: null,
        scrub_issues: null,
      });

      it("carries what the row shows of the upload: which versions exist and the reviewer's first line, not the files or whole notes", async () => {
        const { documents } = await weekly(admin, week);
        const foxtrot = documents.find((row) => row.client.name === 'Foxtrot Farms');
        expect(foxtrot?.upload).toEqual({
          ...foxtrotState(),
          versions: ['raw', 'consolidated', 'scrubbed'],
          first_note: 'Store 2 is missing.',
        });
        const delta = documents.find((row) => row.client.name === 'Delta Dental');
        expect(delta?.upload).toMatchObject({ versions: ['raw'], first_note: null });
      });

      it('opens an upload of the company with its versions in full: download names, sizes and notes', async () => {
        const response = await admin.get(`/api/company/uploads/${uploadIds.foxtrot}`);
        expect(response.statusCode).toBe(200);
        expect(response.json().data.upload).toEqual({
          ...foxtrotState(),
          file_versions: {
            raw: { filename: 'Foxtrot Farms 2025-09-22 raw.xlsx', file_size_mb: 2, notes: NOTES.raw },
            consolidated: { filename: 'Foxtrot Farms 2025-09-22 consolidated.xlsx', file_size_mb: 1, notes: NOTES.consolidated },
            scrubbed: { filename: 'Foxtrot Farms 2025-09-22 scrubbed.xlsx', file_size_mb: 0.25, notes: null },
          },
        });
        // Any version, not only the newest of its week: Priya's client's upload is the company's too.
        expect((await admin.get(`/api/company/uploads/${uploadIds.priyas}`)).json().data.upload).toMatchObject({ upload_id: uploadIds.priyas, file_versions: {} });
      });

      it("refuses another company's admin as if the upload did not exist, and staff of either company with 403", async () => {
        for (const id of [uploadIds.foxtrot, randomUUID()]) {
          const response = await globexAdmin.get(`/api/company/uploads/${id}`);
          expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: UPLOAD_NOT_FOUND });
        }
        // Fay uploaded it and Priya's client is next to it; neither may open the admin's read, nor may Globex's staff.
        const fay = await t.createUser('STAFF', { companyId: acmeId });
        const gus = await t.createUser('STAFF', { companyId: globexId });
        for (const account of [fay, gus]) {
          const agent = await t.signIn('STAFF', account.email, account.password);
          const response = await agent.get(`/api/company/uploads/${uploadIds.foxtrot}`);
          expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 403, body: FORBIDDEN });
        }
        const malformed = await admin.get('/api/company/uploads/not-an-id');
        expect(malformed.statusCode).toBe(400);
      });
    });
  });

  describe('the edges of a week', () => {
    let initechAdmin: Agent;

    beforeAll(async () => {
      const initechId = await t.createCompany('Initech');
      initechAdmin = await adminOf(initechId);
      const lee = await staffMember(initechId, 'Lee Edge');
      const by = { id: lee.id, name: lee.name };
      // Uploads made with no week named: each belongs to the UTC week of its upload time.
      for (const [name, instant] of [
        ['Sunday Late', '2025-09-28T23:59:59.999Z'],
        ['Monday Early', '2025-09-29T00:00:00.000Z'],
      ]) {
        const client = await fixtures.client(initechAdmin, name, lee.id);
        await fixtures.upload(client, by, uploadWeek(undefined, new Date(instant)), instant, { status: 'SCRUBBED' });
      }
    });

    it('counts an upload of Sunday 23:59:59.999 UTC and one of the next Monday 00:00 UTC in different weeks', async () => {
      expect(await stats(initechAdmin, '?weekStart=2025-09-22&weekEnd=2025-09-28')).toMatchObject({ pendingReviews: 1, completedUploads: 1, remainingUploads: 1 });
      expect(namesOf((await weekly(initechAdmin, '?weekStart=2025-09-22&filter=completed')).documents)).toEqual(['Sunday Late']);
      expect(await stats(initechAdmin, '?weekStart=2025-09-29&weekEnd=2025-10-05')).toMatchObject({ pendingReviews: 1, completedUploads: 1, remainingUploads: 1 });
      expect(namesOf((await weekly(initechAdmin, '?weekStart=2025-09-29&filter=completed')).documents)).toEqual(['Monday Early']);
    });

    it('answers the current week when none is given', async () => {
      expect(await stats(initechAdmin)).toEqual({
        pendingReviews: 0,
        rejectedUploads: 0,
        approvedUploads: 0,
        failedUploads: 0,
        processingUploads: 0,
        remainingUploads: 2,
        completedUploads: 0,
        clientsWithUploads: 0,
        clientsCompleted: 0,
        totalClients: 2,
      });
    });
  });
});
