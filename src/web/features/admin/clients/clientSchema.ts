import * as Yup from 'yup';
import { NAME_LIMITS } from '@/common/limits';
import { CLIENT_STATUSES, type ClientStatus } from '@/common/statuses';
import type { Client, ClientInput, ClientUpdate } from '@/web/api/generated';

/** Create and edit a client (spec section 5); a new client starts ACTIVE. */
export const clientSchema = Yup.object({
  name: Yup.string().trim().required('Client name is required').max(NAME_LIMITS.clientName, 'Client name too long'),
  assigned_staff_id: Yup.string().required('Staff assignment is required'),
  status: Yup.mixed<ClientStatus>().oneOf(CLIENT_STATUSES).required().default('ACTIVE'),
});

export type ClientValues = Yup.InferType<typeof clientSchema>;

/** The form's starting values: empty for a new client, the client's own when editing. */
export function clientFormValues(client: Client | null): ClientValues {
  return {
    name: client?.name ?? '',
    assigned_staff_id: client?.assigned_staff_id ?? '',
    status: client?.status ?? 'ACTIVE',
  };
}

/** What a create sends: the name trimmed. */
export function newClient(values: ClientValues): ClientInput {
  const { name, assigned_staff_id, status } = clientSchema.cast(values);
  return { name, assigned_staff_id, status };
}

/**
 * What an edit sends: only the fields that differ from the client, so a save does not overwrite a
 * change someone else made meanwhile to a field this form left alone. Empty when nothing changed.
 */
export function clientChanges(client: Client, values: ClientValues): ClientUpdate {
  const { name, assigned_staff_id, status } = clientSchema.cast(values);
  return {
    ...(name !== client.name ? { name } : {}),
    ...(assigned_staff_id !== client.assigned_staff_id ? { assigned_staff_id } : {}),
    ...(status !== client.status ? { status } : {}),
  };
}
