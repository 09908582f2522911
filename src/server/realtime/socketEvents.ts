import type { Server, Socket } from 'socket.io';
import type { SessionUser } from '../context';
import type { AccessChange, ProcessingUpdate } from './processingUpdates';
import type { UploadReviewed } from './uploadReviews';

/**
 * The answer to a join: the upload's stored state at the moment the socket joined, so an update
 * published between the upload's reply and the join is never missed (live updates that follow may
 * repeat it). A refusal says the same whatever the reason, so nobody learns which uploads exist.
 */
export type JoinAnswer = { ok: true; update: ProcessingUpdate } | Refusal;
export type LeaveAnswer = { ok: true } | Refusal;

/**
 * A refused join or leave. `retryInMs` is there when the refusal is about timing (the page asked too
 * quickly, or the server is busy), not access: the same request may succeed after that long.
 */
export interface Refusal {
  ok: false;
  message: string;
  retryInMs?: number;
}

/** Why the server is about to close a socket. */
export type SessionNoticeCode = 'TOO_MANY_SOCKETS' | 'TOO_MANY_REQUESTS' | 'SESSION_ENDED' | 'ACCESS_CHANGED';

/**
 * Sent to a socket just before the server closes it, in words the page shows. `reconnect` says
 * whether the page should connect again (access changed, or the session ended and the next handshake
 * will say so) or stay closed until reloaded (opening it again would only close another of the
 * user's tabs, or flood again).
 */
export interface SessionNotice {
  code: SessionNoticeCode;
  message: string;
  reconnect: boolean;
}

/** What the server sends: spec 7.7's `processingUpdate`, an admin's decision, and the notice before it closes a socket. */
export interface ServerToClientEvents {
  processingUpdate: (update: ProcessingUpdate) => void;
  uploadReviewed: (event: UploadReviewed) => void;
  sessionNotice: (notice: SessionNotice) => void;
}

/**
 * What a browser sends: the room id as a plain string (a processing id, or `job-<jobId>`) and, if it
 * wants one, an acknowledgement callback. Both arrive untyped from the wire and are checked.
 */
export interface ClientToServerEvents {
  joinProcessingRoom: (roomId: unknown, ack?: unknown) => void;
  leaveProcessingRoom: (roomId: unknown, ack?: unknown) => void;
}

/**
 * What API processes tell each other on PostgreSQL: each applies an access change, or closes the
 * sockets named, on its own sockets, so a socket hears its notice before it is closed.
 */
export interface InterServerEvents {
  /** Answered once applied, so the sender knows every process has cleaned its rooms. */
  accessChanged: (change: AccessChange, applied: (done: boolean) => void) => void;
  closeSockets: (socketIds: string[], notice: SessionNotice) => void;
  /** Updates of an upload published together (socketPublisher's publishAll), each for the sockets of its rooms, in order. */
  processingUpdates: (batch: ProcessingBatch) => void;
}

/** Updates published together, each with the rooms it goes to. */
export type ProcessingBatch = Array<{ rooms: string[]; update: ProcessingUpdate }>;

/** Who the socket belongs to, from the session cookie of its handshake, and what it follows. */
export interface SocketData {
  user: SessionUser;
  /** The processing and job rooms the socket joined, each with the client whose upload it is. */
  follows: Record<string, string>;
  /** When it opened (see openingTime): past the limits, the oldest sockets are closed. */
  openedAt: number;
}

export type RealtimeIo = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
