import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@/server/context';
import { clients, requiredDocuments, sessions, uploads } from '@/server/db/schema';
import { AccessCheckQueue, type QUEUE_FULL } from '@/server/realtime/accessCheckQueue';
import { joinRoom } from '@/server/realtime/roomRequests';
import type { RealtimeSocket } from '@/server/realtime/socketEvents';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';

/**
 * A join whose database check read the assignment just before a reassignment committed, and whose
 * access change was applied before the join itself, must not join: the change already cleaned the
 * rooms, so a socket joining after it would keep the upload's updates. The check runs again.
 */
describe('joining a room while access changes', () => {
  let t: TestApp;
  let sam: SessionUser;
  let priyaId: string;
  let clientId: string;
  let uploadId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const { db } = t.app.ctx;
    const companyId = await t.createCompany();
    const samAccount = await t.createUser('STAFF', { companyId });
    priyaId = (await t.createUser('STAFF', { companyId })).id;
    await t.signIn('STAFF', samAccount.email, samAccount.password);
    const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, samAccount.id));
    sam = { id: samAccount.id, role: 'STAFF', companyId, sessionId: session.id, name: 'Sam', email: samAccount.email };
    const [client] = await db.insert(clients).values({ companyId, name: 'Client', assignedStaffId: sam.id }).returning();
    clientId = client.id;
    const [document] = await db.insert(requiredDocuments).values({ clientId, title: 'Weekly Payroll' }).returning();
    const [upload] = await db
      .insert(uploads)
      .values({ companyId, clientId, requiredDocumentId: document.id, uploadedById: sam.id, uploadedByName: 'Sam', weekStart: '2025-09-08', jobId: randomUUID() })
      .returning();
    uploadId = upload.id;
  });
  afterAll(() => t.close());

  it('checks again when an access change was applied during its check, and refuses as the new check says', async () => {
    let generation = 0;
    let checks = 0;
    const { db } = t.app.ctx;
    /** Commits the reassignment and applies its access change right after the first check has read. */
    class ReassignedDuringTheFirstCheck extends AccessCheckQueue {
      override async run<T>(check: () => Promise<T>): Promise<T | typeof QUEUE_FULL> {
        const result = await super.run(check);
        checks += 1;
        if (checks === 1) {
          await db.update(clients).set({ assignedStaffId: priyaId }).where(eq(clients.id, clientId));
          generation += 1;
        }
        return result;
      }
    }
    const joined: string[] = [];
    const socket = {
      connected: true,
      data: { user: sam, follows: {}, openedAt: 0 },
      join: async (room: string) => void joined.push(room),
      leave: async () => undefined,
    } as unknown as RealtimeSocket;
    const deps = { db, limits: { maxRoomsPerSocket: 10 }, checks: new ReassignedDuringTheFirstCheck(2, 10), accessGeneration: () => generation, log: { error: jest.fn() } };

    const outcome = await joinRoom(deps, socket, uploadId);
    expect(outcome).toEqual({ answer: { ok: false, message: "This upload was not found or you don't have access to it." } });
    expect(checks).toBe(2);
    expect(joined).toEqual([]);
    expect(socket.data.follows).toEqual({});
  });
});
