import type { processingStatuses } from '../db/schema';

/** A processing status as stored with an upload (FAILED included). */
export type StoredProcessingStatus = (typeof processingStatuses)[number];

/**
 * One `processingUpdate` event of spec section 7.7: what happened to an upload, in words a person can
 * read. It is published only after the change it reports has been written to the database, so a
 * client that missed it recovers the same truth by refetching.
 */
export interface ProcessingUpdate {
  processingId: string;
  jobId: string | null;
  status: StoredProcessingStatus;
  /** Progress or completion text ("Consolidating: sheet 2 of 5, 12,000 rows"). */
  message: string;
  /** Why processing failed, for FAILED only. */
  error: string | null;
}

/** The socket room of one upload: its processing id, or `job-<jobId>` until the first update maps the job to it. */
export function processingRoom(processingId: string): string {
  return processingId;
}

export function jobRoom(jobId: string): string {
  return `job-${jobId}`;
}

/**
 * The room every socket of a signed-in user is in from its handshake on (browsers cannot join or
 * leave it): how a tab learns of an upload the same person queued in another tab or browser.
 */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/**
 * The room the sockets of a company's admins are in from their handshake on. Only the server puts
 * a socket in it, and only an ADMIN's of that company: no room id a browser sends can name it.
 */
export function companyAdminsRoom(companyId: string): string {
  return `company-admins:${companyId}`;
}

/** Who, beyond the upload's own rooms, an update also reaches: every socket of these users, and of this company's admins. */
export interface Audience {
  users?: readonly string[];
  companyAdmins?: string;
}

/**
 * How the worker tells open browsers about an upload. The realtime server delivers each update to
 * the upload's rooms (its processing id and `job-<jobId>`); a `worker` process reaches the same rooms
 * through PostgreSQL (postgresFanout); a worker without either (tests) publishes nowhere.
 */
export interface ProcessingPublisher {
  /** Delivers an update to the upload's rooms and, when named, to every socket of its audience. */
  publish(update: ProcessingUpdate, audience?: Audience): void;
}

export const silentPublisher: ProcessingPublisher = { publish: () => undefined };
