import * as Yup from 'yup';
import { OVERRIDE_REASON_LIMITS, OVERRIDE_REASON_MESSAGES } from '@/common/overrideReason';

/** The reason an approval of an upload with errors carries: the server's rule, counted without the spaces around it. */
export const overrideReasonSchema = Yup.object({
  reason: Yup.string()
    .trim()
    .required(OVERRIDE_REASON_MESSAGES.tooShort)
    .min(OVERRIDE_REASON_LIMITS.min, OVERRIDE_REASON_MESSAGES.tooShort)
    .max(OVERRIDE_REASON_LIMITS.max, OVERRIDE_REASON_MESSAGES.tooLong),
});

export type OverrideReasonValues = Yup.InferType<typeof overrideReasonSchema>;
