import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { components } from '../../api-types';
import type { Executor } from '../../db/client';
import { clients, uploadFiles, uploads } from '../../db/schema';
import type { UploadSummary } from './uploadSummary';
import { versionFileName } from './downloads';
import { resumingAfterInterruption } from './uploadMessages';

/** An upload as the contract shows it: processing and review state, who did what, and the file versions that exist. */
export type UploadView = components['schemas']['Upload'];
/** Where a client's document stands in a week, from the newest upload of that week. */
export type WeekStatus = components['schemas']['ClientWeek']['weekStatus'];

export type UploadRow = typeof uploads.$inferSelect;
export type UploadFileRow = typeof uploadFiles.$inferSelect;

const BYTES_PER_MB = 1024 * 1024;

/**
 * An upload of the client with its stored file rows; a version without a row (not produced yet, or
 * never) is left out. Each version is named as its download is ({@link versionFileName}).
 */
export function toUploadView(upload: UploadRow, files: readonly UploadFileRow[], clientName: string): UploadView {
  const fileVersions: UploadView['file_versions'] = {};
  for (const file of files) {
    const filename = versionFileName(clientName, upload.weekStart, file.kind, file.filename);
    fileVersions[file.kind] = { filename, file_size_mb: file.sizeBytes / BYTES_PER_MB, notes: file.notes };
  }
  return {
    ...uploadStateView(upload),
    file_versions: fileVersions,
  };
}

/** The newest upload of a weekly row as the row shows it (WeeklyUpload): no file names, sizes or whole notes. */
export type WeeklyUploadView = components['schemas']['WeeklyUpload'];
type FileType = components['schemas']['FileType'];

/** The order the versions of an upload are named in, everywhere: as uploaded, consolidated, scrubbed. */
const VERSION_ORDER: readonly FileType[] = ['raw', 'consolidated', 'scrubbed'];

/** What a weekly row reads of each stored version: which it is, and the reviewer's note on it. */
export type StoredVersion = Pick<UploadFileRow, 'kind' | 'notes'>;

/**
 * The upload as a weekly row shows it: its state, who did what, what processing found, which
 * versions are stored (for the Download menu) and the first line of the reviewer's notes (a rejected
 * row shows it). Opening the row reads the rest ({@link toUploadView}).
 */
export function toWeeklyUploadView(upload: WeeklyUploadColumns, files: readonly StoredVersion[]): WeeklyUploadView {
  const stored = new Set(files.map((file) => file.kind));
  return {
    ...uploadStateView(upload),
    versions: VERSION_ORDER.filter((kind) => stored.has(kind)),
    first_note: firstNoteOf(files),
    // said only when true, so a row of an upload never interrupted reads as before
    ...(resumingAfterInterruption(upload) ? { resuming: true } : {}),
  };
}

/** The columns of an upload a weekly row reads. */
export type WeeklyUploadColumns = Pick<
  UploadRow,
  'id' | 'status' | 'approvalStatus' | 'createdAt' | 'errorMessage' | 'uploadedByName' | 'reviewedByName' | 'reviewedAt' | 'overrideReason' | 'summary' | 'resumedAt'
>;

/** What both views of an upload say of it: its processing and review state, who did what, what processing found. */
function uploadStateView(upload: WeeklyUploadColumns): Omit<WeeklyUploadView, 'versions' | 'first_note' | 'resuming'> {
  return {
    upload_id: upload.id,
    status: upload.status,
    approval_status: upload.approvalStatus,
    upload_date: upload.createdAt.toISOString(),
    error_message: upload.errorMessage,
    uploaded_by: { name: upload.uploadedByName },
    reviewed_by: upload.reviewedByName && upload.reviewedAt ? { name: upload.reviewedByName, reviewed_at: upload.reviewedAt.toISOString() } : null,
    override_reason: upload.overrideReason,
    week_over_week_warnings: weekOverWeekWarnings(upload.summary),
    scrub_issues: scrubIssues(upload.summary),
  };
}

/** The first non-blank line of the reviewer's first note, raw then consolidated then scrubbed; null when none. */
export function firstNoteOf(files: readonly StoredVersion[]): string | null {
  for (const kind of VERSION_ORDER) {
    const line = files
      .find((file) => file.kind === kind)
      ?.notes?.split(/\r?\n/)
      .map((part) => part.trim())
      .find((part) => part.length > 0);
    if (line) return line;
  }
  return null;
}

/** The week-over-week warnings of the upload's run; null before it is processed (or processed before they were counted). */
export function weekOverWeekWarnings(summary: unknown): number | null {
  return (summary as Partial<Pick<UploadSummary, 'weekOverWeek'>> | null)?.weekOverWeek?.warnings ?? null;
}

/** What the upload's scrub found, by severity; null before it is processed. */
export function scrubIssues(summary: unknown): UploadView['scrub_issues'] {
  const issues = (summary as Partial<Pick<UploadSummary, 'issues'>> | null)?.issues;
  return issues ? { errors: issues.error, warnings: issues.warning } : null;
}

/**
 * The week's status from its newest upload: a review decision wins; otherwise a failed run, a run
 * still under way, or a finished run awaiting review.
 */
export function weekStatusOf(newest: Pick<UploadRow, 'status' | 'approvalStatus'> | null): WeekStatus {
  if (!newest) return 'NO_UPLOAD';
  if (newest.approvalStatus === 'APPROVED' || newest.approvalStatus === 'REJECTED') return newest.approvalStatus;
  if (newest.status === 'FAILED') return 'FAILED';
  return newest.status === 'SCRUBBED' ? 'PENDING' : 'PROCESSING';
}

/**
 * One upload whose row and client meet `scope` (an admin's: the company's; a staff member's: their
 * assigned clients), with its client's name and its stored file rows; undefined for any other upload,
 * as for a missing one, so another's upload answers as if it did not exist.
 */
export async function uploadInScope(db: Executor, uploadId: string, scope: SQL | undefined): Promise<{ upload: UploadRow; clientName: string; files: UploadFileRow[] } | undefined> {
  const [row] = await db
    .select({ upload: uploads, clientName: clients.name })
    .from(uploads)
    .innerJoin(clients, eq(clients.id, uploads.clientId))
    .where(and(eq(uploads.id, uploadId), scope))
    .limit(1);
  if (!row) return undefined;
  const files = await filesOfUploads(db, [row.upload.id]);
  return { ...row, files: files.get(row.upload.id) ?? [] };
}

/** The stored file rows of many uploads at once, by upload id. */
export async function filesOfUploads(db: Executor, uploadIds: readonly string[]): Promise<Map<string, UploadFileRow[]>> {
  const byUpload = new Map<string, UploadFileRow[]>();
  if (uploadIds.length === 0) return byUpload;
  const rows = await db.select().from(uploadFiles).where(inArray(uploadFiles.uploadId, [...uploadIds])).orderBy(asc(uploadFiles.kind));
  for (const row of rows) byUpload.set(row.uploadId, [...(byUpload.get(row.uploadId) ?? []), row]);
  return byUpload;
}
