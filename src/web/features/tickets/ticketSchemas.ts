import * as Yup from 'yup';
import { NAME_LIMITS } from '@/common/limits';

/** A new support ticket (spec section 5). */
export const ticketSchema = Yup.object({
  title: Yup.string().trim().required('Title is required').max(NAME_LIMITS.ticketTitle, 'Title too long'),
  description: Yup.string().trim().required('Description is required'),
});

export type TicketValues = Yup.InferType<typeof ticketSchema>;

/** A comment on a ticket. */
export const commentSchema = Yup.object({
  comment: Yup.string().trim().required('Comment is required'),
});

export type CommentValues = Yup.InferType<typeof commentSchema>;
