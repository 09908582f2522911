import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '@/server/db/client';
import { clients, companies, requiredDocuments, uploads, users } from '@/server/db/schema';
import { uploadStillExists } from '@/server/jobs/uploadJobs';
import { silentPublisher } from '@/server/realtime/processingUpdates';
import { deleteClient } from '@/server/services/clients/clientDeletion';
import { LocalFileStorage } from '@/server/storage/localFileStorage';
import { freshDatabase } from '../../helpers/testDatabase';

describe('a processing job whose upload may be gone', () => {
  let database: DatabaseHandle;
  let storageDir: string;

  beforeAll(async () => {
    database = await freshDatabase();
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'upload-jobs-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  async function queuedUpload() {
    const { db } = database;
    const [company] = await db.insert(companies).values({ name: 'Queue Co' }).returning();
    const [staff] = await db.insert(users).values({ role: 'STAFF', companyId: company.id, name: 'Sam', email: `${randomUUID()}@example.com`, passwordHash: 'x' }).returning();
    const [client] = await db.insert(clients).values({ companyId: company.id, name: 'Queued Client', assignedStaffId: staff.id }).returning();
    const [document] = await db.insert(requiredDocuments).values({ clientId: client.id, title: 'Weekly Payroll' }).returning();
    const [upload] = await db
      .insert(uploads)
      .values({ companyId: company.id, clientId: client.id, requiredDocumentId: document.id, uploadedByName: 'Sam', weekStart: '2025-09-08', jobId: randomUUID() })
      .returning();
    return { companyId: company.id, clientId: client.id, uploadId: upload.id };
  }

  it('finds an upload that is still there', async () => {
    const { uploadId } = await queuedUpload();
    expect(await uploadStillExists(database.db, uploadId)).toBe(true);
  });

  it("finds nothing once the upload's client has been deleted, so the job can end quietly", async () => {
    const { companyId, clientId, uploadId } = await queuedUpload();
    const log = { warn: jest.fn() };
    await deleteClient({ db: database.db, storage: new LocalFileStorage(storageDir), publisher: silentPublisher }, companyId, clientId, { actor: { id: randomUUID(), role: 'ADMIN' } }, log);
    expect(await uploadStillExists(database.db, uploadId)).toBe(false);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('finds nothing for an id that never existed', async () => {
    expect(await uploadStillExists(database.db, randomUUID())).toBe(false);
  });
});
