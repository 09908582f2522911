import { APPROVAL_STATUSES, approvalStatusLabel, PROCESSING_STATUSES } from '@/common/statuses';
import { parseIsoDate } from '@/common/week';
import type { AdminUploadItem, UploadStatusFilter } from '@/web/api/generated';
import { processingBadgeLabel } from '@/web/components/uploads/uploadStages';

/** The processing statuses the filter offers: the stages in order, then FAILED. */
const PROCESSING_FILTERS = [...PROCESSING_STATUSES, 'FAILED'] as const;

const STATUS_FILTERS: readonly UploadStatusFilter[] = [...APPROVAL_STATUSES, ...PROCESSING_FILTERS];

/**
 * The status filter's choices, grouped as the server reads them: a review decision, or a stage of
 * processing. Each reads as its badge does in the table.
 */
export const STATUS_FILTER_GROUPS = [
  { label: 'Approval status', options: APPROVAL_STATUSES.map((value) => ({ value, label: approvalStatusLabel(value) })) },
  { label: 'Processing status', options: PROCESSING_FILTERS.map((value) => ({ value, label: processingBadgeLabel(value) })) },
];

/** The label of a status filter value, as the badge above the table names it. */
export function statusFilterLabel(status: UploadStatusFilter): string {
  return (APPROVAL_STATUSES as readonly string[]).includes(status) ? approvalStatusLabel(status) : processingBadgeLabel(status as (typeof PROCESSING_FILTERS)[number]);
}

/** A status from the address; anything else there means every status. */
export function statusFromAddress(value: string): UploadStatusFilter | undefined {
  return STATUS_FILTERS.includes(value as UploadStatusFilter) ? (value as UploadStatusFilter) : undefined;
}

/**
 * The date range from the address, as ISO dates: a text that is no calendar date is ignored, and so
 * is an end before the start (the pickers never make one; a hand-edited address might).
 */
export function dateRangeFromAddress(from: string, to: string): { dateFrom?: string; dateTo?: string } {
  const dateFrom = parseIsoDate(from) ? from : undefined;
  const dateTo = parseIsoDate(to) && !(dateFrom && to < dateFrom) ? to : undefined;
  return { ...(dateFrom ? { dateFrom } : {}), ...(dateTo ? { dateTo } : {}) };
}

/** The title of the weekly document an upload answers, which the search also matches. */
export function weeklyDocumentTitle(upload: AdminUploadItem): string {
  return `${upload.client.name} Weekly Document`;
}

/**
 * The uploads of the current page that contain the text, ignoring case, in the file name, the
 * uploader's name or email, the client's name or the weekly document's title.
 */
export function searchUploads(uploads: AdminUploadItem[], text: string): AdminUploadItem[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return uploads;
  return uploads.filter((upload) =>
    [upload.filename, upload.user.name, upload.user.email, upload.client.name, weeklyDocumentTitle(upload)].some((field) => (field ?? '').toLowerCase().includes(needle)),
  );
}
