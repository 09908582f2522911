import {
  type AccessChange,
  type Audience,
  companyAdminsRoom,
  jobRoom,
  type ProcessingPublisher,
  type ProcessingUpdate,
  processingRoom,
  userRoom,
} from './processingUpdates';
import type { ProcessingBatch, RealtimeIo } from './socketEvents';
import type { UploadReviewed } from './uploadReviews';

export interface PublisherOptions {
  /** Applies an access change to this process's own sockets; absent where there are none (a worker). */
  applyHere?: (change: AccessChange) => void;
  /** Whether other processes share the rooms through PostgreSQL (the server's adapter), so access changes go to them too. */
  crossProcess: boolean;
  log: { warn: (details: object, message: string) => void };
}

/**
 * Delivers each update to the sockets that follow the upload, by processing id or by job id, and to
 * those of the users and the company's admins it names: the sockets of this process, and on
 * PostgreSQL those of every API process (through the server's adapter). A socket in several of
 * these rooms receives the update once. Updates are small and few (a handful a second at most); the
 * few a job publishes at once (publishAll: the steps recorded with SCRUBBED) cross to the other
 * processes as one message.
 *
 * An access change is applied here first, then sent to every other process, each applying it to its
 * own sockets (a room's members are known only where the sockets are connected), and awaited until
 * all have: an update published after that finds the rooms already cleaned wherever it arrives.
 */
export function socketPublisher(io: RealtimeIo, options: PublisherOptions): ProcessingPublisher {
  return {
    publish(update: ProcessingUpdate, audience: Audience = {}): void {
      io.to(updateRooms(update, audience)).emit('processingUpdate', update);
    },
    publishAll(updates: ProcessingUpdate[], audience: Audience = {}): void {
      if (!options.crossProcess || updates.length < 2) {
        for (const update of updates) io.to(updateRooms(update, audience)).emit('processingUpdate', update);
        return;
      }
      // this process's sockets at once, the other processes' in one message for the lot (one NOTIFY, not one each)
      const batch: ProcessingBatch = updates.map((update) => ({ rooms: updateRooms(update, audience), update }));
      for (const { rooms, update } of batch) io.local.to(rooms).emit('processingUpdate', update);
      io.serverSideEmit('processingUpdates', batch);
    },
    reviewed(event: UploadReviewed, audience: Audience): void {
      const rooms = audienceRooms(audience);
      if (rooms.length > 0) io.to(rooms).emit('uploadReviewed', event);
    },
    async accessChanged(change: AccessChange): Promise<void> {
      try {
        options.applyHere?.(change);
        if (options.crossProcess) await io.serverSideEmitWithAck('accessChanged', change);
      } catch (error) {
        options.log.warn({ err: error, change }, 'an access change did not reach every realtime process');
      }
    },
  };
}

/** The rooms an update goes to: the upload's (by processing id and by job id) and its audience's. */
function updateRooms(update: ProcessingUpdate, audience: Audience): string[] {
  const rooms = [processingRoom(update.processingId)];
  if (update.jobId) rooms.push(jobRoom(update.jobId));
  rooms.push(...audienceRooms(audience));
  return rooms;
}

/**
 * Delivers, on an API process, the updates another process published together (publishAll): each to
 * this process's sockets in its rooms, in order, as its broadcast would have been.
 */
export function deliverProcessingBatches(io: RealtimeIo): void {
  io.on('processingUpdates', (batch) => {
    for (const { rooms, update } of batch) io.local.to(rooms).emit('processingUpdate', update);
  });
}

/** The rooms of every socket of the audience's users and of its company's admins. */
function audienceRooms(audience: Audience): string[] {
  const rooms = (audience.users ?? []).map(userRoom);
  if (audience.companyAdmins) rooms.push(companyAdminsRoom(audience.companyAdmins));
  return rooms;
}
