import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { uploadFiles, uploads } from '../../db/schema';
import type { FileStorage } from '../../storage/fileStorage';
import { removeStoredFiles, type WarningLog } from './storedFiles';

/** A client's week: the versions of its upload are one client, document and week. */
export interface ClientWeek {
  clientId: string;
  requiredDocumentId: string;
  weekStart: string;
}

/** The failed versions of one client's week: what the upload limits count and the pruning keeps a few of. */
export function failedVersionsOf(week: ClientWeek): SQL | undefined {
  return and(
    eq(uploads.clientId, week.clientId),
    eq(uploads.requiredDocumentId, week.requiredDocumentId),
    eq(uploads.weekStart, week.weekStart),
    eq(uploads.status, 'FAILED'),
  );
}

/**
 * Keeps the files of only the newest `keep` failed versions of a client's week (config
 * CLIENT_WEEK_FAILED_FILES_KEPT), so that uploading a week that keeps failing cannot fill the
 * storage. Older failed versions keep their row, their error and their place in the history and
 * audit log; their file rows go in one transaction and the stored files after it (so no row ever
 * points at a removed file: the version simply has no files to download any more). Called when a
 * version has just failed. Answers how many versions lost their files.
 */
export async function pruneFailedVersionFiles(deps: { db: Database; storage: FileStorage }, week: ClientWeek, keep: number, log: WarningLog): Promise<number> {
  const { older, keys } = await deps.db.transaction(async (tx) => {
    const failed = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(failedVersionsOf(week))
      .orderBy(desc(uploads.attempt), desc(uploads.createdAt), desc(uploads.id))
      .offset(keep);
    if (failed.length === 0) return { older: 0, keys: [] as string[] };
    const removed = await tx
      .delete(uploadFiles)
      .where(
        inArray(
          uploadFiles.uploadId,
          failed.map((upload) => upload.id),
        ),
      )
      .returning({ uploadId: uploadFiles.uploadId, storageKey: uploadFiles.storageKey });
    return { older: new Set(removed.map((file) => file.uploadId)).size, keys: removed.map((file) => file.storageKey) };
  });
  await removeStoredFiles(deps.storage, keys, log, 'failed upload version');
  return older;
}
