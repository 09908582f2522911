import { Alert, Flex, Form, Input } from 'antd';
import type { FormikProps } from 'formik';
import { fieldStatus } from '@/web/lib/fieldStatus';
import type { OverrideReasonValues } from './overrideReasonSchema';

interface OverrideReasonStepProps {
  /** Why a reason is asked for: the errors the upload has, in the server's words. */
  prompt: string;
  form: FormikProps<OverrideReasonValues>;
}

/**
 * The step between Approve and the approval of an upload whose scrub found errors: the admin writes
 * why it is approved anyway, and Approve sends it. The field takes the focus so the admin can type at once.
 */
export function OverrideReasonStep({ prompt, form }: OverrideReasonStepProps) {
  return (
    <form noValidate aria-label="Reason for approving" onSubmit={form.handleSubmit}>
      <Flex vertical gap="small" style={{ textAlign: 'start' }}>
        <Alert type="warning" showIcon title={prompt} />
        <Form layout="vertical" component={false}>
          <Form.Item label="Reason for approving despite errors" htmlFor="override-reason" {...fieldStatus(form, 'reason')}>
            <Input.TextArea id="override-reason" rows={3} autoFocus {...form.getFieldProps('reason')} />
          </Form.Item>
        </Form>
      </Flex>
    </form>
  );
}
