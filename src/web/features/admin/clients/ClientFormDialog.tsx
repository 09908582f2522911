import { Alert, Button, Form, Input, Modal, Radio } from 'antd';
import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import { CLIENT_STATUS_LABELS, CLIENT_STATUSES } from '@/common/statuses';
import { type Client, useCreateClientMutation, useUpdateClientMutation } from '@/web/api/generated';
import { errorMessage, fieldErrors } from '@/web/lib/errorMessage';
import { fieldStatus } from '@/web/lib/fieldStatus';
import { useToast } from '@/web/lib/useToast';
import { clientChanges, clientFormValues, clientSchema, type ClientValues, newClient } from './clientSchema';
import { StaffSelect } from './StaffSelect';

interface ClientFormDialogProps {
  open: boolean;
  /** The client to edit; null adds a new one. */
  client: Client | null;
  onClose: () => void;
}

const statusOptions = CLIENT_STATUSES.map((status) => ({ value: status, label: CLIENT_STATUS_LABELS[status] }));

/** The server's answer when another client of the company already has the name: a warning the admin may go past. */
const DUPLICATE_CLIENT_NAME = 'DUPLICATE_CLIENT_NAME';

function isDuplicateName(error: unknown): boolean {
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data: unknown }).data : null;
  return typeof data === 'object' && data !== null && (data as { error?: unknown }).error === DUPLICATE_CLIENT_NAME;
}

/**
 * Adds a client or edits one: name, assigned staff member and status. An edit sends only what
 * changed (and nothing when nothing did). It closes on success; on failure it stays open with the
 * server's message and any refused field marked; closing clears the form and the error. A name
 * another client of the company already has is a warning ('Another client is already called X.'):
 * the admin changes the name, or saves anyway.
 */
export function ClientFormDialog({ open, client, onClose }: ClientFormDialogProps) {
  const toast = useToast();
  const [createClient] = useCreateClientMutation();
  const [updateClient] = useUpdateClientMutation();
  const [failure, setFailure] = useState<string | null>(null);
  /** The warning about a name already taken, shown until the name changes or the admin saves anyway. */
  const [duplicate, setDuplicate] = useState<{ name: string; warning: string } | null>(null);
  const initialValues = useMemo(() => clientFormValues(client), [client]);
  const title = client ? 'Edit Client' : 'Add Client';

  const formik = useFormik<ClientValues>({
    initialValues,
    enableReinitialize: true,
    validationSchema: clientSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      // Saving anyway holds only for the name the warning was about.
      const allowDuplicate = duplicate !== null && duplicate.name === values.name.trim() ? { allow_duplicate_name: true } : {};
      setDuplicate(null);
      try {
        if (client) {
          const changes = clientChanges(client, values);
          if (Object.keys(changes).length > 0) {
            const saved = await updateClient({ id: client.id, clientUpdate: { ...changes, ...(changes.name !== undefined ? allowDuplicate : {}) } }).unwrap();
            toast.success('Client updated', `${saved.data.client.name} has been updated`);
          }
        } else {
          const saved = await createClient({ clientInput: { ...newClient(values), ...allowDuplicate } }).unwrap();
          toast.success('Client created', `${saved.data.client.name} has been added`);
        }
        close();
      } catch (error) {
        if (isDuplicateName(error)) {
          setDuplicate({ name: values.name.trim(), warning: errorMessage(error) });
          return;
        }
        helpers.setErrors(fieldErrors(error));
        setFailure(errorMessage(error));
      }
    },
  });

  function close() {
    formik.resetForm();
    setFailure(null);
    setDuplicate(null);
    onClose();
  }

  const duplicateShown = duplicate !== null && duplicate.name === formik.values.name.trim() ? duplicate : null;

  return (
    <Modal
      open={open}
      title={title}
      okText={formik.isSubmitting ? 'Saving...' : client ? 'Save Changes' : 'Create Client'}
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
          {duplicateShown && (
            <Alert
              type="warning"
              showIcon
              title={duplicateShown.warning}
              description="Change the name, or save anyway if this is a different client."
              action={
                <Button size="small" onClick={() => void formik.submitForm()} disabled={formik.isSubmitting}>
                  Save anyway
                </Button>
              }
              style={{ marginBottom: 12 }}
            />
          )}
          <Form.Item label="Client Name" htmlFor="client-name" {...fieldStatus(formik, 'name')}>
            <Input id="client-name" placeholder="Enter client name" autoComplete="off" autoFocus {...formik.getFieldProps('name')} />
          </Form.Item>
          <Form.Item label="Assigned Staff" htmlFor="client-staff" {...fieldStatus(formik, 'assigned_staff_id')}>
            <StaffSelect
              id="client-staff"
              value={formik.values.assigned_staff_id}
              chosenName={client?.assigned_staff_name}
              placeholder="Search and select a staff member"
              status={fieldStatus(formik, 'assigned_staff_id').validateStatus}
              onChange={(staffId) => void formik.setFieldValue('assigned_staff_id', staffId)}
              onBlur={() => void formik.setFieldTouched('assigned_staff_id')}
            />
          </Form.Item>
          <Form.Item label="Status" htmlFor="client-status">
            <Radio.Group
              id="client-status"
              role="radiogroup"
              aria-label="Status"
              optionType="button"
              options={statusOptions}
              value={formik.values.status}
              onChange={(event) => void formik.setFieldValue('status', event.target.value)}
            />
          </Form.Item>
          {/* Enter in a field submits. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </form>
    </Modal>
  );
}
