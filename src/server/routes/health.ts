import { pingDatabase } from '../db/client';
import type { OperationHandlers } from '../http/operations';

export const healthOperations: OperationHandlers = {
  getHealth: { access: 'public', handler: async () => ({ success: true, status: 'ok' }) },
  getReady: {
    access: 'public',
    handler: async (request, reply) => {
      const { ctx } = request.server;
      // the storage is asked at once, so a slow bucket does not add to the database's time
      const storageUp = ctx.storage.ping().then(
        () => true,
        (error: unknown) => {
          request.log.warn({ err: error }, 'the file storage is not reachable');
          return false;
        },
      );
      const databaseUp = await pingDatabase(ctx.db);
      const queueUp = ctx.queue ? await ctx.queue.isInstalled().catch(() => false) : true;
      const checks: [up: boolean, message: string][] = [
        [databaseUp, 'The database is not reachable.'],
        [Boolean(queueUp), 'The job queue is not reachable.'],
        [await storageUp, 'The file storage is not reachable.'],
      ];
      const problem = checks.find(([up]) => !up)?.[1];
      if (problem) {
        reply.code(503);
        return { success: false, message: problem, error: 'NOT_READY' };
      }
      return { success: true, status: 'ready' };
    },
  },
};
