import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '@/server/app';
import { hashPassword } from '@/server/auth/password';
import { loadConfig } from '@/server/config';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';
import { clients, companies, type Role, requiredDocuments, uploadFiles, uploads, users } from '@/server/db/schema';
import { openFanoutPool, workerPublisher, type WorkerPublisher } from '@/server/realtime/postgresFanout';
import type { ProcessingUpdate } from '@/server/realtime/processingUpdates';
import { Agent } from '../../helpers/buildTestApp';
import { type TemporaryPostgresDatabase, temporaryPostgresDatabase } from '../../../scripts/temporaryPostgresDatabase';
import { connect, cookieOf, disconnected, type TestSocket } from './socketClient';

/**
 * Two API processes and a worker process on one PostgreSQL database, as the scaled-out mode runs
 * them: two apps built by the product's own buildApp (each with its own database pool and
 * socket.io server, as two processes have) and the publisher a `worker` process uses. Browsers'
 * sockets are all connected to API process B; updates are published by API process A and by the
 * worker, and reach them through PostgreSQL. Separate servers cannot share the embedded database,
 * so this runs wherever TEST_DATABASE_URL names a PostgreSQL server (jest.config.cjs leaves it out
 * of the embedded pass).
 */
const silentLog = { warn: () => undefined };

jest.setTimeout(60_000);

interface ApiProcess {
  app: FastifyInstance;
  database: DatabaseHandle;
  baseUrl: string;
}

describe('realtime across processes on PostgreSQL', () => {
  let temporary: TemporaryPostgresDatabase;
  let databaseUrl: string;
  let dataDir: string;
  let a: ApiProcess;
  let b: ApiProcess;
  let workerPool: pg.Pool;
  let worker: WorkerPublisher;
  let acmeId: string;
  const people = {} as Record<'sam' | 'priya' | 'admin' | 'globexAdmin', { id: string; agent: Agent }>;
  const open: TestSocket[] = [];

  async function startApi(): Promise<ApiProcess> {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(48), DATABASE_URL: databaseUrl });
    const database = await openDatabase({ databaseUrl, poolSize: 4 });
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, database, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  }

  async function person(role: Role, companyId: string): Promise<{ id: string; agent: Agent }> {
    const email = `${randomUUID().slice(0, 8)}@example.com`;
    const [row] = await a.database.db
      .insert(users)
      .values({ role, companyId, name: `${role} ${email}`, email, passwordHash: await hashPassword('secret-pass') })
      .returning({ id: users.id });
    // Signed in at process A; the session lives in the shared database, so process B accepts it.
    const agent = new Agent(a.app);
    const response = await agent.post(`/api/auth/${role.toLowerCase()}`, { email, password: 'secret-pass' });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    return { id: row.id, agent };
  }

  /** An upload of a new Acme client assigned to Sam. */
  async function addUpload(): Promise<{ id: string; jobId: string; clientId: string }> {
    const { db } = a.database;
    const [client] = await db.insert(clients).values({ companyId: acmeId, name: `Client ${randomUUID().slice(0, 6)}`, assignedStaffId: people.sam.id }).returning();
    const [document] = await db.insert(requiredDocuments).values({ clientId: client.id, title: 'Weekly Payroll' }).returning();
    const [row] = await db
      .insert(uploads)
      .values({ companyId: acmeId, clientId: client.id, requiredDocumentId: document.id, uploadedById: people.sam.id, uploadedByName: 'Sam', weekStart: '2025-09-08', jobId: randomUUID() })
      .returning();
    return { id: row.id, jobId: row.jobId as string, clientId: client.id };
  }

  /** A browser's socket on API process B. */
  async function socketOnB(who: keyof typeof people): Promise<TestSocket> {
    return socketOn(b, who);
  }

  async function socketOn(api: ApiProcess, who: keyof typeof people): Promise<TestSocket> {
    const socket = await connect(api.baseUrl, { cookie: cookieOf(people[who].agent) });
    open.push(socket);
    return socket;
  }

  function update(upload: { id: string; jobId: string }, message: string): ProcessingUpdate {
    return { processingId: upload.id, jobId: upload.jobId, status: 'CONSOLIDATING', message, error: null };
  }

  async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const messagesOf = (socket: TestSocket) => socket.updates.map((received) => received.message);

  beforeAll(async () => {
    temporary = await temporaryPostgresDatabase('payroll_realtime');
    databaseUrl = temporary.url;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'realtime-processes-'));

    const migrator = await openDatabase({ databaseUrl, poolSize: 1 });
    await migrator.migrate();
    await migrator.close();
    [a, b] = await Promise.all([startApi(), startApi()]);
    workerPool = await openFanoutPool(databaseUrl, silentLog);
    worker = workerPublisher(workerPool, silentLog);

    const [acme] = await a.database.db.insert(companies).values({ name: 'Acme Payroll' }).returning();
    const [globex] = await a.database.db.insert(companies).values({ name: 'Globex' }).returning();
    acmeId = acme.id;
    people.sam = await person('STAFF', acme.id);
    people.priya = await person('STAFF', acme.id);
    people.admin = await person('ADMIN', acme.id);
    people.globexAdmin = await person('ADMIN', globex.id);
  });

  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });

  afterAll(async () => {
    for (const api of [a, b]) {
      await api?.app.close();
      await api?.database.close();
    }
    await worker?.close();
    await workerPool?.end();
    await temporary?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Process A counts the sockets of B in the room: both adapters are listening from then on. */
  async function seenFromA(room: string, count: number): Promise<void> {
    await until(async () => (await a.app.realtime.io.in(room).fetchSockets()).length === count, `process A to see ${count} socket(s) in ${room}`);
  }

  it('delivers an update published by another API process, and by a worker process, to a socket that joined the upload on B', async () => {
    const upload = await addUpload();
    const sam = await socketOnB('sam');
    const priya = await socketOnB('priya');
    // Joining is decided by process B against the database, as before: Priya is not assigned the client.
    expect(await sam.join(upload.id)).toMatchObject({ ok: true });
    expect(await priya.join(upload.id)).toEqual({ ok: false, message: "This upload was not found or you don't have access to it." });
    await seenFromA(upload.id, 1);

    a.app.ctx.publisher.publish(update(upload, 'from API process A'));
    await until(() => sam.updates.length === 1, 'the update from process A');
    worker.publish(update(upload, 'from the worker'));
    await until(() => sam.updates.length === 2, 'the update from the worker');

    expect(sam.updates).toEqual([update(upload, 'from API process A'), update(upload, 'from the worker')]);
    // Both updates have been handled by B by now; whatever B sent Priya has arrived by the end of a round trip.
    await priya.settle();
    expect(priya.updates).toEqual([]);
  });

  it('delivers the updates a worker publishes together in order, sent to the other processes as one message', async () => {
    const upload = await addUpload();
    const sam = await socketOnB('sam');
    const priya = await socketOnB('priya');
    expect(await sam.join(upload.id)).toMatchObject({ ok: true });
    await seenFromA(upload.id, 1);

    const query = jest.spyOn(workerPool, 'query');
    const steps = ['Consolidation complete', 'Scrubbing', 'Processing complete'].map((message) => update(upload, message));
    worker.publishAll!(steps);
    await until(() => sam.updates.length === 3, 'the updates from the worker');
    const notices = query.mock.calls.filter(([text]) => typeof text === 'string' && text.includes('pg_notify'));
    query.mockRestore();

    expect(sam.updates).toEqual(steps);
    expect(notices).toHaveLength(1);
    await priya.settle();
    expect(priya.updates).toEqual([]);
  });

  it("reaches a user's own sockets and the company admins' sockets on another process, once each and nobody else's", async () => {
    const upload = await addUpload();
    const sam = await socketOnB('sam');
    const priya = await socketOnB('priya');
    const admin = await socketOnB('admin');
    const globexAdmin = await socketOnB('globexAdmin');
    // Sam also follows the upload itself: a socket in several of the update's rooms receives it once.
    expect(await sam.join(`job-${upload.jobId}`)).toMatchObject({ ok: true });
    await seenFromA(`user:${people.sam.id}`, 1);
    await seenFromA(`company-admins:${acmeId}`, 1);

    const audience = { users: [people.sam.id], companyAdmins: acmeId };
    a.app.ctx.publisher.publish(update(upload, 'queued, told by A'), audience);
    await until(() => sam.updates.length === 1 && admin.updates.length === 1, 'the update from process A');
    worker.publish(update(upload, 'queued, told by the worker'), audience);
    await until(() => sam.updates.length === 2 && admin.updates.length === 2, 'the update from the worker');

    for (const socket of [sam, admin]) expect(messagesOf(socket)).toEqual(['queued, told by A', 'queued, told by the worker']);
    for (const socket of [sam, admin, priya, globexAdmin]) await socket.settle();
    expect(sam.updates).toHaveLength(2);
    expect(admin.updates).toHaveLength(2);
    expect(priya.updates).toEqual([]);
    expect(globexAdmin.updates).toEqual([]);
  });

  it("tells an admin's decision made on A to the assigned staff member's and the admins' sockets on B, and nobody else's", async () => {
    const upload = await addUpload();
    await a.database.db.update(uploads).set({ status: 'SCRUBBED' }).where(eq(uploads.id, upload.id));
    // The note is on the raw file, which the upload must have.
    await a.database.db.insert(uploadFiles).values({ uploadId: upload.id, kind: 'raw', filename: 'week.xlsx', storageKey: randomUUID(), sizeBytes: 1, checksum: 'x' });
    const sam = await socketOnB('sam');
    const admin = await socketOnB('admin');
    const priya = await socketOnB('priya');
    const globexAdmin = await socketOnB('globexAdmin');
    await seenFromA(`user:${people.sam.id}`, 1);
    await seenFromA(`company-admins:${acmeId}`, 1);

    const response = await people.admin.agent.post(`/api/company/weekly-documents/${upload.id}/review`, { approval_status: 'REJECTED', raw_notes: 'Week ending date missing' });
    expect(response.statusCode).toBe(200);
    await until(() => sam.reviews.length === 1 && admin.reviews.length === 1, 'the decision made on process A');

    for (const socket of [sam, admin]) {
      expect(socket.reviews).toEqual([expect.objectContaining({ uploadId: upload.id, clientId: upload.clientId, decision: 'REJECTED', reason: 'Week ending date missing' })]);
    }
    for (const socket of [priya, globexAdmin]) await socket.settle();
    expect(priya.reviews).toEqual([]);
    expect(globexAdmin.reviews).toEqual([]);
  });

  it('takes sockets on B out of a reassigned client\'s rooms before the reassignment made on A answers', async () => {
    const upload = await addUpload();
    const sam = await socketOnB('sam');
    const admin = await socketOnB('admin');
    expect(await sam.join(upload.id)).toMatchObject({ ok: true });
    expect(await admin.join(upload.id)).toMatchObject({ ok: true });
    await seenFromA(upload.id, 2);

    const reassigned = await people.admin.agent.put(`/api/client/${upload.clientId}`, { assigned_staff_id: people.priya.id });
    expect(reassigned.statusCode).toBe(200);
    a.app.ctx.publisher.publish(update(upload, 'after the reassignment, from A'));
    worker.publish(update(upload, 'after the reassignment, from the worker'));
    await until(() => admin.updates.length === 2, 'both updates at the admin');
    await sam.settle();
    expect(sam.updates).toEqual([]);
    expect(sam.socket.connected).toBe(true);
  });

  it("closes a session's oldest socket on B when a new one past the limit opens on A, telling it why", async () => {
    const onB = [];
    for (let i = 0; i < 5; i += 1) onB.push(await socketOnB('priya'));
    await seenFromA(`user:${people.priya.id}`, 5);
    const closed = disconnected(onB[0]);
    const onA = await socketOn(a, 'priya');
    expect(await closed).toBe('io server disconnect');
    expect(onB[0].notices).toEqual([
      {
        code: 'TOO_MANY_SOCKETS',
        message: 'Live updates stopped on this page because the app is open in too many tabs or windows. Close the ones you do not need, then reload this page to follow again.',
        reconnect: false,
      },
    ]);
    for (const socket of [...onB.slice(1), onA]) {
      await socket.settle();
      expect(socket.socket.connected).toBe(true);
    }
  });
});
