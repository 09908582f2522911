import { and, eq } from 'drizzle-orm';
import { OVERRIDE_REASON_LIMITS, OVERRIDE_REASON_MESSAGES, overrideReasonLength, overrideReasonRequired, REASON_REQUIRED } from '@/common/overrideReason';
import type { components } from '../../api-types';
import type { Executor } from '../../db/client';
import { clients, type fileKinds, uploadFiles, uploads } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import type { UploadSummary } from '../uploads/uploadSummary';
import type { Audience } from '../../realtime/processingUpdates';
import { firstLineOf, type UploadReviewed } from '../../realtime/uploadReviews';
import { recordAudit } from '../audit/audit';
import type { ChangeAuthor } from '../companies/companies';
import { rememberApprovedUpload } from './mappingProfiles';
import { keepWeekFingerprint } from '../weekly/weekFingerprints';
import { UPLOAD_NOT_FOUND } from '../uploads/staffUploads';
import { NEWEST_UPLOAD_FIRST } from '../weekly/weeklyDocuments';

export type ReviewInput = components['schemas']['ReviewInput'];
type FileKind = (typeof fileKinds)[number];

/** Why a review is refused (409), in words that tell the admin what to do next. */
export const REVIEW_REFUSALS = {
  approved: 'This upload has already been approved.',
  rejected: 'This upload has already been rejected.',
  failed: 'This upload cannot be reviewed: its processing failed. The staff member needs to upload the document again.',
  processing: 'This upload cannot be reviewed: it is still processing.',
  notNewest: 'This upload cannot be reviewed: a newer version of it exists. Review the newest version instead.',
} as const;

export const REVIEW_MESSAGES = {
  APPROVED: 'Document approved successfully',
  REJECTED: 'Document rejected successfully',
} as const;

/** The admin who reviews: the author of the change, their company and the name shown as reviewer. */
export interface Reviewer extends ChangeAuthor {
  companyId: string;
  name: string;
}

const NOTE_FIELDS: Record<FileKind, 'raw_notes' | 'consolidated_notes' | 'scrubbed_notes'> = {
  raw: 'raw_notes',
  consolidated: 'consolidated_notes',
  scrubbed: 'scrubbed_notes',
};

/** The notes worth keeping, by file kind: trimmed, and only those with any text left. */
function notesOf(input: ReviewInput): Partial<Record<FileKind, string>> {
  const notes: Partial<Record<FileKind, string>> = {};
  for (const [kind, field] of Object.entries(NOTE_FIELDS) as [FileKind, (typeof NOTE_FIELDS)[FileKind]][]) {
    const text = input[field]?.trim();
    if (text) notes[kind] = text;
  }
  return notes;
}

/** Errors the engine's scrub found in an upload, from its stored summary (none when it has no summary). */
function errorsFound(summary: unknown): number {
  return (summary as Pick<UploadSummary, 'issues'> | null)?.issues.error ?? 0;
}

/**
 * The reason an approval carries past the errors of its upload, trimmed; null when the decision needs
 * none (a rejection, or an upload without errors), and then whatever was sent is ignored. Refused
 * (409 REASON_REQUIRED) when it is needed and missing, and (400) when it has too few visible
 * characters once trimmed.
 */
function overrideReasonOf(input: ReviewInput, errors: number): string | null {
  if (input.approval_status !== 'APPROVED' || errors === 0) return null;
  if (input.override_reason === undefined) throw new AppError(409, REASON_REQUIRED, overrideReasonRequired(errors));
  const reason = input.override_reason.trim();
  if (overrideReasonLength(reason) < OVERRIDE_REASON_LIMITS.min) {
    throw badRequest(OVERRIDE_REASON_MESSAGES.tooShort, [{ field: 'override_reason', message: OVERRIDE_REASON_MESSAGES.tooShort }]);
  }
  return reason;
}

/** A review made: the reply's message, and the decision as the open tabs it concerns are told of it once it is committed. */
export interface ReviewOutcome {
  message: string;
  reviewed: UploadReviewed;
  /**
   * Who is told: the staff member assigned to the client now (the uploader while the client is
   * theirs; never a staff member it was taken from, the scope of every staff read) and the
   * company's admins.
   */
  audience: Audience;
}

/**
 * Approves or rejects an upload of the reviewer's company (spec section 4): only a finished run
 * (SCRUBBED) awaiting review, and only the newest version of its client-week. The upload's row is
 * locked for the transaction, so of two admins reviewing at once the second sees the first's
 * decision and is refused. The decision, reviewer, time, the notes on each file version and the
 * audit row are written together. Approving an upload whose scrub found errors takes a written
 * reason (see overrideReasonOf), stored on the upload and in the audit row; warnings never need one.
 * An upload of another company answers exactly like a missing one.
 */
export async function reviewUpload(db: Executor, reviewer: Reviewer, uploadId: string, input: ReviewInput): Promise<ReviewOutcome> {
  const notes = notesOf(input);
  return db.transaction(async (tx) => {
    const [upload] = await tx
      .select({
        id: uploads.id,
        clientId: uploads.clientId,
        requiredDocumentId: uploads.requiredDocumentId,
        weekStart: uploads.weekStart,
        status: uploads.status,
        approvalStatus: uploads.approvalStatus,
        summary: uploads.summary,
        clientName: clients.name,
        assignedStaffId: clients.assignedStaffId,
      })
      .from(uploads)
      .innerJoin(clients, eq(clients.id, uploads.clientId))
      .where(and(eq(uploads.id, uploadId), eq(uploads.companyId, reviewer.companyId), eq(clients.companyId, reviewer.companyId)))
      .for('update', { of: uploads });
    if (!upload) throw notFound(UPLOAD_NOT_FOUND);
    if (upload.approvalStatus === 'APPROVED') throw conflict(REVIEW_REFUSALS.approved);
    if (upload.approvalStatus === 'REJECTED') throw conflict(REVIEW_REFUSALS.rejected);
    if (upload.status === 'FAILED') throw conflict(REVIEW_REFUSALS.failed);
    if (upload.status !== 'SCRUBBED') throw conflict(REVIEW_REFUSALS.processing);

    const [newest] = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.clientId, upload.clientId), eq(uploads.requiredDocumentId, upload.requiredDocumentId), eq(uploads.weekStart, upload.weekStart)))
      .orderBy(...NEWEST_UPLOAD_FIRST)
      .limit(1);
    if (newest.id !== upload.id) throw conflict(REVIEW_REFUSALS.notNewest);
    const overrideReason = overrideReasonOf(input, errorsFound(upload.summary));

    const stored = new Set((await tx.select({ kind: uploadFiles.kind }).from(uploadFiles).where(eq(uploadFiles.uploadId, upload.id))).map((file) => file.kind));
    for (const kind of Object.keys(notes) as FileKind[]) {
      if (!stored.has(kind)) {
        const message = `This upload has no ${kind} file to comment on.`;
        throw badRequest(message, [{ field: NOTE_FIELDS[kind], message }]);
      }
    }

    const reviewedAt = new Date();
    await tx
      .update(uploads)
      .set({ approvalStatus: input.approval_status, reviewedById: reviewer.actor.id, reviewedByName: reviewer.name, reviewedAt, overrideReason, updatedAt: reviewedAt })
      .where(eq(uploads.id, upload.id));
    if (input.approval_status === 'APPROVED') {
      await rememberApprovedUpload(tx, upload);
      await keepWeekFingerprint(tx, { ...upload, companyId: reviewer.companyId });
    }
    for (const [kind, text] of Object.entries(notes) as [FileKind, string][]) {
      await tx
        .update(uploadFiles)
        .set({ notes: text })
        .where(and(eq(uploadFiles.uploadId, upload.id), eq(uploadFiles.kind, kind)));
    }
    await recordAudit(tx, {
      actor: reviewer.actor,
      ip: reviewer.ip,
      companyId: reviewer.companyId,
      action: 'upload.review',
      entityType: 'upload',
      entityId: upload.id,
      details: {
        clientId: upload.clientId,
        weekStart: upload.weekStart,
        before: { approvalStatus: upload.approvalStatus },
        after: { approvalStatus: input.approval_status, notes, overrideReason },
      },
    });
    const reviewed: UploadReviewed = {
      uploadId: upload.id,
      clientId: upload.clientId,
      clientName: upload.clientName,
      weekStart: upload.weekStart,
      decision: input.approval_status,
      overridden: overrideReason !== null,
      reason: input.approval_status === 'REJECTED' ? firstLineOf(notes.raw, notes.consolidated, notes.scrubbed) : firstLineOf(overrideReason),
    };
    const audience: Audience = { users: upload.assignedStaffId ? [upload.assignedStaffId] : [], companyAdmins: reviewer.companyId };
    return { message: REVIEW_MESSAGES[input.approval_status], reviewed, audience };
  });
}
