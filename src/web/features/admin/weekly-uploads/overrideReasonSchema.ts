import * as Yup from 'yup';
import { OVERRIDE_REASON_LIMITS, OVERRIDE_REASON_MESSAGES, overrideReasonLength } from '@/common/overrideReason';

/** The reason an approval of an upload with errors carries: the server's rule, counting visible characters without the spaces around them. */
export const overrideReasonSchema = Yup.object({
  reason: Yup.string()
    .trim()
    .required(OVERRIDE_REASON_MESSAGES.tooShort)
    .test('visible-characters', OVERRIDE_REASON_MESSAGES.tooShort, (reason) => overrideReasonLength(reason ?? '') >= OVERRIDE_REASON_LIMITS.min)
    .max(OVERRIDE_REASON_LIMITS.max, OVERRIDE_REASON_MESSAGES.tooLong),
});

export type OverrideReasonValues = Yup.InferType<typeof overrideReasonSchema>;
