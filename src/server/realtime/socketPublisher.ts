import { jobRoom, type ProcessingPublisher, type ProcessingUpdate, processingRoom, userRoom } from './processingUpdates';
import type { RealtimeIo } from './socketEvents';

/**
 * Delivers each update to the sockets of this process that follow the upload, by processing id or
 * by job id, and to those of the users it names. A socket in several of these rooms receives the
 * update once. Updates are small and few (a handful a second at most), so nothing is batched.
 */
export function socketPublisher(io: RealtimeIo): ProcessingPublisher {
  return {
    publish(update: ProcessingUpdate, users: readonly string[] = []): void {
      const rooms = [processingRoom(update.processingId)];
      if (update.jobId) rooms.push(jobRoom(update.jobId));
      for (const userId of users) rooms.push(userRoom(userId));
      io.to(rooms).emit('processingUpdate', update);
    },
  };
}
