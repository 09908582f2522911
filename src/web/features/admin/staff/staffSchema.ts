import * as Yup from 'yup';
import { NAME_LIMITS, PASSWORD_LIMITS } from '@/common/limits';

/** The contract's limit on an email address; a longer one cannot be valid. */
const EMAIL_MAX_LENGTH = 255;

/**
 * A new staff member (spec section 5). `staffSchema.cast(values)` gives what is sent: the name
 * trimmed, the email trimmed and lower-cased, so 'Ann@Acme.test ' and 'ann@acme.test' are one person.
 */
export const staffSchema = Yup.object({
  name: Yup.string().trim().required('Name is required').max(NAME_LIMITS.staffName, 'Name must be less than 100 characters'),
  email: Yup.string().trim().lowercase().required('Email is required').email('Invalid email format').max(EMAIL_MAX_LENGTH, 'Invalid email format'),
  password: Yup.string()
    .required('Password must be at least 4 characters')
    .min(PASSWORD_LIMITS.staffMin, 'Password must be at least 4 characters')
    .max(PASSWORD_LIMITS.staffMax, 'Password must be less than 100 characters'),
});

export type StaffValues = Yup.InferType<typeof staffSchema>;
