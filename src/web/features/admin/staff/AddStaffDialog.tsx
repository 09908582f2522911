import { Alert, Form, Input, Modal } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useCreateCompanyStaffMutation } from '@/web/api/generated';
import { errorMessage, fieldErrors } from '@/web/lib/errorMessage';
import { fieldStatus } from '@/web/lib/fieldStatus';
import { useToast } from '@/web/lib/useToast';
import { staffSchema, type StaffValues } from './staffSchema';

const emptyStaff: StaffValues = { name: '', email: '', password: '' };

/**
 * Adds a staff member to the admin's company. It closes on success; on failure it stays open with
 * the server's message, and a refused field (a 400 naming it) shows its reason under that field.
 * Closing clears the form and the error.
 */
export function AddStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const [createStaff] = useCreateCompanyStaffMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<StaffValues>({
    initialValues: emptyStaff,
    validationSchema: staffSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      const staff = staffSchema.cast(values);
      try {
        await createStaff({ staffInput: staff }).unwrap();
        toast.success('Staff member added', `${staff.name} has been added to your company`);
        close();
      } catch (error) {
        helpers.setErrors(fieldErrors(error));
        setFailure(errorMessage(error));
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
      title="Add Staff"
      okText={formik.isSubmitting ? 'Adding...' : 'Add Staff'}
      okButtonProps={{ loading: formik.isSubmitting }}
      onOk={() => void formik.submitForm()}
      onCancel={close}
      destroyOnHidden
    >
      <form
        noValidate
        aria-label="Add Staff"
        onSubmit={(event) => {
          event.preventDefault();
          void formik.submitForm();
        }}
      >
        <Form layout="vertical" component={false}>
          {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
          <Form.Item label="Name" htmlFor="staff-name" {...fieldStatus(formik, 'name')}>
            <Input id="staff-name" placeholder="Enter full name" autoComplete="off" autoFocus {...formik.getFieldProps('name')} />
          </Form.Item>
          <Form.Item label="Email" htmlFor="staff-email" {...fieldStatus(formik, 'email')}>
            <Input id="staff-email" type="email" placeholder="name@company.com" autoComplete="off" {...formik.getFieldProps('email')} />
          </Form.Item>
          <Form.Item label="Password" htmlFor="staff-password" {...fieldStatus(formik, 'password')}>
            <Input.Password id="staff-password" placeholder="At least 4 characters" autoComplete="new-password" {...formik.getFieldProps('password')} />
          </Form.Item>
          {/* Enter in a field submits. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </form>
    </Modal>
  );
}
