import * as Yup from 'yup';
import { confirmationRule, newPasswordRule } from '@/web/lib/passwordRules';

/** Someone else's new password, set by an admin (their staff) or an operator (a company's admins). */
export const resetPasswordSchema = Yup.object({
  newPassword: newPasswordRule(),
  confirmPassword: confirmationRule(),
});

export type ResetPasswordValues = Yup.InferType<typeof resetPasswordSchema>;
