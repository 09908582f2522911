import type { FileStorage } from '../../storage/fileStorage';

/** Where a failed removal is reported; Fastify's request logger fits. */
export interface WarningLog {
  warn: (details: object, message: string) => void;
}

/**
 * Removes stored files whose rows a committed transaction has just deleted. A file that cannot be
 * removed is logged and left for a sweep: the rows pointing at it are gone either way, so the
 * deletion the caller asked for has happened.
 */
export async function removeStoredFiles(storage: FileStorage, keys: string[], log: WarningLog, owner: string): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, storageKey: key }, `a stored file of a deleted ${owner} could not be removed`);
    }
  }
}
