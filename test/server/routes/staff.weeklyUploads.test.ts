import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { clients } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { MB, type TestClient, weeklyFixtures } from './staff.weeklyFixtures';

const FORBIDDEN = { success: false, message: 'You do not have access to this resource.', error: 'FORBIDDEN' };
const UPLOAD_NOT_FOUND = { success: false, message: "Upload not found or you don't have access to this upload.", error: 'NOT_FOUND' };

describe("staff: their uploads and an upload's review", () => {
  let t: TestApp;
  let fixtures: ReturnType<typeof weeklyFixtures>;
  let acmeId: string;
  let admin: Agent;
  let sam: { id: string; name: string; agent: Agent };
  let priya: { id: string; name: string; agent: Agent };
  let globex: { admin: Agent; client: TestClient; uploadId: string };

  async function staffMember(companyId: string, name: string) {
    const account = await t.createUser('STAFF', { companyId, name });
    return { id: account.id, name, agent: await t.signIn('STAFF', account.email, account.password) };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    fixtures = weeklyFixtures(t);
    acmeId = await t.createCompany('Acme Payroll');
    const globexId = await t.createCompany('Globex');
    const adminAccount = await t.createUser('ADMIN', { companyId: acmeId });
    admin = await t.signIn('ADMIN', adminAccount.email, adminAccount.password);
    sam = await staffMember(acmeId, 'Sam Ortega');
    priya = await staffMember(acmeId, 'Priya Nair');
    const globexAdminAccount = await t.createUser('ADMIN', { companyId: globexId });
    const globexAdmin = await t.signIn('ADMIN', globexAdminAccount.email, globexAdminAccount.password);
    const gus = await staffMember(globexId, 'Gus Globex');
    const globexClient = await fixtures.client(globexAdmin, 'Globex Goods', gus.id);
    globex = { admin: globexAdmin, client: globexClient, uploadId: await fixtures.upload(globexClient, gus, '2025-09-08', '2025-09-09T10:00:00Z') };
  });
  afterAll(() => t.close());

  it.each(['SYSTEM', 'ADMIN'] as const)('refuses a signed-in %s with 403', async (role) => {
    const user = await t.createUser(role, { companyId: role === 'SYSTEM' ? null : acmeId });
    const agent = await t.signIn(role, user.email, user.password);
    for (const url of ['/api/staff/uploads', `/api/staff/uploads/${globex.uploadId}/review`]) {
      const response = await agent.get(url);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 403, body: FORBIDDEN });
    }
  });

  describe('GET /staff/uploads', () => {
    let harbor: TestClient;
    const samUploads: string[] = [];

    beforeAll(async () => {
      harbor = await fixtures.client(admin, 'Harbor Diner', sam.id);
      const mill = await fixtures.client(admin, 'Mill Works', sam.id, 'INACTIVE');
      // Twelve uploads by Sam, one a day, alternating between an active and an inactive client.
      for (let day = 1; day <= 12; day += 1) {
        const client = day % 2 === 0 ? mill : harbor;
        const id = await fixtures.upload(client, sam, '2025-09-08', `2025-10-${String(day).padStart(2, '0')}T08:00:00Z`, { status: 'SCRUBBED' });
        await fixtures.file(id, 'raw', day * MB);
        samUploads.unshift(id);
      }
      // Not Sam's: Priya's upload of Sam's client, and Sam's upload of a client now assigned to Priya.
      await fixtures.upload(harbor, priya, '2025-09-15', '2025-10-20T08:00:00Z');
      const moved = await fixtures.client(admin, 'Moved Away', sam.id);
      await fixtures.upload(moved, sam, '2025-09-15', '2025-10-21T08:00:00Z');
      await t.app.ctx.db.update(clients).set({ assignedStaffId: priya.id }).where(eq(clients.id, moved.id));
    });

    it("pages the caller's uploads of their clients, newest first, ten at a time", async () => {
      const response = await sam.agent.get('/api/staff/uploads');
      expect(response.statusCode).toBe(200);
      const { uploads, pagination } = response.json().data;
      expect(uploads.map((upload: { id: string }) => upload.id)).toEqual(samUploads.slice(0, 10));
      expect(pagination).toEqual({ currentPage: 1, totalPages: 2, totalCount: 12, hasPreviousPage: false, hasNextPage: true });
      expect(uploads[0]).toEqual({
        id: samUploads[0],
        filename: `raw-${samUploads[0].slice(0, 8)}.xlsx`,
        file_size_mb: 12,
        upload_date: '2025-10-12T08:00:00.000Z',
        status: 'SCRUBBED',
        approval_status: 'PENDING',
        document_title: 'Mill Works Weekly Document',
        client: { id: expect.any(String), name: 'Mill Works' },
      });
      expect(uploads[1]).toMatchObject({ document_title: 'Harbor Diner Weekly Document', client: { id: harbor.id, name: 'Harbor Diner' }, file_size_mb: 11 });
      const second = (await sam.agent.get('/api/staff/uploads?page=2')).json().data;
      expect(second.uploads.map((upload: { id: string }) => upload.id)).toEqual(samUploads.slice(10));
      expect(second.pagination).toEqual({ currentPage: 2, totalPages: 2, totalCount: 12, hasPreviousPage: true, hasNextPage: false });
    });

    it("shows a colleague only their own uploads, and another company's staff none of Acme's", async () => {
      const priyas = (await priya.agent.get('/api/staff/uploads')).json().data;
      expect(priyas.uploads).toEqual([]);
      expect(priyas.pagination.totalCount).toBe(0);
      const gus = await staffMember(globex.client.companyId, 'Gus Again');
      expect((await gus.agent.get('/api/staff/uploads')).json().data.uploads).toEqual([]);
    });
  });

  describe('GET /staff/uploads/{id}/review', () => {
    let client: TestClient;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      client = await fixtures.client(admin, 'Review Roasters', sam.id);
      ids.rejected = await fixtures.upload(client, sam, '2025-09-22', '2025-09-23T10:00:00Z', {
        status: 'SCRUBBED',
        approvalStatus: 'REJECTED',
        reviewedByName: 'Ada Admin',
        reviewedAt: new Date('2025-09-24T08:30:00Z'),
      });
      await fixtures.file(ids.rejected, 'raw', MB, 'Wrong week on sheet 2');
      await fixtures.file(ids.rejected, 'consolidated', MB);
      await fixtures.file(ids.rejected, 'scrubbed', MB, 'Two SSNs missing');
      // Uploaded again by a colleague before the client came to Sam: still Sam's client's upload.
      ids.byColleague = await fixtures.upload(client, priya, '2025-09-22', '2025-09-25T10:00:00Z', { status: 'CONSOLIDATING', attempt: 2 });
      const priyasClient = await fixtures.client(admin, 'Priya Produce', priya.id);
      ids.priyas = await fixtures.upload(priyasClient, priya, '2025-09-22', '2025-09-23T10:00:00Z');
    });

    it('shows who reviewed an upload, when, and the notes on each file version', async () => {
      const response = await sam.agent.get(`/api/staff/uploads/${ids.rejected}/review`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: {
          review: {
            upload_id: ids.rejected,
            upload_date: '2025-09-23T10:00:00.000Z',
            status: 'SCRUBBED',
            approval_status: 'REJECTED',
            reviewed_by: 'Ada Admin',
            reviewed_at: '2025-09-24T08:30:00.000Z',
            override_reason: null,
            week_over_week_warnings: null,
            scrub_issues: null,
            client: { id: client.id, name: 'Review Roasters' },
            document: { id: client.documentId, title: 'Review Roasters Weekly Document' },
            files: {
              // one name per version everywhere: the client, the week and the version (as the download and the zip name it)
              raw: { filename: 'Review Roasters 2025-09-22 raw.xlsx', notes: 'Wrong week on sheet 2' },
              consolidated: { filename: 'Review Roasters 2025-09-22 consolidated.xlsx', notes: null },
              scrubbed: { filename: 'Review Roasters 2025-09-22 scrubbed.xlsx', notes: 'Two SSNs missing' },
            },
          },
        },
      });
    });

    it("answers an unreviewed upload of the caller's client, whoever uploaded it, with no reviewer and the files that exist", async () => {
      const { review } = (await sam.agent.get(`/api/staff/uploads/${ids.byColleague}/review`)).json().data;
      expect(review).toMatchObject({ upload_id: ids.byColleague, status: 'CONSOLIDATING', approval_status: 'PENDING', reviewed_by: null, reviewed_at: null, files: {} });
    });

    it("answers a colleague's client, another company's upload and a missing one alike", async () => {
      for (const id of [ids.priyas, globex.uploadId, randomUUID()]) {
        const response = await sam.agent.get(`/api/staff/uploads/${id}/review`);
        expect({ id, status: response.statusCode, body: response.json() }).toEqual({ id, status: 404, body: UPLOAD_NOT_FOUND });
      }
      expect((await priya.agent.get(`/api/staff/uploads/${ids.priyas}/review`)).statusCode).toBe(200);
      expect((await sam.agent.get('/api/staff/uploads/not-a-uuid/review')).statusCode).toBe(400);
    });
  });
});
