import { type FormikErrors, type FormikTouched } from 'formik';

/** Form.Item props that show a field's validation message once the field has been touched. */
export function fieldStatus<Values>(
  formik: { touched: FormikTouched<Values>; errors: FormikErrors<Values> },
  field: keyof Values,
): { validateStatus?: 'error'; help?: string } {
  const message = formik.touched[field] ? formik.errors[field] : undefined;
  return typeof message === 'string' && message ? { validateStatus: 'error', help: message } : {};
}
