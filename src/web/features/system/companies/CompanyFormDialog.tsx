import { Alert, Form, Input, Modal } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import { errorMessage } from '@/web/lib/errorMessage';
import { fieldStatus } from '@/web/lib/fieldStatus';
import { companySchema, type CompanyValues } from './companySchema';

interface CompanyFormDialogProps {
  open: boolean;
  /** 'Add Company' or 'Edit Company'. */
  title: string;
  submitLabel: string;
  initialName?: string;
  /** Saves the name; rejects with the API error. */
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The create and rename dialog. It closes on success; on failure it stays open with the error;
 * closing it clears the error and the form.
 */
export function CompanyFormDialog({ open, title, submitLabel, initialName = '', onSave, onClose }: CompanyFormDialogProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const formik = useFormik<CompanyValues>({
    initialValues: { name: initialName },
    enableReinitialize: true,
    validationSchema: companySchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        await onSave(values.name.trim());
        close();
      } catch (error) {
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
      title={title}
      okText={formik.isSubmitting ? 'Saving...' : submitLabel}
      okButtonProps={{ loading: formik.isSubmitting }}
      onOk={() => void formik.submitForm()}
      onCancel={close}
      destroyOnHidden
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          void formik.submitForm();
        }}
      >
        <Form layout="vertical" component={false}>
          {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
          <Form.Item label="Company Name" htmlFor="company-name" {...fieldStatus(formik, 'name')}>
            <Input id="company-name" placeholder="Enter company name" autoFocus {...formik.getFieldProps('name')} />
          </Form.Item>
        </Form>
      </form>
    </Modal>
  );
}
