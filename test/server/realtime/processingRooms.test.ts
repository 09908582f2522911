import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { clients, requiredDocuments, sessions, uploads } from '@/server/db/schema';
import type { ProcessingUpdate } from '@/server/realtime/processingUpdates';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { connect, cookieOf, disconnected, expiredCookieOf, listen, nextUpdate, refusalOf, type TestSocket } from './socketClient';

const REFUSED = { ok: false, message: "This upload was not found or you don't have access to it." };
const SESSION_ENDED_NOTICE = { code: 'SESSION_ENDED', message: 'Your session has ended. Please sign in again.', reconnect: true };

describe('realtime: following an upload while it is processed', () => {
  let t: TestApp;
  let db: TestApp['app']['ctx']['db'];
  let baseUrl: string;
  let acmeId: string;
  const agents = {} as Record<'admin' | 'sam' | 'priya' | 'globexAdmin' | 'system', Agent>;
  const ids = { sam: '', priya: '' };
  const open: TestSocket[] = [];

  async function socketOf(agent: Agent): Promise<TestSocket> {
    const socket = await connect(baseUrl, { cookie: cookieOf(agent) });
    open.push(socket);
    return socket;
  }

  /** A client of Acme assigned to a staff member, and one upload row of it (the upload endpoint is tested elsewhere). */
  async function addUpload(assignedStaffId: string, fields: Partial<typeof uploads.$inferInsert> = {}) {
    const created = await agents.admin.post('/api/client', { name: `Client ${randomUUID().slice(0, 6)}`, assigned_staff_id: assignedStaffId });
    const clientId: string = created.json().data.client.id;
    const [document] = await db.select().from(requiredDocuments).where(eq(requiredDocuments.clientId, clientId));
    const [row] = await db
      .insert(uploads)
      .values({
        companyId: acmeId,
        clientId,
        requiredDocumentId: document.id,
        uploadedById: assignedStaffId,
        uploadedByName: 'Uploader',
        weekStart: '2025-09-08',
        jobId: randomUUID(),
        ...fields,
      })
      .returning();
    return { ...row, jobId: row.jobId as string };
  }

  function update(upload: { id: string; jobId: string }, status: ProcessingUpdate['status'], message = `${status} now`): ProcessingUpdate {
    return { processingId: upload.id, jobId: upload.jobId, status, message, error: null };
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
      system: await t.createUser('SYSTEM'),
    };
    Object.assign(ids, { sam: accounts.sam.id, priya: accounts.priya.id });
    for (const [name, account] of Object.entries(accounts)) {
      const role = name === 'system' ? 'SYSTEM' : name.toLowerCase().includes('admin') ? 'ADMIN' : 'STAFF';
      agents[name as keyof typeof agents] = await t.signIn(role, account.email, account.password);
    }
    baseUrl = await listen(t);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  describe('the handshake', () => {
    it('refuses a connection without a session cookie, or with a forged one', async () => {
      expect(await refusalOf(baseUrl)).toEqual({ message: 'Please sign in to continue.', data: { code: 'UNAUTHORIZED' } });
      expect((await refusalOf(baseUrl, { cookie: 'access_token=not-a-token' })).data).toEqual({ code: 'UNAUTHORIZED' });
    });

    it('refuses an expired access token with TOKEN_EXPIRED, so the client refreshes and connects again', async () => {
      expect(await refusalOf(baseUrl, { cookie: await expiredCookieOf(agents.sam) })).toEqual({ message: 'Your session has expired.', data: { code: 'TOKEN_EXPIRED' } });
      await expect(socketOf(agents.sam)).resolves.toBeDefined();
    });

    it('refuses the token of a session that was signed out', async () => {
      const account = await t.createUser('STAFF', { companyId: acmeId });
      const agent = await t.signIn('STAFF', account.email, account.password);
      const cookie = cookieOf(agent);
      await agent.post('/api/auth/logout');
      expect((await refusalOf(baseUrl, { cookie })).data).toEqual({ code: 'UNAUTHORIZED' });
    });

    it("refuses a page of another site, as the API's origin rule does", async () => {
      const cookie = cookieOf(agents.sam);
      await expect(connect(baseUrl, { cookie, origin: 'https://evil.example' })).rejects.toThrow();
      const sameOrigin = await connect(baseUrl, { cookie, origin: baseUrl });
      open.push(sameOrigin);
      expect(sameOrigin.socket.connected).toBe(true);
    });
  });

  describe('joining rooms', () => {
    it('lets staff follow an upload of their client: the join answers its stored state, then updates arrive', async () => {
      const upload = await addUpload(ids.sam, { status: 'QUEUED' });
      const sam = await socketOf(agents.sam);
      expect(await sam.join(upload.id)).toEqual({
        ok: true,
        update: { processingId: upload.id, jobId: upload.jobId, status: 'QUEUED', message: 'Queued for processing', error: null },
      });
      const arriving = nextUpdate(sam);
      t.app.ctx.publisher.publish(update(upload, 'CONSOLIDATING', 'Consolidating: sheet 1 of 2, 1,200 rows'));
      expect(await arriving).toEqual({ processingId: upload.id, jobId: upload.jobId, status: 'CONSOLIDATING', message: 'Consolidating: sheet 1 of 2, 1,200 rows', error: null });
    });

    it('says an upload taken up again after an interruption is resuming, until it is done', async () => {
      const resumed = await addUpload(ids.sam, { status: 'QUEUED', resumedAt: new Date() });
      const sam = await socketOf(agents.sam);
      expect(await sam.join(resumed.id)).toMatchObject({ ok: true, update: { status: 'QUEUED', message: 'Resuming after an interruption' } });
      await db.update(uploads).set({ status: 'SCRUBBING' }).where(eq(uploads.id, resumed.id));
      expect(await sam.join(resumed.id)).toMatchObject({ ok: true, update: { status: 'SCRUBBING', message: 'Resuming after an interruption' } });
      const done = await addUpload(ids.sam, { status: 'SCRUBBED', resumedAt: new Date() });
      expect(await sam.join(done.id)).toMatchObject({ ok: true, update: { status: 'SCRUBBED', message: 'Processing complete' } });
    });

    it("shows staff their client's upload that a colleague made before the client was reassigned", async () => {
      const upload = await addUpload(ids.sam, { uploadedById: ids.priya, uploadedByName: 'Priya Nair' });
      const sam = await socketOf(agents.sam);
      expect(await sam.join(upload.id)).toMatchObject({ ok: true });
      const priya = await socketOf(agents.priya);
      expect(await priya.join(upload.id)).toEqual(REFUSED);
    });

    it("refuses a colleague, another company's admin and SYSTEM with the same answer as a missing upload, and they receive nothing", async () => {
      const upload = await addUpload(ids.sam);
      const sam = await socketOf(agents.sam);
      await sam.join(upload.id);
      const outsiders = [await socketOf(agents.priya), await socketOf(agents.globexAdmin), await socketOf(agents.system)];
      for (const outsider of outsiders) {
        for (const room of [upload.id, `job-${upload.jobId}`]) expect(await outsider.join(room)).toEqual(REFUSED);
      }
      for (const room of [randomUUID(), `job-${randomUUID()}`, 'not-a-room', 'job-', 42, null]) expect(await sam.join(room)).toEqual(REFUSED);

      const arriving = nextUpdate(sam);
      t.app.ctx.publisher.publish(update(upload, 'SCRUBBED', 'Processing complete'));
      await arriving;
      for (const outsider of outsiders) {
        await outsider.settle();
        expect(outsider.updates).toEqual([]);
      }
    });

    it("lets an admin follow every upload of their company's clients", async () => {
      const upload = await addUpload(ids.priya, { status: 'FAILED', errorMessage: 'No payroll table was found in the workbook.' });
      const admin = await socketOf(agents.admin);
      expect(await admin.join(upload.id)).toEqual({
        ok: true,
        update: { processingId: upload.id, jobId: upload.jobId, status: 'FAILED', message: 'Processing failed', error: 'No payroll table was found in the workbook.' },
      });
    });

    it('stops following a client once it is assigned to someone else', async () => {
      const upload = await addUpload(ids.sam);
      await db.update(clients).set({ assignedStaffId: ids.priya }).where(eq(clients.id, upload.clientId));
      const sam = await socketOf(agents.sam);
      expect(await sam.join(upload.id)).toEqual(REFUSED);
    });
  });

  describe('job rooms', () => {
    it('maps `job-<jobId>` to the upload: the join answers its processing id and updates arrive through the job room', async () => {
      const upload = await addUpload(ids.sam);
      const sam = await socketOf(agents.sam);
      const joined = await sam.join(`job-${upload.jobId}`);
      expect(joined).toMatchObject({ ok: true, update: { processingId: upload.id, jobId: upload.jobId } });
      const arriving = nextUpdate(sam);
      t.app.ctx.publisher.publish(update(upload, 'CONSOLIDATED'));
      expect(await arriving).toMatchObject({ processingId: upload.id, status: 'CONSOLIDATED' });
    });

    it('delivers an update once to a socket in both rooms of the upload', async () => {
      const upload = await addUpload(ids.sam);
      const sam = await socketOf(agents.sam);
      await sam.join(`job-${upload.jobId}`);
      await sam.join(upload.id);
      t.app.ctx.publisher.publish(update(upload, 'SCRUBBING'));
      await sam.settle();
      expect(sam.updates.map((received) => received.status)).toEqual(['SCRUBBING']);
    });
  });

  describe('leaving rooms', () => {
    it('stops delivery after a leave', async () => {
      const upload = await addUpload(ids.sam);
      const sam = await socketOf(agents.sam);
      await sam.join(upload.id);
      const first = nextUpdate(sam);
      t.app.ctx.publisher.publish(update(upload, 'CONSOLIDATING'));
      await first;
      expect(await sam.leave(upload.id)).toEqual({ ok: true });
      t.app.ctx.publisher.publish(update(upload, 'CONSOLIDATED'));
      await sam.settle();
      expect(sam.updates.map((received) => received.status)).toEqual(['CONSOLIDATING']);
    });
  });

  describe('a session that ends', () => {
    /** Ends the user's sessions in the database alone, as nothing announces (an expiry, or a revocation the other processes missed). */
    async function endSessionsUnannounced(userId: string): Promise<void> {
      await db.update(sessions).set({ revokedAt: new Date(), revokedReason: 'test' }).where(eq(sessions.userId, userId));
    }

    it("closes a session's sockets the moment it signs out, telling them why, and leaves the user's other sessions open", async () => {
      const account = await t.createUser('STAFF', { companyId: acmeId });
      const leavingAgent = await t.signIn('STAFF', account.email, account.password);
      const stayingAgent = await t.signIn('STAFF', account.email, account.password);
      const leaving = [await socketOf(leavingAgent), await socketOf(leavingAgent)];
      const staying = await socketOf(stayingAgent);
      const ended = leaving.map((socket) => disconnected(socket));
      await leavingAgent.post('/api/auth/logout');
      expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
      for (const socket of leaving) expect(socket.notices).toEqual([SESSION_ENDED_NOTICE]);
      await staying.settle();
      expect(staying.socket.connected).toBe(true);
      expect(staying.notices).toEqual([]);
    });

    it('ends the socket on its next join once its session ended unannounced', async () => {
      const account = await t.createUser('STAFF', { companyId: acmeId });
      const agent = await t.signIn('STAFF', account.email, account.password);
      const upload = await addUpload(account.id);
      const socket = await socketOf(agent);
      await endSessionsUnannounced(account.id);
      const ended = disconnected(socket);
      expect(await socket.join(upload.id)).toEqual({ ok: false, message: 'Your session has ended. Please sign in again.' });
      expect(await ended).toBe('io server disconnect');
      expect(socket.notices).toEqual([SESSION_ENDED_NOTICE]);
    });

    it('ends the sockets of sessions that ended unannounced on its periodic check, leaving live ones open', async () => {
      const account = await t.createUser('STAFF', { companyId: acmeId });
      const agent = await t.signIn('STAFF', account.email, account.password);
      const leaving = await socketOf(agent);
      const staying = await socketOf(agents.sam);
      await endSessionsUnannounced(account.id);
      const ended = disconnected(leaving);
      expect(await t.app.realtime.endLapsedSessions()).toBe(1);
      expect(await ended).toBe('io server disconnect');
      expect(staying.socket.connected).toBe(true);
    });
  });

  it('closes open sockets when the server stops, so stopping never waits on them', async () => {
    const other = await buildTestApp();
    const account = await other.createUser('STAFF', { companyId: await other.createCompany() });
    const agent = await other.signIn('STAFF', account.email, account.password);
    const socket = await connect(await listen(other), { cookie: cookieOf(agent) });
    const ended = disconnected(socket);
    await other.close();
    expect(await ended).toBe('io server disconnect');
  });
});
