import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useChangeOwnPasswordMutation } from '@/web/api/generated';
import { errorMessage, fieldErrors } from '@/web/lib/errorMessage';
import { fieldStatus } from '@/web/lib/fieldStatus';
import { useToast } from '@/web/lib/useToast';
import { changePasswordSchema, type ChangePasswordValues } from './changePasswordSchema';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';

const emptyChange: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Changes the signed-in user's own password; every other session of theirs ends, this one stays.
 * It closes on success; on failure it stays open, with the server's reason under the field it is
 * about (a wrong current password, a common new one), else above the form.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const [changePassword] = useChangeOwnPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<ChangePasswordValues>({
    initialValues: emptyChange,
    validationSchema: changePasswordSchema,
    onSubmit: async ({ currentPassword, newPassword }, helpers) => {
      setFailure(null);
      try {
        await changePassword({ passwordChangeInput: { currentPassword, newPassword } }).unwrap();
        toast.success(PASSWORD_CHANGED_MESSAGE);
        close();
      } catch (error) {
        const fields = fieldErrors(error);
        const onFields = { currentPassword: fields.currentPassword, newPassword: fields.newPassword };
        if (onFields.currentPassword || onFields.newPassword) helpers.setErrors(onFields);
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
      open={open}
      title="Change Password"
      okText={formik.isSubmitting ? 'Changing...' : 'Change Password'}
      okButtonProps={{ loading: formik.isSubmitting }}
      cancelButtonProps={{ disabled: formik.isSubmitting }}
      onOk={() => void formik.submitForm()}
      onCancel={close}
      destroyOnHidden
    >
      <form
        noValidate
        aria-label="Change Password"
        onSubmit={(event) => {
          event.preventDefault();
          void formik.submitForm();
        }}
      >
        <Form layout="vertical" component={false}>
          {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
          <Typography.Paragraph>You stay signed in here; every other browser signed in to your account is signed out.</Typography.Paragraph>
          <Form.Item label="Current password" htmlFor="change-current-password" {...fieldStatus(formik, 'currentPassword')}>
            <Input.Password id="change-current-password" autoComplete="current-password" autoFocus {...formik.getFieldProps('currentPassword')} />
          </Form.Item>
          <Form.Item label="New password" htmlFor="change-new-password" {...fieldStatus(formik, 'newPassword')}>
            <Input.Password id="change-new-password" placeholder="At least 4 characters" autoComplete="new-password" {...formik.getFieldProps('newPassword')} />
          </Form.Item>
          <Form.Item label="Confirm new password" htmlFor="change-confirm-password" {...fieldStatus(formik, 'confirmPassword')}>
            <Input.Password id="change-confirm-password" autoComplete="new-password" {...formik.getFieldProps('confirmPassword')} />
          </Form.Item>
          {/* Enter in a field submits. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </form>
    </Modal>
  );
}
