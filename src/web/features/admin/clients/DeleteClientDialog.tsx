import { useState } from 'react';
import { type Client, useDeleteClientMutation } from '@/web/api/generated';
import { ConfirmDialog } from '@/web/components/ConfirmDialog';
import { errorMessage } from '@/web/lib/errorMessage';
import { useToast } from '@/web/lib/useToast';

interface DeleteClientDialogProps {
  client: Client | null;
  onClose: () => void;
}

/** Confirms deleting a client together with its uploads and files; stays open with the reason on failure. */
export function DeleteClientDialog({ client, onClose }: DeleteClientDialogProps) {
  const toast = useToast();
  const [deleteClient, { isLoading }] = useDeleteClientMutation();
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    setFailure(null);
    onClose();
  }

  async function confirm() {
    if (!client) return;
    setFailure(null);
    try {
      await deleteClient({ id: client.id }).unwrap();
      toast.success('Client deleted', `${client.name} has been deleted successfully`);
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <ConfirmDialog
      open={client !== null}
      title="Delete Client"
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={isLoading}
      error={failure}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      Are you sure you want to delete this client? This action cannot be undone and will permanently remove this client and all associated data.
    </ConfirmDialog>
  );
}
