import { pingDatabase } from '../db/client';
import type { OperationHandlers } from '../http/operations';

export const healthOperations: OperationHandlers = {
  getHealth: { access: 'public', handler: async () => ({ success: true, status: 'ok' }) },
  getReady: {
    access: 'public',
    handler: async (request, reply) => {
      const { ctx } = request.server;
      const databaseUp = await pingDatabase(ctx.db);
      const queueUp = ctx.queue ? await ctx.queue.isInstalled().catch(() => false) : true;
      if (!databaseUp || !queueUp) {
        reply.code(503);
        return { success: false, message: !databaseUp ? 'The database is not reachable.' : 'The job queue is not reachable.', error: 'NOT_READY' };
      }
      return { success: true, status: 'ready' };
    },
  },
};
