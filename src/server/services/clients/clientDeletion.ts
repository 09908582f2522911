import { and, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { clients, uploadFiles, uploads } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit';
import { CLIENT_NOT_FOUND } from './clients';
import type { ChangeAuthor } from '../companies/companies';
import { removeStoredFiles, type WarningLog } from '../uploads/storedFiles';

/**
 * Deletes a client of the company and everything it owns in one transaction: its required document,
 * every upload and their file rows (the foreign keys cascade), with the audit row. The client's row
 * is locked first, so an upload being stored for it at the same moment either commits before (and
 * its files are removed too) or fails on the missing client. After the commit, every socket
 * following one of its uploads leaves its rooms, and the stored files go.
 *
 * A processing job still queued for one of these uploads stays in the queue; its handler finds the
 * upload gone and ends quietly (see jobs/uploadJobs.ts).
 */
export async function deleteClient(
  ctx: Pick<AppContext, 'db' | 'storage' | 'publisher'>,
  companyId: string,
  id: string,
  author: ChangeAuthor,
  log: WarningLog,
): Promise<{ name: string }> {
  const { name, storageKeys } = await ctx.db.transaction(async (tx) => {
    const [client] = await tx
      .select({ name: clients.name })
      .from(clients)
      .where(and(eq(clients.id, id), eq(clients.companyId, companyId)))
      .for('update');
    if (!client) throw notFound(CLIENT_NOT_FOUND);
    const [files, [{ uploadCount }]] = await Promise.all([
      tx
        .select({ key: uploadFiles.storageKey })
        .from(uploadFiles)
        .innerJoin(uploads, eq(uploads.id, uploadFiles.uploadId))
        .where(eq(uploads.clientId, id)),
      tx.select({ uploadCount: count() }).from(uploads).where(eq(uploads.clientId, id)),
    ]);
    await tx.delete(clients).where(eq(clients.id, id));
    await recordAudit(tx, {
      ...author,
      companyId,
      action: 'client.delete',
      entityType: 'client',
      entityId: id,
      details: { name: client.name, uploads: uploadCount, files: files.length },
    });
    return { name: client.name, storageKeys: files.map((file) => file.key) };
  });
  await ctx.publisher.accessChanged({ deletedClient: { id, companyId } });
  await removeStoredFiles(ctx.storage, storageKeys, log, 'client');
  return { name };
}
