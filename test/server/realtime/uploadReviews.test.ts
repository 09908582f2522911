import { randomUUID } from 'node:crypto';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { MB, type TestClient, weeklyFixtures } from '../routes/staff.weeklyFixtures';
import { connect, cookieOf, listen, type TestSocket } from './socketClient';

describe("realtime: an admin's decision reaches the assigned staff member and the company's admins", () => {
  let t: TestApp;
  let baseUrl: string;
  let fixtures: ReturnType<typeof weeklyFixtures>;
  let acmeId: string;
  let ada: Agent;
  let otto: Agent;
  let globexAdmin: Agent;
  let sam: { id: string; name: string; agent: Agent };
  let priya: { id: string; name: string; agent: Agent };
  let globexStaff: Agent;
  let week = 0;
  const open: TestSocket[] = [];

  async function person(role: 'ADMIN' | 'STAFF', companyId: string, name: string) {
    const account = await t.createUser(role, { companyId, name });
    return { id: account.id, name, agent: await t.signIn(role, account.email, account.password) };
  }

  async function socketOf(agent: Agent): Promise<TestSocket> {
    const socket = await connect(baseUrl, { cookie: cookieOf(agent) });
    open.push(socket);
    return socket;
  }

  /** A client assigned to Sam with an upload of Sam's awaiting review, in a week of its own. */
  async function awaitingReview(fields: Record<string, unknown> = {}): Promise<{ id: string; client: TestClient; weekStart: string }> {
    const client = await fixtures.client(ada, `Bakery ${randomUUID().slice(0, 6)}`, sam.id);
    week += 1;
    const weekStart = new Date(Date.UTC(2025, 8, 1 + 7 * week)).toISOString().slice(0, 10);
    const id = await fixtures.upload(client, sam, weekStart, `${weekStart}T09:00:00Z`, { status: 'SCRUBBED', ...fields });
    for (const kind of ['raw', 'consolidated', 'scrubbed'] as const) await fixtures.file(id, kind, MB);
    return { id, client, weekStart };
  }

  const review = (agent: Agent, id: string, body: Record<string, unknown>) => agent.post(`/api/company/weekly-documents/${id}/review`, body);

  /** Until every socket has had a round trip: anything sent to it before has arrived. */
  const settled = (sockets: TestSocket[]) => Promise.all(sockets.map((socket) => socket.settle()));

  beforeAll(async () => {
    t = await buildTestApp();
    baseUrl = await listen(t);
    fixtures = weeklyFixtures(t);
    acmeId = await t.createCompany('Acme Payroll');
    const globexId = await t.createCompany('Globex');
    ada = (await person('ADMIN', acmeId, 'Ada Admin')).agent;
    otto = (await person('ADMIN', acmeId, 'Otto Other')).agent;
    globexAdmin = (await person('ADMIN', globexId, 'Gail Globex')).agent;
    sam = await person('STAFF', acmeId, 'Sam Ortega');
    priya = await person('STAFF', acmeId, 'Priya Patel');
    globexStaff = (await person('STAFF', globexId, 'Gus Globex')).agent;
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  it("tells every tab of the uploader and of the company's admins that an upload was rejected, with the first line of its notes, and nobody else", async () => {
    const upload = await awaitingReview();
    const told = [await socketOf(sam.agent), await socketOf(sam.agent), await socketOf(ada), await socketOf(otto)];
    const outsiders = [await socketOf(priya.agent), await socketOf(globexAdmin), await socketOf(globexStaff)];

    const response = await review(ada, upload.id, { approval_status: 'REJECTED', raw_notes: '  \n  Week ending date missing  \nSee row 4.', scrubbed_notes: 'Totals are off.' });
    expect(response.statusCode).toBe(200);

    await settled([...told, ...outsiders]);
    for (const socket of told) {
      expect(socket.reviews).toEqual([
        {
          uploadId: upload.id,
          clientId: upload.client.id,
          clientName: upload.client.name,
          weekStart: upload.weekStart,
          decision: 'REJECTED',
          overridden: false,
          reason: 'Week ending date missing',
        },
      ]);
      // A decision is not a processing update: nothing else arrives.
      expect(socket.updates).toEqual([]);
    }
    for (const socket of outsiders) expect(socket.reviews).toEqual([]);
  });

  it('tells the staff member the client is assigned to now, not the uploader it was taken from', async () => {
    const upload = await awaitingReview();
    const reassigned = await ada.put(`/api/client/${upload.client.id}`, { assigned_staff_id: priya.id });
    expect(reassigned.statusCode).toBe(200);
    const samSocket = await socketOf(sam.agent);
    const priyaSocket = await socketOf(priya.agent);

    expect((await review(otto, upload.id, { approval_status: 'APPROVED' })).statusCode).toBe(200);

    await settled([samSocket, priyaSocket]);
    expect(priyaSocket.reviews).toEqual([expect.objectContaining({ uploadId: upload.id, decision: 'APPROVED', overridden: false, reason: null })]);
    expect(samSocket.reviews).toEqual([]);
  });

  it("carries an override's reason, and a rejection without notes carries none", async () => {
    const overridden = await awaitingReview({ summary: { sources: [], issues: { error: 2, warning: 0 } } });
    const rejected = await awaitingReview();
    const samSocket = await socketOf(sam.agent);

    const approval = await review(ada, overridden.id, { approval_status: 'APPROVED', override_reason: 'Store 4 closed this week; the totals are right.\nChecked with the client.' });
    expect(approval.statusCode).toBe(200);
    expect((await review(ada, rejected.id, { approval_status: 'REJECTED', raw_notes: '   ' })).statusCode).toBe(200);

    await settled([samSocket]);
    expect(samSocket.reviews).toEqual([
      expect.objectContaining({ uploadId: overridden.id, decision: 'APPROVED', overridden: true, reason: 'Store 4 closed this week; the totals are right.' }),
      expect.objectContaining({ uploadId: rejected.id, decision: 'REJECTED', overridden: false, reason: null }),
    ]);
  });

  it('says nothing of a review that was refused, nor of one tried by another company', async () => {
    const upload = await awaitingReview();
    const watching = [await socketOf(sam.agent), await socketOf(ada)];
    expect((await review(globexAdmin, upload.id, { approval_status: 'REJECTED', raw_notes: 'Not yours' })).statusCode).toBe(404);
    expect((await review(ada, upload.id, { approval_status: 'APPROVED' })).statusCode).toBe(200);
    expect((await review(otto, upload.id, { approval_status: 'REJECTED', raw_notes: 'Too late' })).statusCode).toBe(409);

    await settled(watching);
    for (const socket of watching) expect(socket.reviews.map((event) => event.decision)).toEqual(['APPROVED']);
  });
});
