import { and, eq } from 'drizzle-orm';
import { processingStatusLabel } from '@/common/statuses';
import type { SessionUser } from '../context';
import type { Executor } from '../db/client';
import { clients, uploads } from '../db/schema';
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

/**
 * The stored state of the upload a room names, when the caller may follow it; null otherwise.
 * Staff follow the uploads of the clients assigned to them now (so an upload a colleague made
 * before the client was reassigned shows too, and one of a client taken away no longer does), the
 * same scope as every staff read. Admins follow every upload of their company. SYSTEM users and
 * anyone without a company follow nothing.
 */
export async function followableUpload(db: Executor, user: SessionUser, key: RoomKey): Promise<ProcessingUpdate | null> {
  if ((user.role !== 'STAFF' && user.role !== 'ADMIN') || !user.companyId) return null;
  const [row] = await db
    .select({ id: uploads.id, jobId: uploads.jobId, status: uploads.status, errorMessage: uploads.errorMessage })
    .from(uploads)
    .innerJoin(clients, eq(clients.id, uploads.clientId))
    .where(
      and(
        key.kind === 'processing' ? eq(uploads.id, key.processingId) : eq(uploads.jobId, key.jobId),
        eq(uploads.companyId, user.companyId),
        eq(clients.companyId, user.companyId),
        user.role === 'STAFF' ? eq(clients.assignedStaffId, user.id) : undefined,
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    processingId: row.id,
    jobId: row.jobId,
    status: row.status,
    message: row.status === 'FAILED' ? 'Processing failed' : processingStatusLabel(row.status),
    error: row.status === 'FAILED' ? row.errorMessage : null,
  };
}
