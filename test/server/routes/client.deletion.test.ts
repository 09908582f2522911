import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, clients, requiredDocuments, uploadFiles, uploads } from '@/server/db/schema';
import { StoredObjectNotFound } from '@/server/storage/fileStorage';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';

const CLIENT_NOT_FOUND = { success: false, message: "Client not found or you don't have access to this client.", error: 'NOT_FOUND' };
const csv = Buffer.from('Employee,Hours\nAda,40\n');

interface OwnedByClient {
  clientId: string;
  documentId: string;
  uploadIds: string[];
  storageKeys: string[];
}

describe('deleting a client', () => {
  let t: TestApp;
  let db: TestApp['app']['ctx']['db'];
  let acmeId: string;
  let admin: Agent;
  let staff: Agent;
  let globexAdmin: Agent;
  let staffId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    acmeId = await t.createCompany('Acme Payroll');
    const globexId = await t.createCompany('Globex');
    const accounts = {
      admin: await t.createUser('ADMIN', { companyId: acmeId }),
      staff: await t.createUser('STAFF', { companyId: acmeId }),
      globexAdmin: await t.createUser('ADMIN', { companyId: globexId }),
    };
    staffId = accounts.staff.id;
    admin = await t.signIn('ADMIN', accounts.admin.email, accounts.admin.password);
    staff = await t.signIn('STAFF', accounts.staff.email, accounts.staff.password);
    globexAdmin = await t.signIn('ADMIN', accounts.globexAdmin.email, accounts.globexAdmin.password);
  });
  afterAll(() => t.close());

  /** A client with two weeks of uploads and all three file versions of each, written through the app's storage. */
  async function clientWithUploads(name: string): Promise<OwnedByClient> {
    const created = await admin.post('/api/client', { name, assigned_staff_id: staffId });
    expect(created.statusCode).toBe(201);
    const clientId = created.json().data.client.id as string;
    const [document] = await db.select().from(requiredDocuments).where(eq(requiredDocuments.clientId, clientId));
    const uploadRows = await db
      .insert(uploads)
      .values(
        ['2025-09-08', '2025-09-15'].map((weekStart) => ({
          companyId: acmeId,
          clientId,
          requiredDocumentId: document.id,
          uploadedById: staffId,
          uploadedByName: 'Uploader',
          weekStart,
          status: 'SCRUBBED' as const,
        })),
      )
      .returning();
    const storageKeys: string[] = [];
    for (const upload of uploadRows) {
      for (const kind of ['raw', 'consolidated', 'scrubbed'] as const) {
        const stored = await t.app.ctx.storage.put(Readable.from([csv]));
        storageKeys.push(stored.key);
        await db.insert(uploadFiles).values({ uploadId: upload.id, kind, filename: `${kind}.xlsx`, storageKey: stored.key, sizeBytes: stored.size, checksum: stored.sha256 });
      }
    }
    return { clientId, documentId: document.id, uploadIds: uploadRows.map((row) => row.id), storageKeys };
  }

  async function isStored(key: string): Promise<boolean> {
    try {
      await t.app.ctx.storage.stat(key);
      return true;
    } catch (error) {
      if (error instanceof StoredObjectNotFound) return false;
      throw error;
    }
  }

  async function rowsLeft(owned: OwnedByClient) {
    return {
      clients: (await db.select().from(clients).where(eq(clients.id, owned.clientId))).length,
      requiredDocuments: (await db.select().from(requiredDocuments).where(eq(requiredDocuments.id, owned.documentId))).length,
      uploads: (await db.select().from(uploads).where(inArray(uploads.id, owned.uploadIds))).length,
      uploadFiles: (await db.select().from(uploadFiles).where(inArray(uploadFiles.uploadId, owned.uploadIds))).length,
    };
  }

  const WHOLE = { clients: 1, requiredDocuments: 1, uploads: 2, uploadFiles: 6 };
  const GONE = { clients: 0, requiredDocuments: 0, uploads: 0, uploadFiles: 0 };

  it('removes the client, its document, uploads, file rows and stored files, and leaves other clients whole', async () => {
    const doomed = await clientWithUploads('Doomed Diner');
    const survivor = await clientWithUploads('Surviving Salon');
    expect(await rowsLeft(doomed)).toEqual(WHOLE);

    const response = await admin.delete(`/api/client/${doomed.clientId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Client deleted successfully' });

    expect(await rowsLeft(doomed)).toEqual(GONE);
    for (const key of doomed.storageKeys) expect(await isStored(key)).toBe(false);
    expect(await rowsLeft(survivor)).toEqual(WHOLE);
    for (const key of survivor.storageKeys) expect(await isStored(key)).toBe(true);
    expect((await staff.get(`/api/staff/clients/${doomed.clientId}`)).json()).toEqual(CLIENT_NOT_FOUND);
    expect((await admin.get('/api/client')).json().data.clients.map((client: { name: string }) => client.name)).toEqual(['Surviving Salon']);
  });

  it('writes an audit row with what went with the client, then answers 404 for it', async () => {
    const doomed = await clientWithUploads('Audited Auto');
    expect((await admin.delete(`/api/client/${doomed.clientId}`)).statusCode).toBe(200);
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.action, 'client.delete'), eq(auditLog.entityId, doomed.clientId)));
    expect(audit).toEqual([expect.objectContaining({ companyId: acmeId, actorRole: 'ADMIN', details: { name: 'Audited Auto', uploads: 2, files: 6 } })]);
    expect((await admin.delete(`/api/client/${doomed.clientId}`)).json()).toEqual(CLIENT_NOT_FOUND);
  });

  it("answers another company's client exactly like a missing one and deletes nothing", async () => {
    const kept = await clientWithUploads('Guarded Garage');
    const foreign = await globexAdmin.delete(`/api/client/${kept.clientId}`);
    const missing = await globexAdmin.delete(`/api/client/${randomUUID()}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(CLIENT_NOT_FOUND);
    expect(missing.json()).toEqual(foreign.json());
    expect(await rowsLeft(kept)).toEqual(WHOLE);
    for (const key of kept.storageKeys) expect(await isStored(key)).toBe(true);
  });

  it('still deletes the client when a stored file cannot be removed', async () => {
    const doomed = await clientWithUploads('Stubborn Stationers');
    const storage = t.app.ctx.storage;
    const original = storage.delete.bind(storage);
    const failing = jest.spyOn(storage, 'delete').mockRejectedValue(new Error('disk unavailable'));
    try {
      expect((await admin.delete(`/api/client/${doomed.clientId}`)).statusCode).toBe(200);
      expect(failing).toHaveBeenCalledTimes(6);
    } finally {
      failing.mockRestore();
    }
    expect(await rowsLeft(doomed)).toEqual(GONE);
    for (const key of doomed.storageKeys) await original(key);
  });

  it('keeps every row and file when the deletion fails part-way', async () => {
    const kept = await clientWithUploads('Rollback Roofing');
    // The audit row is written in the same transaction, after the delete: make it fail.
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
      expect((await admin.delete(`/api/client/${kept.clientId}`)).statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await rowsLeft(kept)).toEqual(WHOLE);
    for (const key of kept.storageKeys) expect(await isStored(key)).toBe(true);
  });
});
