import { and, count, desc, eq } from 'drizzle-orm';
import type { components } from '../../api-types';
import type { Executor } from '../../db/client';
import { clients, uploadFiles, uploads } from '../../db/schema';
import { notFound } from '../../http/errors';
import { type ClientViewer, visibleTo } from '../clients/clients';
import { versionFileName } from './downloads';
import { offsetOf, type PageRequest, type StaffPagination, staffPagination } from '../shared/pagination';
import { documentTitle } from '../clients/requiredDocuments';
import { scrubIssues, uploadInScope, weekOverWeekWarnings } from './uploadViews';
import { resumingAfterInterruption } from './uploadMessages';

export type StaffUploadItem = components['schemas']['StaffUploadItem'];
export type UploadReviewView = components['schemas']['UploadReview'];

/** The one answer for an upload the caller may not see, whether it exists elsewhere or not at all. */
export const UPLOAD_NOT_FOUND = "Upload not found or you don't have access to this upload.";

const BYTES_PER_MB = 1024 * 1024;

/**
 * A page of the uploads the staff member made, newest first (spec 2.18), of the clients assigned
 * to them now: like every staff read, a client reassigned to a colleague takes its history along.
 * The file shown is the raw one, as uploaded.
 */
export async function listStaffUploads(db: Executor, viewer: ClientViewer, page: PageRequest): Promise<{ uploads: StaffUploadItem[]; pagination: StaffPagination }> {
  const where = and(eq(uploads.uploadedById, viewer.userId), eq(uploads.companyId, viewer.companyId), visibleTo(viewer));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        upload: uploads,
        clientName: clients.name,
        filename: uploadFiles.filename,
        sizeBytes: uploadFiles.sizeBytes,
      })
      .from(uploads)
      .innerJoin(clients, eq(clients.id, uploads.clientId))
      .leftJoin(uploadFiles, and(eq(uploadFiles.uploadId, uploads.id), eq(uploadFiles.kind, 'raw')))
      .where(where)
      .orderBy(desc(uploads.createdAt), desc(uploads.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(uploads).innerJoin(clients, eq(clients.id, uploads.clientId)).where(where),
  ]);
  return {
    uploads: rows.map(({ upload, clientName, filename, sizeBytes }) => ({
      id: upload.id,
      // Every stored upload has its raw file; the fallbacks only keep the shape if one went missing.
      filename: filename ?? '',
      file_size_mb: (sizeBytes ?? 0) / BYTES_PER_MB,
      upload_date: upload.createdAt.toISOString(),
      status: upload.status,
      approval_status: upload.approvalStatus,
      document_title: documentTitle(clientName),
      client: { id: upload.clientId, name: clientName },
      ...(resumingAfterInterruption(upload) ? { resuming: true } : {}),
    })),
    pagination: staffPagination(page, total),
  };
}

/**
 * The review of an upload of one of the staff member's assigned clients (spec 2.17's review
 * dialog): who reviewed it and when, and the notes left on each stored file version. Any other
 * upload answers {@link UPLOAD_NOT_FOUND}.
 */
export async function staffUploadReview(db: Executor, viewer: ClientViewer, uploadId: string): Promise<UploadReviewView> {
  const found = await uploadInScope(db, uploadId, and(eq(uploads.companyId, viewer.companyId), visibleTo(viewer)));
  if (!found) throw notFound(UPLOAD_NOT_FOUND);
  const { upload, clientName } = found;
  const files: UploadReviewView['files'] = {};
  for (const file of found.files) {
    files[file.kind] = { filename: versionFileName(clientName, upload.weekStart, file.kind, file.filename), notes: file.notes };
  }
  return {
    upload_id: upload.id,
    upload_date: upload.createdAt.toISOString(),
    status: upload.status,
    approval_status: upload.approvalStatus,
    reviewed_by: upload.reviewedByName,
    reviewed_at: upload.reviewedAt ? upload.reviewedAt.toISOString() : null,
    override_reason: upload.overrideReason,
    week_over_week_warnings: weekOverWeekWarnings(upload.summary),
    scrub_issues: scrubIssues(upload.summary),
    client: { id: upload.clientId, name: clientName },
    document: { id: upload.requiredDocumentId, title: documentTitle(clientName) },
    files,
  };
}
