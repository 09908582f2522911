import * as Yup from 'yup';
import { NAME_LIMITS } from '@/common/limits';

/** Create and rename a company (spec section 5). */
export const companySchema = Yup.object({
  name: Yup.string()
    .trim()
    .required('Company name is required')
    .max(NAME_LIMITS.companyName, 'Company name must be less than 255 characters'),
});

export type CompanyValues = Yup.InferType<typeof companySchema>;
