/**
 * A worker process for the restart test: the product's queue, upload and review pack workers against DATABASE_URL,
 * printing each published update as a line of JSON. At the update FREEZE_AT names (a status, or
 * `progress` for the first progress message) it prints FROZEN and stops its event loop, so the test
 * can kill it at a known point of the job.
 */
import { writeSync } from 'node:fs';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/client';
import { startQueue } from '../../../src/server/jobs/queue';
import { startReviewPackWorker } from '../../../src/server/jobs/reviewPackWorker';
import { startUploadWorker } from '../../../src/server/jobs/uploadWorker';
import type { ProcessingUpdate } from '../../../src/server/realtime/processingUpdates';
import { LocalFileStorage } from '../../../src/server/storage/localFileStorage';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 4 });
  const queue = await startQueue(database, { supervise: true, jobExpireSeconds: config.processing.jobExpireSeconds });
  const freezeAt = process.env.FREEZE_AT;
  let previous: string | undefined;
  const publisher = {
    publish(update: ProcessingUpdate): void {
      writeSync(1, `${JSON.stringify(update)}\n`);
      const progress = update.status === previous;
      previous = update.status;
      if ((freezeAt === 'progress' && progress) || (freezeAt === update.status && !progress)) {
        writeSync(1, 'FROZEN\n');
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);
      }
    },
  };
  const log = { error: (details: object, message: string) => writeSync(2, `${message} ${JSON.stringify(details)}\n`), warn: () => undefined };
  const deps = { db: database.db, queue, storage: new LocalFileStorage(config.storageDir), publisher, log };
  await startUploadWorker(queue, deps, 1);
  await startReviewPackWorker(queue, deps, 1);
  writeSync(1, 'READY\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
