import * as Yup from 'yup';
import { PASSWORD_LIMITS } from '@/common/limits';

/** A new company admin (spec section 5). */
export const adminSchema = Yup.object({
  name: Yup.string().trim().required('Name is required'),
  email: Yup.string().trim().required('Invalid email format').email('Invalid email format'),
  password: Yup.string().required('Password must be at least 4 characters').min(PASSWORD_LIMITS.adminMin, 'Password must be at least 4 characters'),
});

export type AdminValues = Yup.InferType<typeof adminSchema>;
