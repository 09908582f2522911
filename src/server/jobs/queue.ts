import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

export const PROCESSING_QUEUE = 'process-upload';

/**
 * pg-boss on the application's own database, so an upload row and its job commit together.
 * On the embedded database it runs through the same connection as everything else.
 */
export async function startQueue(handle: DatabaseHandle, options: { supervise: boolean }): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => handle.executeSql(text, values) },
    schema: 'pgboss',
    supervise: options.supervise,
    schedule: false,
    migrate: true,
  });
  boss.on('error', () => {
    // Surfaced through /api/ready and the job's own failure handling.
  });
  await boss.start();
  await boss.createQueue(PROCESSING_QUEUE, { name: PROCESSING_QUEUE, policy: 'standard', retryLimit: 2, expireInSeconds: 15 * 60 });
  return boss;
}
