import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '@/web/lib/errorMessage';
import { fieldStatus } from '@/web/lib/fieldStatus';
import { useToast } from '@/web/lib/useToast';
import { resetPasswordSchema, type ResetPasswordValues } from './resetPasswordSchema';

const emptyReset: ResetPasswordValues = { newPassword: '', confirmPassword: '' };

interface ResetPasswordDialogProps {
  /** Whose password is reset; the dialog is open while there is someone. */
  user: { name: string } | null;
  /** Sends the new password; rejects with the API's error. */
  onReset: (newPassword: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Sets a new password for someone else (an admin's staff member, an operator's company admin), who is
 * signed out everywhere. It closes on success; on failure it stays open, with the server's reason
 * under the new password when it is about that field ("too common"), else above the form.
 */
export function ResetPasswordDialog({ user, onReset, onClose }: ResetPasswordDialogProps) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<ResetPasswordValues>({
    initialValues: emptyReset,
    validationSchema: resetPasswordSchema,
    onSubmit: async (values, helpers) => {
      if (!user) return;
      setFailure(null);
      try {
        await onReset(values.newPassword);
        toast.success('Password reset', `${user.name} has been signed out everywhere and can sign in with the new password.`);
        close();
      } catch (error) {
        const { newPassword } = fieldErrors(error);
        if (newPassword) helpers.setErrors({ newPassword });
        else setFailure(errorMessage(error));
      }
    },
  });

  function close() {
    formik.resetForm();
    setFailure(null);
    onClose();
  }

  return (
    <Modal
      open={user !== null}
      title="Reset Password"
      okText={formik.isSubmitting ? 'Resetting...' : 'Reset Password'}
      okButtonProps={{ loading: formik.isSubmitting }}
      cancelButtonProps={{ disabled: formik.isSubmitting }}
      onOk={() => void formik.submitForm()}
      onCancel={close}
      destroyOnHidden
    >
      <form
        noValidate
        aria-label="Reset Password"
        onSubmit={(event) => {
          event.preventDefault();
          void formik.submitForm();
        }}
      >
        <Form layout="vertical" component={false}>
          {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
          <Typography.Paragraph>
            {`Set a new password for ${user?.name ?? ''}. They will be signed out everywhere and must sign in with the new password.`}
          </Typography.Paragraph>
          <Form.Item label="New password" htmlFor="reset-new-password" {...fieldStatus(formik, 'newPassword')}>
            <Input.Password id="reset-new-password" placeholder="At least 4 characters" autoComplete="new-password" autoFocus {...formik.getFieldProps('newPassword')} />
          </Form.Item>
          <Form.Item label="Confirm new password" htmlFor="reset-confirm-password" {...fieldStatus(formik, 'confirmPassword')}>
            <Input.Password id="reset-confirm-password" autoComplete="new-password" {...formik.getFieldProps('confirmPassword')} />
          </Form.Item>
          {/* Enter in a field submits. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </form>
    </Modal>
  );
}
