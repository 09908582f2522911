import { Readable } from 'node:stream';
import { eq, getTableName, inArray, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '@/server/db/schema';
import { auditLog, clients, requiredDocuments, sessions, uploadFiles, uploads } from '@/server/db/schema';
import { StoredObjectNotFound } from '@/server/storage/fileStorage';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';

jest.setTimeout(60_000);

const csv = Buffer.from('Employee,Hours\nAda,40\n');

interface Tenant {
  companyId: string;
  admin: { id: string; email: string; password: string };
  staff: { id: string; email: string; password: string };
  adminSession: Agent;
  staffSession: Agent;
  /** Every id of a row this company owns, in any table. */
  ids: Set<string>;
  storageKeys: string[];
}

/** A company with one of everything: people signed in, a client with an upload, files, a ticket thread. */
async function populate(t: TestApp, system: Agent, name: string): Promise<Tenant> {
  const { db, storage } = t.app.ctx;
  const companyId = (await system.post('/api/system/companies', { name })).json().data.company.id as string;
  const admin = await t.createUser('ADMIN', { companyId });
  const staff = await t.createUser('STAFF', { companyId });
  const adminSession = await t.signIn('ADMIN', admin.email, admin.password);
  const staffSession = await t.signIn('STAFF', staff.email, staff.password);
  const [client] = await db.insert(clients).values({ companyId, name: `${name} client`, assignedStaffId: staff.id }).returning();
  const [document] = await db.insert(requiredDocuments).values({ clientId: client.id, title: `${client.name} Weekly Document` }).returning();
  const [upload] = await db
    .insert(uploads)
    .values({ companyId, clientId: client.id, requiredDocumentId: document.id, uploadedById: staff.id, uploadedByName: 'Staff', weekStart: '2025-09-08' })
    .returning();
  const raw = await storage.put(Readable.from([csv]));
  const consolidated = await storage.put(Readable.from([csv]));
  const fileRows = await db
    .insert(uploadFiles)
    .values([
      { uploadId: upload.id, kind: 'raw', filename: 'raw.csv', storageKey: raw.key, sizeBytes: raw.size, checksum: raw.sha256 },
      { uploadId: upload.id, kind: 'consolidated', filename: 'consolidated.xlsx', storageKey: consolidated.key, sizeBytes: consolidated.size, checksum: consolidated.sha256 },
    ])
    .returning();
  const { payload, headers } = csvForm();
  const operatorFile = (await system.post(`/api/system/consolidated-files/${companyId}`, payload, headers)).json().data.file;
  const ticket = (await adminSession.post('/api/ticket', { title: 'Help', description: 'Please' })).json().data.ticket;
  const staffTicket = (await staffSession.post('/api/ticket', { title: 'Me too', description: 'Also' })).json().data.ticket;
  const answer = (await system.post(`/api/ticket/${ticket.id}/comment`, { comment: 'On it' })).json().data.comment;
  const followUp = (await adminSession.post(`/api/ticket/${ticket.id}/comment`, { comment: 'Thanks' })).json().data.comment;
  const sessionRows = await db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.userId, [admin.id, staff.id]));
  const ids = new Set<string>([
    companyId,
    admin.id,
    staff.id,
    client.id,
    document.id,
    upload.id,
    ...fileRows.map((row) => row.id),
    operatorFile.id,
    ticket.id,
    staffTicket.id,
    answer.id,
    followUp.id,
    ...sessionRows.map((row) => row.id),
  ]);
  return { companyId, admin, staff, adminSession, staffSession, ids, storageKeys: [raw.key, consolidated.key, operatorFile.drive_file_id] };
}

function csvForm() {
  const boundary = '----companyDeletionBoundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payroll.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    csv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every table of the data model, except the audit log, which keeps history on purpose. */
const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable) && value !== auditLog);

async function rowsMentioning(t: TestApp, ids: Set<string>): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const table of tables) {
    const rows = (await t.app.ctx.db.select().from(table)) as Record<string, unknown>[];
    const hits = rows.filter((row) => Object.values(row).some((value) => typeof value === 'string' && ids.has(value)));
    if (hits.length > 0) found[getTableName(table)] = hits.length;
  }
  return found;
}

async function stillStored(t: TestApp, key: string): Promise<boolean> {
  try {
    await t.app.ctx.storage.stat(key);
    return true;
  } catch (error) {
    if (error instanceof StoredObjectNotFound) return false;
    throw error;
  }
}

describe('deleting a company', () => {
  let t: TestApp;
  let system: Agent;

  beforeAll(async () => {
    t = await buildTestApp();
    const operator = await t.createUser('SYSTEM');
    system = await t.signIn('SYSTEM', operator.email, operator.password);
  });
  afterAll(() => t.close());

  it('leaves no row of it in any table, removes its stored files, and leaves other companies whole', async () => {
    const doomed = await populate(t, system, 'Doomed Ltd');
    const survivor = await populate(t, system, 'Survivor plc');
    expect(Object.keys(await rowsMentioning(t, doomed.ids)).sort()).toEqual(
      [
        'clients',
        'companies',
        'company_storage',
        'consolidated_files',
        'refresh_tokens',
        'required_documents',
        'review_sheets',
        'sessions',
        'ticket_comments',
        'tickets',
        'upload_files',
        'uploads',
        'users',
      ].sort(),
    );

    const response = await system.delete(`/api/system/companies/${doomed.companyId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Doomed Ltd has been deleted' });

    expect(await rowsMentioning(t, doomed.ids)).toEqual({});
    for (const key of doomed.storageKeys) expect(await stillStored(t, key)).toBe(false);

    const survivorRows = await rowsMentioning(t, survivor.ids);
    expect(Object.keys(survivorRows)).toContain('companies');
    expect(survivorRows).toMatchObject({ users: 2, clients: 1, uploads: 1, upload_files: 2, consolidated_files: 1, tickets: 2 });
    for (const key of survivor.storageKeys) expect(await stillStored(t, key)).toBe(true);
    expect((await survivor.adminSession.get('/api/auth/me')).statusCode).toBe(200);
    expect((await system.get(`/api/system/companies/${survivor.companyId}`)).json().data.company).toMatchObject({ staff_count: 1, active_clients: 1 });
  });

  it("ends its users' sessions and refuses their sign-in", async () => {
    const doomed = await populate(t, system, 'Closing Co');
    expect((await doomed.adminSession.get('/api/auth/me')).statusCode).toBe(200);
    expect((await doomed.staffSession.get('/api/ticket')).statusCode).toBe(200);

    expect((await system.delete(`/api/system/companies/${doomed.companyId}`)).statusCode).toBe(200);

    for (const session of [doomed.adminSession, doomed.staffSession]) {
      const me = await session.get('/api/auth/me');
      expect(me.statusCode).toBe(401);
      expect(me.json()).toMatchObject({ success: false, error: 'SESSION_ENDED' });
      expect((await session.post('/api/auth/refresh')).statusCode).toBe(401);
    }
    const adminLogin = await t.agent().post('/api/auth/admin', { email: doomed.admin.email, password: doomed.admin.password });
    const staffLogin = await t.agent().post('/api/auth/staff', { email: doomed.staff.email, password: doomed.staff.password });
    expect(adminLogin.statusCode).toBe(401);
    expect(staffLogin.statusCode).toBe(401);
    expect(adminLogin.json()).toEqual({ success: false, message: 'Invalid email or password', error: 'INVALID_CREDENTIALS' });
  });

  it('keeps an audit row of the deletion, with what went with it', async () => {
    const doomed = await populate(t, system, 'Audited Co');
    await system.delete(`/api/system/companies/${doomed.companyId}`);
    const rows = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, doomed.companyId));
    const deletion = rows.find((row) => row.action === 'company.delete');
    expect(deletion).toMatchObject({
      companyId: doomed.companyId,
      actorRole: 'SYSTEM',
      entityType: 'company',
      details: { name: 'Audited Co', users: 2, clients: 1, uploads: 1, tickets: 2, files: 3 },
    });
    expect((await system.get(`/api/system/companies/${doomed.companyId}`)).statusCode).toBe(404);
    expect((await system.delete(`/api/system/companies/${doomed.companyId}`)).statusCode).toBe(404);
  });

  it('still deletes the company when a stored file cannot be removed', async () => {
    const doomed = await populate(t, system, 'Stubborn Files Co');
    const storage = t.app.ctx.storage;
    const original = storage.delete.bind(storage);
    const failing = jest.spyOn(storage, 'delete').mockRejectedValue(new Error('disk unavailable'));
    try {
      const response = await system.delete(`/api/system/companies/${doomed.companyId}`);
      expect(response.statusCode).toBe(200);
      expect(failing).toHaveBeenCalledTimes(3);
    } finally {
      failing.mockRestore();
    }
    expect(await rowsMentioning(t, doomed.ids)).toEqual({});
    for (const key of doomed.storageKeys) await original(key);
  });

  it('rolls back completely when the deletion fails part-way', async () => {
    const doomed = await populate(t, system, 'Rollback Co');
    const before = await rowsMentioning(t, doomed.ids);
    // The audit row is written in the same transaction, after the delete: make it fail.
    const { db } = t.app.ctx;
    const transaction = db.transaction.bind(db);
    const spy = jest.spyOn(db, 'transaction').mockImplementationOnce((work, config) =>
      transaction(async (tx) => {
        const insert = tx.insert.bind(tx);
        jest.spyOn(tx, 'insert').mockImplementation((table) => {
          if (table === auditLog) throw new Error('audit store unavailable');
          return insert(table);
        });
        return work(tx);
      }, config),
    );
    try {
      const response = await system.delete(`/api/system/companies/${doomed.companyId}`);
      expect(response.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await rowsMentioning(t, doomed.ids)).toEqual(before);
    for (const key of doomed.storageKeys) expect(await stillStored(t, key)).toBe(true);
    expect((await doomed.adminSession.get('/api/auth/me')).statusCode).toBe(200);
  });
});
