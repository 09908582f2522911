import * as Yup from 'yup';

/** The longest comment on a version the contract takes (ReviewInput's maxLength), counted once trimmed as it is sent. */
export const REVIEW_NOTE_MAX = 5000;

export const REVIEW_NOTE_TOO_LONG = `Keep the comments to ${REVIEW_NOTE_MAX} characters or fewer.`;

const note = Yup.string().trim().max(REVIEW_NOTE_MAX, REVIEW_NOTE_TOO_LONG);

/** The review dialog's optional comments, one per version of the upload (spec 2.12). */
export const reviewNotesSchema = Yup.object({
  raw_notes: note,
  consolidated_notes: note,
  scrubbed_notes: note,
});

export type ReviewNotesValues = Required<Yup.InferType<typeof reviewNotesSchema>>;
