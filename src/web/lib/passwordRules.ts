import * as Yup from 'yup';
import { PASSWORD_LIMITS } from '@/common/limits';

/** The words of the new-password fields, shared by the change and reset dialogs. */
export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 4 characters',
  tooLong: 'Password must be less than 100 characters',
  confirmRequired: 'Please confirm the new password',
  mismatch: 'Passwords do not match',
} as const;

/**
 * A new password (changed or reset): the spec's staff password rule, 4 to 100 characters, for
 * every role. The server also refuses common passwords; its message shows under the field.
 */
export function newPasswordRule() {
  return Yup.string()
    .required(PASSWORD_MESSAGES.tooShort)
    .min(PASSWORD_LIMITS.staffMin, PASSWORD_MESSAGES.tooShort)
    .max(PASSWORD_LIMITS.staffMax, PASSWORD_MESSAGES.tooLong);
}

/** The new password typed a second time, which must match the field `newPassword`. */
export function confirmationRule() {
  return Yup.string()
    .required(PASSWORD_MESSAGES.confirmRequired)
    .oneOf([Yup.ref('newPassword')], PASSWORD_MESSAGES.mismatch);
}
