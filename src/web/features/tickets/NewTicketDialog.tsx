import { Alert, Form, Input, Modal } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useCreateTicketMutation } from '@/web/api/generated';
import { errorMessage } from '@/web/lib/errorMessage';
import { fieldStatus } from '@/web/lib/fieldStatus';
import { useToast } from '@/web/lib/useToast';
import { ticketSchema, type TicketValues } from './ticketSchemas';

/** Raises a support ticket; Create stays disabled until the form is valid. */
export function NewTicketDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const [createTicket] = useCreateTicketMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<TicketValues>({
    initialValues: { title: '', description: '' },
    validationSchema: ticketSchema,
    validateOnChange: true,
    validateOnMount: true,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        await createTicket({ ticketInput: { title: values.title.trim(), description: values.description.trim() } }).unwrap();
        toast.success('Ticket created successfully');
        close();
      } catch (error) {
        setFailure(errorMessage(error));
      }
    },
  });

  function close() {
    formik.resetForm();
    void formik.validateForm(formik.initialValues);
    setFailure(null);
    onClose();
  }

  const touchOnChange = (field: keyof TicketValues) => ({
    ...formik.getFieldProps(field),
    onChange: (event: { target: { value: string } }) => {
      void formik.setFieldTouched(field, true, false);
      void formik.setFieldValue(field, event.target.value, true);
    },
  });

  return (
    <Modal
      open={open}
      title="Create New Ticket"
      okText={formik.isSubmitting ? 'Creating...' : 'Create Ticket'}
      okButtonProps={{ disabled: !formik.isValid || formik.isSubmitting, loading: formik.isSubmitting }}
      onOk={() => void formik.submitForm()}
      onCancel={close}
      destroyOnHidden
    >
      <Form layout="vertical" component={false}>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
        <Form.Item label="Title" htmlFor="ticket-title" {...fieldStatus(formik, 'title')}>
          <Input id="ticket-title" placeholder="Brief summary of the issue" {...touchOnChange('title')} />
        </Form.Item>
        <Form.Item label="Description" htmlFor="ticket-description" {...fieldStatus(formik, 'description')}>
          <Input.TextArea id="ticket-description" rows={5} placeholder="Describe the issue in detail" {...touchOnChange('description')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
