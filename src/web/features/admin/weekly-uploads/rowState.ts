import type { FileType, WeeklyDocumentRow } from '@/web/api/generated';
import { isInProgress } from '@/web/components/uploads/uploadStages';
import type { LiveUpload } from '@/web/realtime/processingSlice';

export type RowState = WeeklyDocumentRow['weekStatus'];

/**
 * Where a row stands: the server's week status, unless the socket has newer word on the upload
 * (its processing moved on, finished or failed) than the list, which lags until its refetch.
 */
export function rowState({ weekStatus, upload }: WeeklyDocumentRow, live: LiveUpload | undefined): RowState {
  if (!upload || !live) return weekStatus;
  if (live.status === 'FAILED') return 'FAILED';
  if (isInProgress(live.status)) return 'PROCESSING';
  return weekStatus === 'PROCESSING' ? upload.approval_status : weekStatus;
}

/** The versions of an upload the server holds (spec 2.12), in the order raw, consolidated, scrubbed (the row names them in that order). */
export function storedVersions(upload: WeeklyDocumentRow['upload']): FileType[] {
  return upload ? upload.versions : [];
}

/** An admin reviews only a processed upload still awaiting a decision (spec section 4). */
export function canReview(row: WeeklyDocumentRow, live: LiveUpload | undefined): boolean {
  return row.upload?.status === 'SCRUBBED' && row.upload.approval_status === 'PENDING' && rowState(row, live) === 'PENDING';
}
