import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { clients, requiredDocuments, uploadFiles, uploads } from '@/server/db/schema';
import type { Agent, TestApp } from '../../helpers/buildTestApp';

export const MB = 1024 * 1024;

export interface TestClient {
  id: string;
  name: string;
  companyId: string;
  documentId: string;
  documentCreatedAt: string;
}

/**
 * Clients made through the admin API (each with its required document), and upload rows written
 * straight into the database: the upload endpoint is built and tested on its own, and these reads
 * must not depend on it.
 */
export function weeklyFixtures(t: TestApp) {
  const db = t.app.ctx.db;
  return {
    async client(admin: Agent, name: string, staffId: string, status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE'): Promise<TestClient> {
      const response = await admin.post('/api/client', { name, assigned_staff_id: staffId, status });
      if (response.statusCode !== 201) throw new Error(`client not created: ${response.body}`);
      const { id } = response.json().data.client as { id: string };
      const [document] = await db.select().from(requiredDocuments).where(eq(requiredDocuments.clientId, id));
      const [{ companyId }] = await db.select({ companyId: clients.companyId }).from(clients).where(eq(clients.id, id));
      return { id, name, companyId, documentId: document.id, documentCreatedAt: document.createdAt.toISOString() };
    },

    async upload(
      client: TestClient,
      uploader: { id: string; name: string },
      weekStart: string,
      createdAt: string,
      fields: Partial<typeof uploads.$inferInsert> = {},
    ): Promise<string> {
      const [row] = await db
        .insert(uploads)
        .values({
          companyId: client.companyId,
          clientId: client.id,
          requiredDocumentId: client.documentId,
          uploadedById: uploader.id,
          uploadedByName: uploader.name,
          weekStart,
          jobId: randomUUID(),
          createdAt: new Date(createdAt),
          ...fields,
        })
        .returning({ id: uploads.id });
      return row.id;
    },

    async file(uploadId: string, kind: 'raw' | 'consolidated' | 'scrubbed', sizeBytes: number, notes: string | null = null): Promise<string> {
      const filename = `${kind}-${uploadId.slice(0, 8)}.xlsx`;
      await db.insert(uploadFiles).values({ uploadId, kind, filename, storageKey: randomUUID(), sizeBytes, checksum: 'x', notes });
      return filename;
    },
  };
}
