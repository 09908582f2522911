import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { requiredDocuments, uploads } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { connect, cookieOf, disconnected, listen, refusalOf, type TestSocket } from './socketClient';

/** Limits small enough to reach in a test; the defaults are the same rules at a larger scale. */
const LIMITS = {
  REALTIME_MAX_SOCKETS_PER_SESSION: '2',
  REALTIME_MAX_SOCKETS_PER_USER: '3',
  REALTIME_ROOM_REQUEST_BURST: '4',
  REALTIME_ROOM_REQUESTS_PER_SECOND: '10',
  REALTIME_REFUSALS_BEFORE_CLOSE: '5',
  REALTIME_MAX_ROOMS_PER_SOCKET: '2',
  REALTIME_ACCESS_CHECKS_AT_ONCE: '1',
  REALTIME_ACCESS_CHECKS_WAITING: '0',
};

const TOO_MANY_SOCKETS = {
  code: 'TOO_MANY_SOCKETS',
  message: 'Live updates stopped on this page because the app is open in too many tabs or windows. Close the ones you do not need, then reload this page to follow again.',
  reconnect: false,
};
const TOO_MANY_REQUESTS = {
  code: 'TOO_MANY_REQUESTS',
  message: 'Live updates stopped on this page because it sent too many requests. Reload the page to follow again.',
  reconnect: false,
};
const TOO_FAST = 'This page asked to follow uploads too quickly. It will try again in a moment.';

// Each test is quick; building the app on a busy machine is not.
jest.setTimeout(60_000);

describe('realtime limits: no user can hurt the others', () => {
  let t: TestApp;
  let baseUrl: string;
  let companyId: string;
  let admin: Agent;
  const open: TestSocket[] = [];

  async function socketOf(agent: Agent): Promise<TestSocket> {
    const socket = await connect(baseUrl, { cookie: cookieOf(agent) });
    open.push(socket);
    return socket;
  }

  async function staffMember(): Promise<{ id: string; email: string; password: string; agent: Agent }> {
    const account = await t.createUser('STAFF', { companyId });
    return { ...account, agent: await t.signIn('STAFF', account.email, account.password) };
  }

  /** An upload of a new client assigned to the staff member. */
  async function uploadOf(staffId: string): Promise<string> {
    const created = await admin.post('/api/client', { name: `Client ${randomUUID().slice(0, 6)}`, assigned_staff_id: staffId });
    const clientId: string = created.json().data.client.id;
    const { db } = t.app.ctx;
    const [document] = await db.select().from(requiredDocuments).where(eq(requiredDocuments.clientId, clientId));
    const [row] = await db
      .insert(uploads)
      .values({ companyId, clientId, requiredDocumentId: document.id, uploadedById: staffId, uploadedByName: 'Uploader', weekStart: '2025-09-08', jobId: randomUUID() })
      .returning({ id: uploads.id });
    return row.id;
  }

  beforeAll(async () => {
    t = await buildTestApp(LIMITS);
    companyId = await t.createCompany('Acme Payroll');
    const account = await t.createUser('ADMIN', { companyId });
    admin = await t.signIn('ADMIN', account.email, account.password);
    baseUrl = await listen(t);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  describe('sockets per session and per user', () => {
    it("closes a session's oldest socket past its limit, telling it why, and keeps the newest open", async () => {
      const { agent } = await staffMember();
      const [oldest, older] = [await socketOf(agent), await socketOf(agent)];
      const closed = disconnected(oldest);
      const newest = await socketOf(agent);
      expect(await closed).toBe('io server disconnect');
      expect(oldest.notices).toEqual([TOO_MANY_SOCKETS]);
      for (const socket of [older, newest]) {
        await socket.settle();
        expect(socket.socket.connected).toBe(true);
        expect(socket.notices).toEqual([]);
      }
    });

    it("closes the user's oldest socket over all their sessions past the user's limit", async () => {
      const member = await staffMember();
      const otherSession = await t.signIn('STAFF', member.email, member.password);
      const oldest = await socketOf(member.agent);
      const others = [await socketOf(otherSession), await socketOf(member.agent)];
      const closed = disconnected(oldest);
      others.push(await socketOf(otherSession));
      expect(await closed).toBe('io server disconnect');
      expect(oldest.notices).toEqual([TOO_MANY_SOCKETS]);
      for (const socket of others) {
        await socket.settle();
        expect(socket.socket.connected).toBe(true);
      }
    });

    it("does not count another user's sockets", async () => {
      const [first, second] = [await staffMember(), await staffMember()];
      const sockets = [await socketOf(first.agent), await socketOf(first.agent), await socketOf(second.agent), await socketOf(second.agent)];
      for (const socket of sockets) {
        await socket.settle();
        expect(socket.socket.connected).toBe(true);
      }
    });
  });

  describe('room requests', () => {
    it('refuses joins past the burst with how long to wait, and takes them again after that long', async () => {
      const member = await staffMember();
      const upload = await uploadOf(member.id);
      const socket = await socketOf(member.agent);
      // Sent at once, so the bucket has no time to refill; rooms that do not exist are refused without the database.
      const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((room) => socket.join(room)));
      expect(answers.slice(0, 4)).toEqual(Array(4).fill({ ok: false, message: "This upload was not found or you don't have access to it." }));
      const refused = answers[4];
      expect(refused).toEqual({ ok: false, message: TOO_FAST, retryInMs: expect.any(Number) });
      expect(refused.retryInMs).toBeGreaterThan(0);
      expect(refused.retryInMs).toBeLessThanOrEqual(100);
      await new Promise((resolve) => setTimeout(resolve, refused.retryInMs));
      expect(await socket.join(upload)).toMatchObject({ ok: true });
      expect(socket.socket.connected).toBe(true);
    });

    it('closes a socket that keeps sending after its requests were refused, telling it why', async () => {
      const member = await staffMember();
      const upload = await uploadOf(member.id);
      const socket = await socketOf(member.agent);
      const closed = disconnected(socket);
      const answers: Array<{ ok: boolean; message?: string }> = [];
      for (let i = 0; i < 40; i += 1) socket.socket.emit('joinProcessingRoom', upload, (answer: { ok: boolean; message?: string }) => answers.push(answer));
      expect(await closed).toBe('io server disconnect');
      expect(socket.notices).toEqual([TOO_MANY_REQUESTS]);
      // Past the burst each request was refused as too fast, and after its allowance of refusals the socket was closed.
      expect(answers.filter((answer) => answer.message === TOO_FAST).length).toBeGreaterThanOrEqual(5 + 1);
      expect(answers.length).toBeLessThan(40);
    });

    it('refuses a join past the rooms a socket may follow, in clear words, until it leaves one', async () => {
      const member = await staffMember();
      const [first, second, third] = [await uploadOf(member.id), await uploadOf(member.id), await uploadOf(member.id)];
      const socket = await socketOf(member.agent);
      expect(await socket.join(first)).toMatchObject({ ok: true });
      expect(await socket.join(second)).toMatchObject({ ok: true });
      expect(await socket.join(third)).toEqual({ ok: false, message: 'This page is following too many uploads at once. Reload the page to follow this one.' });
      // A room already followed is still answered.
      expect(await socket.join(first)).toMatchObject({ ok: true });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await socket.leave(first)).toEqual({ ok: true });
      expect(await socket.join(third)).toMatchObject({ ok: true });
    });
  });

  describe('database work of the realtime server', () => {
    it('refuses joins and handshakes with "try again" while its access checks are all busy, and serves them again after', async () => {
      const member = await staffMember();
      const upload = await uploadOf(member.id);
      const [waiting, refused] = [await socketOf(member.agent), await socketOf(admin)];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // Holds the sessions table, so the one check the settings allow stays under way.
      const holding = t.app.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`lock table sessions in access exclusive mode`);
        await held;
      });
      const underWay = waiting.join(upload);
      // The join has reached the server (and taken the one turn) once a later request is answered.
      await waiting.settle();
      expect(await refused.join(upload)).toEqual({ ok: false, message: 'Could not follow this upload right now. Please try again.', retryInMs: 1000 });
      expect(await refusalOf(baseUrl, { cookie: cookieOf(admin) })).toEqual({ message: 'Live updates are busy. Connecting again shortly.', data: { code: 'TRY_AGAIN' } });
      release();
      await holding;
      expect(await underWay).toMatchObject({ ok: true });
      expect(await refused.join(upload)).toMatchObject({ ok: true });
    });
  });
});
