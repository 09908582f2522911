import { Alert, Flex, Form, type GetRef, Input } from 'antd';
import type { FormikProps } from 'formik';
import type { Ref } from 'react';
import { fieldStatus } from '@/web/lib/fieldStatus';
import type { OverrideReasonValues } from './overrideReasonSchema';

export type ReasonFieldRef = GetRef<typeof Input.TextArea>;

interface OverrideReasonStepProps {
  /** Why a reason is asked for: the errors the upload has, in the server's words. */
  prompt: string;
  form: FormikProps<OverrideReasonValues>;
  /** Whether the field takes the focus when it appears (when it appears because Approve asked for it). */
  autoFocus?: boolean;
  /** The field, so Approve can bring the admin to it when the reason is missing. */
  fieldRef?: Ref<ReasonFieldRef>;
}

/**
 * The reason an upload whose scrub found errors is approved anyway. It sits above the dialog's
 * buttons from the start when the dialog knows of the errors, or appears when the server names them
 * on Approve; Approve sends it.
 */
export function OverrideReasonStep({ prompt, form, autoFocus = false, fieldRef }: OverrideReasonStepProps) {
  return (
    <form noValidate aria-label="Reason for approving" onSubmit={form.handleSubmit}>
      <Flex vertical gap="small" style={{ textAlign: 'start' }}>
        <Alert type="warning" showIcon title={prompt} />
        <Form layout="vertical" component={false}>
          <Form.Item label="Reason for approving despite errors" htmlFor="override-reason" style={{ marginBottom: 0 }} {...fieldStatus(form, 'reason')}>
            <Input.TextArea id="override-reason" ref={fieldRef} rows={2} autoFocus={autoFocus} {...form.getFieldProps('reason')} />
          </Form.Item>
        </Form>
      </Flex>
    </form>
  );
}
