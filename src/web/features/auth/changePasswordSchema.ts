import * as Yup from 'yup';
import { confirmationRule, newPasswordRule } from '@/web/lib/passwordRules';

export const PASSWORD_UNCHANGED_MESSAGE = 'The new password must be different from your current password.';

/** The signed-in user's own new password, with the current one it replaces (the server checks that one). */
export const changePasswordSchema = Yup.object({
  currentPassword: Yup.string().required('Current password is required'),
  newPassword: newPasswordRule().notOneOf([Yup.ref('currentPassword')], PASSWORD_UNCHANGED_MESSAGE),
  confirmPassword: confirmationRule(),
});

export type ChangePasswordValues = Yup.InferType<typeof changePasswordSchema>;
