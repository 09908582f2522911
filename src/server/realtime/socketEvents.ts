import type { Server, Socket } from 'socket.io';
import type { SessionUser } from '../context';
import type { ProcessingUpdate } from './processingUpdates';

/**
 * The answer to a join: the upload's stored state at the moment the socket joined, so an update
 * published between the upload's reply and the join is never missed (live updates that follow may
 * repeat it). A refusal says the same whatever the reason, so nobody learns which uploads exist.
 */
export type JoinAnswer = { ok: true; update: ProcessingUpdate } | { ok: false; message: string };
export type LeaveAnswer = { ok: true } | { ok: false; message: string };

/** What the server sends (spec 7.7): one event, `processingUpdate`. */
export interface ServerToClientEvents {
  processingUpdate: (update: ProcessingUpdate) => void;
}

/**
 * What a browser sends: the room id as a plain string (a processing id, or `job-<jobId>`) and, if it
 * wants one, an acknowledgement callback. Both arrive untyped from the wire and are checked.
 */
export interface ClientToServerEvents {
  joinProcessingRoom: (roomId: unknown, ack?: unknown) => void;
  leaveProcessingRoom: (roomId: unknown, ack?: unknown) => void;
}

// socket.io's own type parameter; no events travel between servers yet.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface InterServerEvents {}

/** Who the socket belongs to, from the session cookie of its handshake. */
export interface SocketData {
  user: SessionUser;
}

export type RealtimeIo = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
