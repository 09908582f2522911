import * as Yup from 'yup';
import { PASSWORD_LIMITS } from '@/common/limits';

/** The sign-in form of all three roles (spec section 5). */
export const loginSchema = Yup.object({
  email: Yup.string().trim().required('Please enter a valid email address').email('Please enter a valid email address'),
  password: Yup.string().required('Password is required').min(PASSWORD_LIMITS.loginMin, 'Password is required'),
});

export type LoginValues = Yup.InferType<typeof loginSchema>;
