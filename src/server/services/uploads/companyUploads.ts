import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { components } from '../../api-types';
import type { Executor } from '../../db/client';
import { approvalStatuses, clients, uploadFiles, uploads, users } from '../../db/schema';
import { withinDays } from '../shared/dayRange';
import { type AdminUploadsPagination, adminUploadsPagination, offsetOf, type PageRequest } from '../shared/pagination';
import { notFound } from '../../http/errors';
import { UPLOAD_NOT_FOUND } from './staffUploads';
import { resumingAfterInterruption } from './uploadMessages';
import { toUploadView, uploadInScope, type UploadView } from './uploadViews';

export type AdminUploadItem = components['schemas']['AdminUploadItem'];
export type UploadStatusFilter = components['schemas']['UploadStatusFilter'];

export interface CompanyUploadFilters {
  /** An approval status filters on the review; any other value on the processing status. */
  status?: UploadStatusFilter;
  /** First and last day (ISO dates, UTC) of the upload time, both included. */
  dateFrom?: string;
  dateTo?: string;
}

function statusCondition(status: UploadStatusFilter): SQL {
  return (approvalStatuses as readonly string[]).includes(status)
    ? eq(uploads.approvalStatus, status as (typeof approvalStatuses)[number])
    : eq(uploads.status, status as Exclude<UploadStatusFilter, (typeof approvalStatuses)[number]>);
}

/**
 * A page of every upload (every version, every week) of the company's clients, newest first (spec
 * 2.13). The file named is the raw one, as uploaded; the uploader's name is the one recorded with
 * the upload, their email the account's (empty once the account is gone).
 */
export async function listCompanyUploads(
  db: Executor,
  companyId: string,
  page: PageRequest,
  filters: CompanyUploadFilters,
): Promise<{ fileUploads: AdminUploadItem[]; pagination: AdminUploadsPagination }> {
  const where = and(
    eq(uploads.companyId, companyId),
    eq(clients.companyId, companyId),
    filters.status ? statusCondition(filters.status) : undefined,
    ...withinDays(uploads.createdAt, filters.dateFrom, filters.dateTo),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ upload: uploads, clientName: clients.name, filename: uploadFiles.filename, email: users.email })
      .from(uploads)
      .innerJoin(clients, eq(clients.id, uploads.clientId))
      .leftJoin(uploadFiles, and(eq(uploadFiles.uploadId, uploads.id), eq(uploadFiles.kind, 'raw')))
      .leftJoin(users, eq(users.id, uploads.uploadedById))
      .where(where)
      .orderBy(desc(uploads.createdAt), desc(uploads.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(uploads).innerJoin(clients, eq(clients.id, uploads.clientId)).where(where),
  ]);
  return {
    fileUploads: rows.map(({ upload, clientName, filename, email }) => ({
      id: upload.id,
      // Every stored upload has its raw file; the fallback only keeps the shape if one went missing.
      filename: filename ?? '',
      upload_date: upload.createdAt.toISOString(),
      status: upload.status,
      approval_status: upload.approvalStatus,
      user: { name: upload.uploadedByName, email: email ?? '' },
      client: { id: upload.clientId, name: clientName },
      ...(resumingAfterInterruption(upload) ? { resuming: true } : {}),
    })),
    pagination: adminUploadsPagination(page, total),
  };
}

/**
 * One upload (any version) of the company in full, with its stored versions' files and notes: what
 * the admin's review dialog reads when a weekly row is opened (the list carries only a summary of
 * each row's upload). Another company's upload answers {@link UPLOAD_NOT_FOUND}, like a missing one.
 */
export async function companyUpload(db: Executor, companyId: string, uploadId: string): Promise<UploadView> {
  const found = await uploadInScope(db, uploadId, and(eq(uploads.companyId, companyId), eq(clients.companyId, companyId)));
  if (!found) throw notFound(UPLOAD_NOT_FOUND);
  return toUploadView(found.upload, found.files, found.clientName);
}
