import type { ProcessingStatus } from '@/web/api/generated';

/**
 * What travels on the socket (spec 7.7), as the browser sees it. The middleware is written against
 * this small surface rather than socket.io-client itself, so tests drive it with a fake socket and
 * nothing else in the SPA depends on the library.
 */

/** One `processingUpdate`: where an upload stands, in words a person can read. */
export interface ProcessingUpdate {
  processingId: string;
  jobId: string | null;
  status: ProcessingStatus;
  message: string | null;
  error: string | null;
  /**
   * The order the upload's job made its updates in, growing with each (absent from a join's answer
   * and from a new upload's QUEUED): an update at or below the last applied one arrived late.
   */
  seq?: number;
  /**
   * The share of the processing done (0-1, never going backwards within a run), on the progress
   * updates of the engine's work; absent from the others.
   */
  progress?: number;
}

/**
 * One `uploadReviewed`: an admin approved or rejected an upload of a client this person may see (the
 * staff member assigned to it, and the company's admins). `reason` is one line: a rejection's first
 * note, or an override's reason; null when there is none.
 */
export interface UploadReviewed {
  uploadId: string;
  clientId: string;
  clientName: string;
  weekStart: string;
  decision: 'APPROVED' | 'REJECTED';
  overridden: boolean;
  reason: string | null;
}

/**
 * The answer to a join: the upload's current state, so an upload that finished before the join is not
 * missed. A refusal with `retryInMs` is about timing (the page asked too quickly, the server was busy),
 * not access: the join is made again after that long.
 */
export type JoinAnswer = { ok: true; update: ProcessingUpdate } | { ok: false; message: string; retryInMs?: number };

/** Why the server refused a connection (`connect_error`'s `data.code`); TRY_AGAIN: it was busy, connect again shortly. */
export type RefusalCode = 'UNAUTHORIZED' | 'TOKEN_EXPIRED' | 'TRY_AGAIN';

/**
 * What the server says just before it closes the socket. `reconnect` false: this page stays without
 * live updates until it is reloaded (it is open in too many tabs, or it sent too many requests), and
 * the message says so.
 */
export interface SessionNotice {
  code: string;
  message: string;
  reconnect: boolean;
}

export interface ConnectError extends Error {
  data?: { code?: string };
}

/** Why the socket closed, as socket.io names it ('io server disconnect': the server closed it). */
export type DisconnectReason = string;

export interface RealtimeSocket {
  readonly connected: boolean;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'disconnect', listener: (reason: DisconnectReason) => void): unknown;
  on(event: 'connect_error', listener: (error: ConnectError) => void): unknown;
  on(event: 'processingUpdate', listener: (update: ProcessingUpdate) => void): unknown;
  on(event: 'uploadReviewed', listener: (event: UploadReviewed) => void): unknown;
  on(event: 'sessionNotice', listener: (notice: SessionNotice) => void): unknown;
  emit(event: 'joinProcessingRoom', roomId: string, ack: (answer: JoinAnswer) => void): unknown;
  emit(event: 'leaveProcessingRoom', roomId: string): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

/** Makes the one socket of a store, not yet connected; the browser's opens socket.io, tests pass a fake. */
export type OpenSocket = () => RealtimeSocket;

/** The room that follows a job before its processing id is known. */
export function jobRoom(jobId: string): string {
  return `job-${jobId}`;
}

/** Stages after which nothing more happens to an upload. */
export function isFinalStatus(status: ProcessingStatus): boolean {
  return status === 'SCRUBBED' || status === 'FAILED';
}

const STAGE_ORDER: ProcessingStatus[] = ['UPLOADING', 'QUEUED', 'CONSOLIDATING', 'CONSOLIDATED', 'SCRUBBING', 'SCRUBBED'];

/**
 * Whether `next` may replace `current`: a join's answer can arrive after a live update that is
 * already further along, and must not move the dots back. FAILED may end any stage.
 */
export function isStepForward(current: ProcessingStatus, next: ProcessingStatus): boolean {
  if (isFinalStatus(current)) return false;
  if (next === 'FAILED') return true;
  return STAGE_ORDER.indexOf(next) >= STAGE_ORDER.indexOf(current);
}
