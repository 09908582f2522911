import type { processingStatuses } from '../db/schema';
import type { UploadReviewed } from './uploadReviews';

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
  /**
   * The order of the updates an upload's job publishes (see {@link updateSequence}): a page ignores
   * one whose seq is not above the last it applied. Absent from updates not made by the job (a
   * join's answer, the QUEUED of a new upload), which are ordered by their status alone.
   */
  seq?: number;
  /**
   * The share of the processing done, 0-1, on the job's progress updates while the engine runs: it
   * never goes backwards within a run and reaches 1 when the engine is done. Absent from every other
   * update (stage changes, a join's answer).
   */
  progress?: number;
}

/**
 * Numbers the updates of one run of an upload's job, so a page applies them in the order they were
 * made although they may arrive out of order (through PostgreSQL from the worker, through any of
 * several API processes). The job stamps them, not the process that delivers them. Each number is
 * the time in microseconds since 1970, and at least one more than the last: strictly increasing
 * within a run, and each new run of the upload (a retry, a run after a mapping fix) starts, seconds
 * later, above where the last one stopped, as long as the workers' clocks agree to within that gap.
 * Microseconds since 1970 stay whole numbers JavaScript counts exactly until past the year 2200.
 */
export function updateSequence(now: () => number = Date.now): () => number {
  let last = 0;
  return () => {
    last = Math.max(now() * 1000, last + 1);
    return last;
  };
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
 * Who may no longer follow what, told to the realtime server once the change is committed. Every
 * field is optional and several may be given at once.
 */
export interface AccessChange {
  /** Sessions that ended (signed out, revoked, every other session of a changed password): their sockets are closed. */
  endedSessionIds?: readonly string[];
  /**
   * Users removed, or whose role or company changed: their sockets are closed. The page connects
   * again at once; a session still live is admitted as the user now is, a removed user's is refused.
   */
  userIds?: readonly string[];
  /** A client reassigned: staff sockets other than `assignedStaffId`'s leave its uploads' rooms; admins' stay. */
  reassignedClient?: { id: string; companyId: string; assignedStaffId: string | null };
  /** A client deleted with its uploads: every socket leaves their rooms. */
  deletedClient?: { id: string; companyId: string };
  /** A company deleted with all its users: the sockets of its members are closed. */
  companyId?: string;
}

/**
 * How the worker tells open browsers about an upload, and how the services tell the realtime server
 * that access changed. The realtime server delivers each update to the upload's rooms (its
 * processing id and `job-<jobId>`); a `worker` process reaches the same rooms through PostgreSQL
 * (postgresFanout); a worker without either (tests) publishes nowhere.
 */
export interface ProcessingPublisher {
  /** Delivers an update to the upload's rooms and, when named, to every socket of its audience. */
  publish(update: ProcessingUpdate, audience?: Audience): void;
  /**
   * Delivers several updates at once, in order, as `publish` each would: on PostgreSQL they cross to
   * the other processes as one message. A publisher without it has each published in turn.
   */
  publishAll?(updates: ProcessingUpdate[], audience?: Audience): void;
  /**
   * Delivers an admin's decision on an upload (`uploadReviewed`) to every socket of its audience
   * only: the upload's own rooms are left out, as a staff member of another client who once followed
   * it has no business with the decision. Called after the decision commits.
   */
  reviewed(event: UploadReviewed, audience: Audience): void;
  /**
   * Takes the affected sockets, on every API process, out of what they may no longer follow: from
   * when it resolves no update published afterwards reaches them. Called after the change commits;
   * it never rejects (a failure to reach the other processes is logged, and their periodic session
   * check still closes the sockets of ended sessions).
   */
  accessChanged(change: AccessChange): Promise<void>;
}

export const silentPublisher: ProcessingPublisher = { publish: () => undefined, reviewed: () => undefined, accessChanged: async () => undefined };
