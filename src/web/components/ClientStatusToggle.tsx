import { Tag } from 'antd';
import { type Client, useUpdateClientMutation } from '@/web/api/generated';
import { errorMessage } from '@/web/lib/errorMessage';
import { useToast } from '@/web/lib/useToast';

const LABELS = { ACTIVE: 'Active', INACTIVE: 'Inactive' } as const;

interface ClientStatusToggleProps {
  client: Pick<Client, 'id' | 'name' | 'status'>;
}

/**
 * The status pill of a client (spec section 4): a click switches ACTIVE and INACTIVE at once through
 * `PUT /client/{id}` with the status only, and shows '...' while the change is on its way. Admins and
 * staff use the same pill; the server decides who may change which client.
 */
export function ClientStatusToggle({ client }: ClientStatusToggleProps) {
  const [updateClient, { isLoading }] = useUpdateClientMutation();
  const toast = useToast();
  const next = client.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';

  async function toggle() {
    if (isLoading) return;
    try {
      await updateClient({ id: client.id, clientUpdate: { status: next } }).unwrap();
    } catch (error) {
      toast.error('Failed to update client status', errorMessage(error));
    }
  }

  return (
    <Tag
      role="button"
      tabIndex={0}
      color={isLoading ? 'default' : client.status === 'ACTIVE' ? 'green' : 'red'}
      aria-label={`Status of ${client.name}: ${LABELS[client.status]}. Change to ${LABELS[next]}`}
      aria-busy={isLoading}
      style={{ cursor: isLoading ? 'progress' : 'pointer', minWidth: 64, textAlign: 'center', userSelect: 'none' }}
      onClick={() => void toggle()}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          void toggle();
        }
      }}
    >
      {isLoading ? '...' : LABELS[client.status]}
    </Tag>
  );
}
