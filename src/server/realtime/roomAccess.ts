import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { processingStatusLabel } from '@/common/statuses';
import type { SessionUser } from '../context';
import type { Database } from '../db/client';
import { clients, sessions, uploads, users } from '../db/schema';
import { resumingAfterInterruption, STAGE_MESSAGES } from '../services/uploads/uploadMessages';
import { jobRoom, type ProcessingUpdate, processingRoom } from './processingUpdates';

/** The one refusal of a join, whether the upload is elsewhere, missing, or the room id is nonsense. */
export const ROOM_REFUSED = "This upload was not found or you don't have access to it.";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JOB_PREFIX = 'job-';
/** Job ids are the queue's uuids; anything much longer is not one and is not looked up. */
const MAX_JOB_ID_LENGTH = 100;

/** Which upload a room id names: its processing id, or the id of its job (`job-<jobId>`). */
export type RoomKey = { kind: 'processing'; processingId: string } | { kind: 'job'; jobId: string };

export function parseRoomId(roomId: unknown): RoomKey | null {
  if (typeof roomId !== 'string') return null;
  if (roomId.startsWith(JOB_PREFIX)) {
    const jobId = roomId.slice(JOB_PREFIX.length);
    return jobId.length > 0 && jobId.length <= MAX_JOB_ID_LENGTH ? { kind: 'job', jobId } : null;
  }
  // Checked before the query: a malformed uuid would be a database error, not a refusal.
  return UUID.test(roomId) ? { kind: 'processing', processingId: roomId.toLowerCase() } : null;
}

/** The socket room a key stands for, in the spelling the publisher emits to. */
export function roomOf(key: RoomKey): string {
  return key.kind === 'processing' ? processingRoom(key.processingId) : jobRoom(key.jobId);
}

/** An upload a socket may follow: its stored state, and the client it belongs to. */
export interface FollowedUpload {
  update: ProcessingUpdate;
  clientId: string;
}

/** What one join check found: the session ended, or it is live and the upload is followable (or not). */
export type JoinCheck = { live: false } | { live: true; user: SessionUser; followed: FollowedUpload | null };

/**
 * The one query behind a join: the session as it stands now (not revoked or expired, its user still
 * there, with the user's role and company now, which may have changed since the handshake) and,
 * left-joined to it, the upload the room names when that user may follow it. Each table is reached
 * by a key: sessions, users, clients and uploads by id, uploads by `uploads_job_idx` for a job room.
 *
 * Staff follow the uploads of the clients assigned to them now (so an upload a colleague made
 * before the client was reassigned shows too, and one of a client taken away no longer does), the
 * same scope as every staff read. Admins follow every upload of their company. SYSTEM users and
 * anyone without a company follow nothing.
 */
export function joinCheckQuery(db: Database, kind: RoomKey['kind']) {
  const named = kind === 'processing' ? eq(uploads.id, sql.placeholder('uploadKey')) : eq(uploads.jobId, sql.placeholder('uploadKey'));
  const mayFollow = or(eq(users.role, 'ADMIN'), and(eq(users.role, 'STAFF'), eq(clients.assignedStaffId, users.id)));
  return db
    .select({
      id: users.id,
      role: users.role,
      companyId: users.companyId,
      name: users.name,
      email: users.email,
      uploadId: uploads.id,
      jobId: uploads.jobId,
      status: uploads.status,
      errorMessage: uploads.errorMessage,
      resumedAt: uploads.resumedAt,
      clientId: clients.id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(uploads, and(named, eq(uploads.companyId, users.companyId)))
    .leftJoin(clients, and(eq(clients.id, uploads.clientId), eq(clients.companyId, users.companyId), mayFollow))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(users.id, sql.placeholder('userId')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1);
}

/** Built once per database and kind, then only run (building a Drizzle query costs more than this one takes); named, so PostgreSQL plans it once per connection. */
function prepareJoinChecks(db: Database) {
  return {
    processing: joinCheckQuery(db, 'processing').prepare('join_check_processing'),
    job: joinCheckQuery(db, 'job').prepare('join_check_job'),
  };
}

const joinChecks = new WeakMap<Database, ReturnType<typeof prepareJoinChecks>>();

/** Whether the socket's session is still live and, if so, whether its user may follow the upload the room names. */
export async function checkJoin(db: Database, socketUser: SessionUser, key: RoomKey): Promise<JoinCheck> {
  let prepared = joinChecks.get(db);
  if (!prepared) joinChecks.set(db, (prepared = prepareJoinChecks(db)));
  const uploadKey = key.kind === 'processing' ? key.processingId : key.jobId;
  const [row] = await prepared[key.kind].execute({ sessionId: socketUser.sessionId, userId: socketUser.id, uploadKey, now: new Date() });
  if (!row) return { live: false };
  const user: SessionUser = { id: row.id, role: row.role, companyId: row.companyId, name: row.name, email: row.email, sessionId: socketUser.sessionId };
  if (!row.clientId || !row.uploadId || !row.status) return { live: true, user, followed: null };
  const update: ProcessingUpdate = {
    processingId: row.uploadId,
    jobId: row.jobId,
    status: row.status,
    message: row.status === 'FAILED' ? 'Processing failed' : resumingAfterInterruption({ status: row.status, resumedAt: row.resumedAt }) ? STAGE_MESSAGES.resuming : processingStatusLabel(row.status),
    error: row.status === 'FAILED' ? row.errorMessage : null,
  };
  return { live: true, user, followed: { update, clientId: row.clientId } };
}
