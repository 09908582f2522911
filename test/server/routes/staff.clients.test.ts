import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { weekContaining, weekToIsoDates } from '@/common/week';
import { requiredDocuments, uploadFiles, uploads } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { answersTo, callsOf, servedOperationsUnder } from '../../helpers/contractCalls';

const FORBIDDEN = { success: false, message: 'You do not have access to this resource.', error: 'FORBIDDEN' };
const CLIENT_NOT_FOUND = { success: false, message: "Client not found or you don't have access to this client.", error: 'NOT_FOUND' };
const MB = 1024 * 1024;

interface ClientBody {
  id: string;
  name: string;
  status: string;
}

describe("staff: the clients assigned to them", () => {
  let t: TestApp;
  let db: TestApp['app']['ctx']['db'];
  let acmeId: string;
  let admin: Agent;
  let sam: Agent;
  let priya: Agent;
  let globexAdmin: Agent;
  const ids = { sam: '', priya: '', globexStaff: '' };

  async function createClient(agent: Agent, name: string, staffId: string, status = 'ACTIVE'): Promise<ClientBody> {
    const response = await agent.post('/api/client', { name, assigned_staff_id: staffId, status });
    expect(response.statusCode).toBe(201);
    return response.json().data.client;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    acmeId = await t.createCompany('Acme Payroll');
    const globexId = await t.createCompany('Globex');
    const accounts = {
      admin: await t.createUser('ADMIN', { companyId: acmeId }),
      sam: await t.createUser('STAFF', { companyId: acmeId, name: 'Sam Ortega' }),
      priya: await t.createUser('STAFF', { companyId: acmeId, name: 'Priya Nair' }),
      globexAdmin: await t.createUser('ADMIN', { companyId: globexId }),
      globexStaff: await t.createUser('STAFF', { companyId: globexId }),
    };
    Object.assign(ids, { sam: accounts.sam.id, priya: accounts.priya.id, globexStaff: accounts.globexStaff.id });
    admin = await t.signIn('ADMIN', accounts.admin.email, accounts.admin.password);
    sam = await t.signIn('STAFF', accounts.sam.email, accounts.sam.password);
    priya = await t.signIn('STAFF', accounts.priya.email, accounts.priya.password);
    globexAdmin = await t.signIn('ADMIN', accounts.globexAdmin.email, accounts.globexAdmin.password);
  });
  afterAll(() => t.close());

  describe('who may call', () => {
    it('serves the assigned clients and their upload history', () => {
      expect(servedOperationsUnder('/staff/clients').sort()).toEqual(['getStaffClient', 'listStaffClientUploads', 'listStaffClients']);
    });

    it.each(['SYSTEM', 'ADMIN'] as const)('refuses a signed-in %s every /staff call with 403', async (role) => {
      const user = await t.createUser(role, { companyId: role === 'SYSTEM' ? null : acmeId });
      const agent = await t.signIn(role, user.email, user.password);
      for (const answer of await answersTo(agent, callsOf(servedOperationsUnder('/staff/')))) {
        expect(answer).toEqual({ call: answer.call, status: 403, body: FORBIDDEN });
      }
    });

    it('refuses an anonymous caller every /staff call with 401', async () => {
      for (const answer of await answersTo(t.agent(), callsOf(servedOperationsUnder('/staff/')))) {
        expect(answer).toMatchObject({ status: 401, body: { error: 'UNAUTHORIZED' } });
      }
    });
  });

  describe('listing assigned clients', () => {
    let lee: Agent;
    beforeAll(async () => {
      const member = await t.createUser('STAFF', { companyId: acmeId, name: 'Lee Lister' });
      lee = await t.signIn('STAFF', member.email, member.password);
      const names = ['kilo', 'Alpha', 'juliet', 'Bravo', 'india', 'Charlie', 'hotel', 'Delta', 'golf', 'Echo', 'foxtrot', 'Lima'];
      for (const [index, name] of names.entries()) await createClient(admin, name, member.id, index % 4 === 0 ? 'INACTIVE' : 'ACTIVE');
      await createClient(admin, 'Aardvark of Priya', ids.priya);
      await createClient(globexAdmin, 'Aardvark of Globex', ids.globexStaff);
    });

    it('pages ten at a time by name with the staff pagination, showing only their own clients', async () => {
      const first = await lee.get('/api/staff/clients');
      expect(first.statusCode).toBe(200);
      const { clients, pagination } = first.json().data;
      expect(clients.map((client: ClientBody) => client.name)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet']);
      expect(clients[0]).toEqual({
        id: expect.any(String),
        name: 'Alpha',
        status: 'ACTIVE',
        assigned_staff_id: expect.any(String),
        assigned_staff_name: 'Lee Lister',
        organization_name: 'Acme Payroll',
        created_at: expect.any(String),
      });
      expect(pagination).toEqual({ currentPage: 1, totalPages: 2, totalCount: 12, hasPreviousPage: false, hasNextPage: true });
      const second = (await lee.get('/api/staff/clients?page=2')).json().data;
      expect(second.clients.map((client: ClientBody) => client.name)).toEqual(['kilo', 'Lima']);
      expect(second.pagination).toEqual({ currentPage: 2, totalPages: 2, totalCount: 12, hasPreviousPage: true, hasNextPage: false });
    });

    it('answers the dashboard’s limit=1 request with the total of assigned clients', async () => {
      const { data } = (await lee.get('/api/staff/clients?limit=1')).json();
      expect(data.clients).toHaveLength(1);
      expect(data.pagination).toEqual({ currentPage: 1, totalPages: 12, totalCount: 12, hasPreviousPage: false, hasNextPage: true });
    });

    it('filters by status', async () => {
      const inactive = (await lee.get('/api/staff/clients?status=INACTIVE')).json().data;
      expect(inactive.clients.map((client: ClientBody) => client.name)).toEqual(['golf', 'india', 'kilo']);
      expect(inactive.pagination).toEqual({ currentPage: 1, totalPages: 1, totalCount: 3, hasPreviousPage: false, hasNextPage: false });
      expect((await lee.get('/api/staff/clients?status=ACTIVE')).json().data.pagination.totalCount).toBe(9);
    });
  });

  describe('one assigned client', () => {
    it('shows the client with its one required document, titled after the client, following a rename', async () => {
      const client = await createClient(admin, 'Harbor Diner', ids.sam);
      const [document] = await db.select().from(requiredDocuments).where(eq(requiredDocuments.clientId, client.id));
      const response = await sam.get(`/api/staff/clients/${client.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: {
          client: {
            ...client,
            required_documents: [{ id: document.id, title: 'Harbor Diner Weekly Document', created_at: document.createdAt.toISOString() }],
          },
        },
      });
      await admin.put(`/api/client/${client.id}`, { name: 'Harbour Diner' });
      const renamed = (await sam.get(`/api/staff/clients/${client.id}`)).json().data.client;
      expect(renamed.required_documents[0].title).toBe('Harbour Diner Weekly Document');
    });

    it("answers a colleague's client, another company's client and a missing one the same way", async () => {
      const colleagues = await createClient(admin, 'Priya Only', ids.priya);
      const foreign = await createClient(globexAdmin, 'Globex Only', ids.globexStaff);
      for (const id of [colleagues.id, foreign.id, randomUUID()]) {
        for (const url of [`/api/staff/clients/${id}`, `/api/staff/clients/${id}/uploads`]) {
          const response = await sam.get(url);
          expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 404, body: CLIENT_NOT_FOUND });
        }
      }
      expect((await priya.get(`/api/staff/clients/${colleagues.id}`)).statusCode).toBe(200);
    });

    it('stops showing a client to its former staff member once it is reassigned', async () => {
      const client = await createClient(admin, 'Moving Mill', ids.sam);
      expect((await sam.get(`/api/staff/clients/${client.id}`)).statusCode).toBe(200);
      await admin.put(`/api/client/${client.id}`, { assigned_staff_id: ids.priya });
      expect((await sam.get(`/api/staff/clients/${client.id}`)).json()).toEqual(CLIENT_NOT_FOUND);
      expect((await priya.get(`/api/staff/clients/${client.id}`)).statusCode).toBe(200);
    });
  });

  describe("a client's upload history", () => {
    const current = weekToIsoDates(weekContaining(new Date()));
    let client: ClientBody;
    let documentId: string;

    async function addUpload(weekStart: string, createdAt: string, fields: Partial<typeof uploads.$inferInsert> = {}) {
      const [row] = await db
        .insert(uploads)
        .values({ companyId: acmeId, clientId: client.id, requiredDocumentId: documentId, uploadedById: ids.sam, uploadedByName: 'Sam Ortega', weekStart, createdAt: new Date(createdAt), ...fields })
        .returning();
      return row.id;
    }

    async function addFile(uploadId: string, kind: 'raw' | 'consolidated' | 'scrubbed', sizeBytes: number, notes: string | null = null) {
      await db.insert(uploadFiles).values({ uploadId, kind, filename: `${kind}-${uploadId.slice(0, 4)}.xlsx`, storageKey: randomUUID(), sizeBytes, checksum: 'x', notes });
    }

    beforeAll(async () => {
      client = await createClient(admin, 'History Hardware', ids.sam);
      [{ id: documentId }] = await db.select({ id: requiredDocuments.id }).from(requiredDocuments).where(eq(requiredDocuments.clientId, client.id));
    });

    it('answers the document and an empty current week for a client with no uploads', async () => {
      const response = await sam.get(`/api/staff/clients/${client.id}/uploads`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: {
          document: { id: documentId, title: 'History Hardware Weekly Document', created_at: expect.any(String) },
          currentWeek: { ...current, weekStatus: 'NO_UPLOAD', upload: null, earlierVersions: [] },
          weeks: [],
          pagination: { currentPage: 1, totalPages: 0, totalCount: 0, hasPreviousPage: false, hasNextPage: false },
        },
      });
    });

    it('shows one row per week, newest first, with the newest version and the earlier ones, and the current week', async () => {
      // Week of 8 September: rejected, then uploaded again and approved.
      const rejected = await addUpload('2025-09-08', '2025-09-09T10:00:00Z', {
        status: 'SCRUBBED',
        approvalStatus: 'REJECTED',
        reviewedById: null,
        reviewedByName: 'Ada Admin',
        reviewedAt: new Date('2025-09-10T08:00:00Z'),
      });
      await addFile(rejected, 'raw', 2 * MB, 'Wrong sheet');
      const approved = await addUpload('2025-09-08', '2025-09-11T10:00:00Z', {
        status: 'SCRUBBED',
        approvalStatus: 'APPROVED',
        attempt: 2,
        reviewedByName: 'Ada Admin',
        reviewedAt: new Date('2025-09-12T08:00:00Z'),
      });
      await addFile(approved, 'raw', MB / 2);
      await addFile(approved, 'consolidated', MB / 4);
      await addFile(approved, 'scrubbed', MB / 8, 'Looks right');
      // Week of 15 September: processing failed.
      const failed = await addUpload('2025-09-15', '2025-09-16T10:00:00Z', { status: 'FAILED', errorMessage: 'No payroll table was found in the workbook.' });
      await addFile(failed, 'raw', MB);
      // Week of 22 September: processed, awaiting review.
      const pending = await addUpload('2025-09-22', '2025-09-23T10:00:00Z', { status: 'SCRUBBED' });
      // This week: still being consolidated.
      const processing = await addUpload(current.weekStart, new Date().toISOString(), { status: 'CONSOLIDATING' });
      await addFile(processing, 'raw', MB);

      const { data } = (await sam.get(`/api/staff/clients/${client.id}/uploads`)).json();
      expect(data.currentWeek).toEqual({
        ...current,
        weekStatus: 'PROCESSING',
        upload: expect.objectContaining({ upload_id: processing, status: 'CONSOLIDATING', approval_status: 'PENDING' }),
        earlierVersions: [],
      });
      expect(data.weeks.map((week: { weekStart: string; weekEnd: string; weekStatus: string }) => [week.weekStart, week.weekEnd, week.weekStatus])).toEqual([
        [current.weekStart, current.weekEnd, 'PROCESSING'],
        ['2025-09-22', '2025-09-28', 'PENDING'],
        ['2025-09-15', '2025-09-21', 'FAILED'],
        ['2025-09-08', '2025-09-14', 'APPROVED'],
      ]);
      expect(data.pagination).toEqual({ currentPage: 1, totalPages: 1, totalCount: 4, hasPreviousPage: false, hasNextPage: false });

      const september8 = data.weeks[3];
      expect(september8.upload).toEqual({
        upload_id: approved,
        status: 'SCRUBBED',
        approval_status: 'APPROVED',
        upload_date: '2025-09-11T10:00:00.000Z',
        error_message: null,
        uploaded_by: { name: 'Sam Ortega' },
        reviewed_by: { name: 'Ada Admin', reviewed_at: '2025-09-12T08:00:00.000Z' },
        override_reason: null,
        week_over_week_warnings: null,
        scrub_issues: null,
        file_versions: {
          raw: { filename: 'History Hardware 2025-09-08 raw.xlsx', file_size_mb: 0.5, notes: null },
          consolidated: { filename: 'History Hardware 2025-09-08 consolidated.xlsx', file_size_mb: 0.25, notes: null },
          scrubbed: { filename: 'History Hardware 2025-09-08 scrubbed.xlsx', file_size_mb: 0.125, notes: 'Looks right' },
        },
      });
      expect(september8.earlierVersions).toEqual([
        expect.objectContaining({
          upload_id: rejected,
          approval_status: 'REJECTED',
          reviewed_by: { name: 'Ada Admin', reviewed_at: '2025-09-10T08:00:00.000Z' },
          file_versions: { raw: { filename: 'History Hardware 2025-09-08 raw.xlsx', file_size_mb: 2, notes: 'Wrong sheet' } },
        }),
      ]);
      expect(data.weeks[2].upload).toMatchObject({
        upload_id: failed,
        status: 'FAILED',
        error_message: 'No payroll table was found in the workbook.',
        reviewed_by: null,
        file_versions: { raw: { file_size_mb: 1 } },
      });
      expect(data.weeks[1].upload).toMatchObject({ upload_id: pending, status: 'SCRUBBED', approval_status: 'PENDING', file_versions: {} });
    });

    it('pages the weeks, keeping the current week on every page', async () => {
      const second = (await sam.get(`/api/staff/clients/${client.id}/uploads?limit=2&page=2`)).json().data;
      expect(second.weeks.map((week: { weekStart: string }) => week.weekStart)).toEqual(['2025-09-15', '2025-09-08']);
      expect(second.weeks[1].earlierVersions).toHaveLength(1);
      expect(second.currentWeek).toMatchObject({ weekStart: current.weekStart, weekStatus: 'PROCESSING' });
      expect(second.pagination).toEqual({ currentPage: 2, totalPages: 2, totalCount: 4, hasPreviousPage: true, hasNextPage: false });
    });

    it("keeps the history from the client's other staff members and from other companies", async () => {
      expect((await priya.get(`/api/staff/clients/${client.id}/uploads`)).json()).toEqual(CLIENT_NOT_FOUND);
      expect((await globexAdmin.get(`/api/staff/clients/${client.id}/uploads`)).statusCode).toBe(403);
    });
  });
});
