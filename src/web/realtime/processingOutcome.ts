import type { UnknownAction } from '@reduxjs/toolkit';
import { type api, uploadViews } from '@/web/api/endpoints';
import type { WeeklyDocumentRow } from '@/web/api/generated';
import { isNewer, keyOf, type ProcessingState, type TrackRequest } from './processingSlice';
import { isFinalStatus, type ProcessingUpdate } from './realtimeEvents';
import { notice } from './realtimeSlice';

export const PROCESSING_SUCCEEDED = 'File processing completed successfully';
export const PROCESSING_FAILED = 'Processing failed';

type Tags = Parameters<typeof api.util.invalidateTags>[0];

/** What an update of a followed upload calls for, besides recording it. */
export interface ProcessingOutcome {
  /** Rooms to leave: the upload ended. */
  leave: string[];
  /** Cached reads the update made stale. */
  invalidate: Tags;
  /** The toast of spec section 4, when the end is news to this tab. */
  notice?: UnknownAction;
}

/**
 * Reads an update against the state before it was recorded. A new stage changes what the lists show
 * (a new version to download, a count) and what an opened row shows of the upload (its versions), so
 * they refetch. The end of processing also refreshes the
 * upload's review and its viewer, leaves its rooms and is announced: the server's message, else the spec's
 * text, with the client the upload was for on the line under it when it is known.
 * A join's answer that reports the end of an upload this tab only resumed is not news (the row
 * already said so when the list loaded), so it ends quietly.
 */
export function processingOutcome(previous: ProcessingState, update: ProcessingUpdate, answeredJoin: boolean): ProcessingOutcome | null {
  const key = keyOf(previous, update);
  if (key === null) return null;
  const entry = previous.tracked[key];
  if (!isNewer(entry, update)) return null;
  if (!isFinalStatus(update.status)) {
    return entry.status === update.status ? null : { leave: [], invalidate: [...uploadViews, { type: 'UploadReview', id: update.processingId }] };
  }
  const leave = [...new Set([entry.room, update.processingId])];
  const invalidate: Tags = [...uploadViews, { type: 'UploadReview', id: update.processingId }, { type: 'UploadViewer', id: update.processingId }];
  if (answeredJoin && entry.source === 'resumed') return { leave, invalidate };
  // The spec's text stays the title; the client it was for is the line under it.
  const client = entry.clientName ? `Client: ${entry.clientName}` : undefined;
  const announcement =
    update.status === 'SCRUBBED'
      ? notice('success', update.message || PROCESSING_SUCCEEDED, client)
      : notice('error', update.error || PROCESSING_FAILED, client);
  return { leave, invalidate, notice: announcement };
}

/**
 * The clients of followed uploads that a weekly list names and the following does not know yet (an
 * upload this tab just queued, before its list came back): so the toast at its end can name them.
 */
export function clientsOfFollowedUploads(state: ProcessingState, rows: WeeklyDocumentRow[]): { processingId: string; clientName: string }[] {
  const unnamed = new Set(Object.values(state.tracked).flatMap((entry) => (entry.processingId && entry.clientName === null ? [entry.processingId] : [])));
  return rows.flatMap(({ upload, client }) => (upload && unnamed.has(upload.upload_id) ? [{ processingId: upload.upload_id, clientName: client.name }] : []));
}

/**
 * The rows of a weekly list whose upload the server reports in progress and that nobody follows
 * yet: after a reload, or an upload made in another tab, they are joined again so the dots go on.
 */
export function resumableUploads(state: ProcessingState, rows: WeeklyDocumentRow[]): TrackRequest[] {
  const followed = new Set(Object.values(state.tracked).flatMap((entry) => (entry.processingId ? [entry.processingId] : [])));
  return rows.flatMap(({ upload, client }) => {
    if (!upload || isFinalStatus(upload.status)) return [];
    const id = upload.upload_id;
    if (state.tracked[id] || followed.has(id) || state.settled[id]) return [];
    return [{ processingId: id, status: upload.status, source: 'resumed' as const, clientName: client.name }];
  });
}
