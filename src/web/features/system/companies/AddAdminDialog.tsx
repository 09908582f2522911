import { Alert, Form, Input, Modal } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useCreateCompanyAdminMutation } from '@/web/api/generated';
import { errorMessage, fieldErrors } from '@/web/lib/errorMessage';
import { fieldStatus } from '@/web/lib/fieldStatus';
import { useToast } from '@/web/lib/useToast';
import { adminSchema, type AdminValues } from './adminSchema';

const emptyAdmin: AdminValues = { name: '', email: '', password: '' };

/** Adds an admin to a company; closes on success, stays open with the reason on failure. */
export function AddAdminDialog({ companyId, open, onClose }: { companyId: string; open: boolean; onClose: () => void }) {
  const toast = useToast();
  const [createAdmin] = useCreateCompanyAdminMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<AdminValues>({
    initialValues: emptyAdmin,
    validationSchema: adminSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      const admin = { name: values.name.trim(), email: values.email.trim(), password: values.password };
      try {
        await createAdmin({ companyId, adminInput: admin }).unwrap();
        toast.success('Admin created successfully', `${admin.name} has been added as an admin`);
        close();
      } catch (error) {
        const reason = errorMessage(error, 'Failed to create admin');
        helpers.setErrors(fieldErrors(error));
        setFailure(reason);
        toast.error('Failed to create admin', reason);
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
      title="Add Admin"
      okText={formik.isSubmitting ? 'Creating...' : 'Create Admin'}
      okButtonProps={{ loading: formik.isSubmitting }}
      onOk={() => void formik.submitForm()}
      onCancel={close}
      destroyOnHidden
    >
      <form
        noValidate
        aria-label="Add Admin"
        onSubmit={(event) => {
          event.preventDefault();
          void formik.submitForm();
        }}
      >
        <Form layout="vertical" component={false}>
          {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
          <Form.Item label="Name" htmlFor="admin-name" {...fieldStatus(formik, 'name')}>
            <Input id="admin-name" autoComplete="off" {...formik.getFieldProps('name')} />
          </Form.Item>
          <Form.Item label="Email" htmlFor="admin-email" {...fieldStatus(formik, 'email')}>
            <Input id="admin-email" type="email" autoComplete="off" {...formik.getFieldProps('email')} />
          </Form.Item>
          <Form.Item label="Password" htmlFor="admin-password" {...fieldStatus(formik, 'password')}>
            <Input.Password id="admin-password" autoComplete="new-password" {...formik.getFieldProps('password')} />
          </Form.Item>
          {/* Enter in a field submits. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </form>
    </Modal>
  );
}
