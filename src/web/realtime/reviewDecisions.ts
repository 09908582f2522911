import { createAction } from '@reduxjs/toolkit';
import { type api, uploadViews } from '@/web/api/endpoints';
import type { UploadReviewed } from './realtimeEvents';
import { notice } from './realtimeSlice';

type Tags = Parameters<typeof api.util.invalidateTags>[0];

/** An admin's decision arrived on the socket (`uploadReviewed`). */
export const reviewReceived = createAction<UploadReviewed>('realtime/reviewReceived');

/**
 * The toast that tells a person of a decision, naming the client: "Bakery's week was rejected: Week
 * ending date missing", "Bakery's week was approved". An approval past the scrub's errors says so,
 * with its reason.
 */
export function reviewNoticeText({ clientName, decision, overridden, reason }: UploadReviewed): string {
  if (decision === 'REJECTED') return `${clientName}'s week was rejected${reason ? `: ${reason}` : ''}`;
  if (overridden) return `${clientName}'s week was approved despite errors${reason ? `: ${reason}` : ''}`;
  return `${clientName}'s week was approved`;
}

/** The toast of a decision: a rejection is an error to act on, an approval a success. */
export function reviewNotice(event: UploadReviewed) {
  return notice(event.decision === 'REJECTED' ? 'error' : 'success', reviewNoticeText(event));
}

/** What a decision makes stale: every list and count of uploads, and the upload's review details and viewer. */
export function reviewInvalidations({ uploadId }: UploadReviewed): Tags {
  return [...uploadViews, { type: 'UploadReview', id: uploadId }, { type: 'UploadViewer', id: uploadId }];
}
