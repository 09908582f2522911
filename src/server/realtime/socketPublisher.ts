import { type Audience, companyAdminsRoom, jobRoom, type ProcessingPublisher, type ProcessingUpdate, processingRoom, userRoom } from './processingUpdates';
import type { RealtimeIo } from './socketEvents';

/**
 * Delivers each update to the sockets that follow the upload, by processing id or by job id, and to
 * those of the users and the company's admins it names: the sockets of this process, and on
 * PostgreSQL those of every API process (through the server's adapter). A socket in several of
 * these rooms receives the update once. Updates are small and few (a handful a second at most), so
 * nothing is batched.
 */
export function socketPublisher(io: RealtimeIo): ProcessingPublisher {
  return {
    publish(update: ProcessingUpdate, audience: Audience = {}): void {
      const rooms = [processingRoom(update.processingId)];
      if (update.jobId) rooms.push(jobRoom(update.jobId));
      for (const userId of audience.users ?? []) rooms.push(userRoom(userId));
      if (audience.companyAdmins) rooms.push(companyAdminsRoom(audience.companyAdmins));
      io.to(rooms).emit('processingUpdate', update);
    },
  };
}
