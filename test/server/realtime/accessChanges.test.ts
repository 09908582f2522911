import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { requiredDocuments, uploads, users } from '@/server/db/schema';
import type { ProcessingUpdate } from '@/server/realtime/processingUpdates';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { connect, cookieOf, disconnected, listen, nextUpdate, type TestSocket } from './socketClient';

const REFUSED = { ok: false, message: "This upload was not found or you don't have access to it." };
const ACCESS_CHANGED = { code: 'ACCESS_CHANGED', message: 'Your access has changed. Live updates are reconnecting.', reconnect: true };
const SESSION_ENDED = { code: 'SESSION_ENDED', message: 'Your session has ended. Please sign in again.', reconnect: true };

jest.setTimeout(60_000);

/**
 * Room membership follows access: the moment a change commits, sockets that may no longer follow an
 * upload leave its rooms (or close, when their user or session is gone), so an update published after
 * it does not reach them, without waiting for the periodic session check.
 */
describe('realtime: room membership follows access', () => {
  let t: TestApp;
  let baseUrl: string;
  let system: Agent;
  const open: TestSocket[] = [];

  interface Person {
    id: string;
    agent: Agent;
  }

  async function person(role: 'ADMIN' | 'STAFF', companyId: string): Promise<Person> {
    const account = await t.createUser(role, { companyId });
    return { id: account.id, agent: await t.signIn(role, account.email, account.password) };
  }

  async function company(): Promise<{ id: string; admin: Person; sam: Person; priya: Person }> {
    const id = await t.createCompany();
    return { id, admin: await person('ADMIN', id), sam: await person('STAFF', id), priya: await person('STAFF', id) };
  }

  async function socketOf(who: Person): Promise<TestSocket> {
    const socket = await connect(baseUrl, { cookie: cookieOf(who.agent) });
    open.push(socket);
    return socket;
  }

  /** A client assigned to a staff member, created by the admin, and one upload row of it. */
  async function clientWithUpload(admin: Person, companyId: string, staffId: string) {
    const created = await admin.agent.post('/api/client', { name: `Client ${randomUUID().slice(0, 6)}`, assigned_staff_id: staffId });
    const clientId: string = created.json().data.client.id;
    const { db } = t.app.ctx;
    const [document] = await db.select().from(requiredDocuments).where(eq(requiredDocuments.clientId, clientId));
    const [row] = await db
      .insert(uploads)
      .values({ companyId, clientId, requiredDocumentId: document.id, uploadedById: staffId, uploadedByName: 'Uploader', weekStart: '2025-09-08', jobId: randomUUID() })
      .returning();
    return { clientId, upload: { id: row.id, jobId: row.jobId as string } };
  }

  function progress(upload: { id: string; jobId: string }, message: string): ProcessingUpdate {
    return { processingId: upload.id, jobId: upload.jobId, status: 'CONSOLIDATING', message, error: null };
  }

  async function receivedNothing(...sockets: TestSocket[]): Promise<void> {
    for (const socket of sockets) {
      await socket.settle();
      expect(socket.updates).toEqual([]);
    }
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const account = await t.createUser('SYSTEM');
    system = await t.signIn('SYSTEM', account.email, account.password);
    baseUrl = await listen(t);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  it("stops a reassigned client's uploads reaching the staff member it was taken from, while its admins keep following them", async () => {
    const acme = await company();
    const { clientId, upload } = await clientWithUpload(acme.admin, acme.id, acme.sam.id);
    const [sam, admin, priya] = [await socketOf(acme.sam), await socketOf(acme.admin), await socketOf(acme.priya)];
    for (const room of [upload.id, `job-${upload.jobId}`]) {
      expect(await sam.join(room)).toMatchObject({ ok: true });
      expect(await admin.join(room)).toMatchObject({ ok: true });
    }

    expect((await acme.admin.agent.put(`/api/client/${clientId}`, { assigned_staff_id: acme.priya.id })).statusCode).toBe(200);
    const arriving = nextUpdate(admin);
    t.app.ctx.publisher.publish(progress(upload, 'after the reassignment'));
    expect((await arriving).message).toBe('after the reassignment');
    await receivedNothing(sam);
    // Sam's socket stays open (other clients of his still stream) and cannot join again; Priya now can.
    expect(sam.socket.connected).toBe(true);
    expect(await sam.join(upload.id)).toEqual(REFUSED);
    expect(await priya.join(upload.id)).toMatchObject({ ok: true });
  });

  it("stops a deleted client's uploads reaching everyone who followed them", async () => {
    const acme = await company();
    const { clientId, upload } = await clientWithUpload(acme.admin, acme.id, acme.sam.id);
    const [sam, admin] = [await socketOf(acme.sam), await socketOf(acme.admin)];
    expect(await sam.join(upload.id)).toMatchObject({ ok: true });
    expect(await admin.join(`job-${upload.jobId}`)).toMatchObject({ ok: true });

    expect((await acme.admin.agent.delete(`/api/client/${clientId}`)).statusCode).toBe(200);
    // A job still running for one of its uploads publishes once more.
    t.app.ctx.publisher.publish(progress(upload, 'after the deletion'));
    await receivedNothing(sam, admin);
  });

  it("closes a deleted staff member's sockets at once, telling them why", async () => {
    const acme = await company();
    const member = await person('STAFF', acme.id);
    const sockets = [await socketOf(member), await socketOf(member)];
    const closed = sockets.map((socket) => disconnected(socket));
    expect((await acme.admin.agent.delete(`/api/company/staff/${member.id}`)).statusCode).toBe(200);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const socket of sockets) expect(socket.notices).toEqual([ACCESS_CHANGED]);
  });

  it("closes a removed admin's sockets at once, so the company's news no longer reaches them", async () => {
    const acme = await company();
    const removed = await person('ADMIN', acme.id);
    const [leaving, staying] = [await socketOf(removed), await socketOf(acme.admin)];
    const closed = disconnected(leaving);
    expect((await system.delete(`/api/system/companies/${acme.id}/admins/${removed.id}`)).statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(leaving.notices).toEqual([ACCESS_CHANGED]);
    await staying.settle();
    expect(staying.socket.connected).toBe(true);
  });

  it("closes the sockets of a deleted company's members, and no other company's", async () => {
    const [doomed, other] = [await company(), await company()];
    const members = [await socketOf(doomed.admin), await socketOf(doomed.sam)];
    const outsider = await socketOf(other.admin);
    const closed = members.map((socket) => disconnected(socket));
    expect((await system.delete(`/api/system/companies/${doomed.id}`)).statusCode).toBe(200);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const socket of members) expect(socket.notices).toEqual([SESSION_ENDED]);
    await outsider.settle();
    expect(outsider.socket.connected).toBe(true);
  });

  it("closes the sockets of a user whose role changed; connecting again admits them as they are now", async () => {
    const acme = await company();
    const { upload } = await clientWithUpload(acme.admin, acme.id, acme.sam.id);
    const demoted = await person('ADMIN', acme.id);
    const before = await socketOf(demoted);
    expect(await before.join(upload.id)).toMatchObject({ ok: true });
    const closed = disconnected(before);
    await t.app.ctx.db.update(users).set({ role: 'STAFF' }).where(eq(users.id, demoted.id));
    await t.app.ctx.publisher.accessChanged({ userIds: [demoted.id] });
    expect(await closed).toBe('io server disconnect');
    expect(before.notices).toEqual([ACCESS_CHANGED]);

    const after = await socketOf(demoted);
    expect(await after.join(upload.id)).toEqual(REFUSED);
    // Not among the company's admins any more: a new upload's announcement passes them by.
    t.app.ctx.publisher.publish(progress(upload, 'announced to the admins'), { companyAdmins: acme.id });
    await receivedNothing(after);
  });
});
