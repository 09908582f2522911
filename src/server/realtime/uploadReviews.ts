import type { approvalStatuses } from '../db/schema';

/** A decision an admin can make on an upload. */
export type ReviewDecision = Exclude<(typeof approvalStatuses)[number], 'PENDING'>;

/**
 * One `uploadReviewed` event: an admin approved or rejected an upload, told to the open tabs of the
 * staff member assigned to its client and of the company's admins, so their rows, counts and
 * dashboards change without a reload and the person reads who was decided and how. Published only
 * after the decision is committed, so a tab that missed it finds the same truth by refetching.
 */
export interface UploadReviewed {
  uploadId: string;
  clientId: string;
  /** The client's name as it is now: the toast names it. */
  clientName: string;
  /** The week the upload is for (ISO date of its Monday). */
  weekStart: string;
  decision: ReviewDecision;
  /** Approved although its scrub found errors, with a written reason. */
  overridden: boolean;
  /**
   * In a line: for a rejection, the first line of its first note (raw, then consolidated, then
   * scrubbed); for an override, the first line of the reason; null when there is none.
   */
  reason: string | null;
}

/** How much of a line a toast shows; the rest is one click away, in the review details. */
export const REASON_MAX_CHARS = 160;

/**
 * The first line with any text of the first text given, trimmed and cut to REASON_MAX_CHARS (with an
 * ellipsis); null when none has any.
 */
export function firstLineOf(...texts: (string | null | undefined)[]): string | null {
  for (const text of texts) {
    const line = text
      ?.split(/\r?\n/)
      .map((part) => part.trim())
      .find((part) => part.length > 0);
    if (line) return [...line].length > REASON_MAX_CHARS ? `${[...line].slice(0, REASON_MAX_CHARS - 1).join('').trimEnd()}…` : line;
  }
  return null;
}
