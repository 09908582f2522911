import { useState } from 'react';
import { type Staff, useDeleteCompanyStaffMutation } from '@/web/api/generated';
import { ConfirmDialog } from '@/web/components/ConfirmDialog';
import { errorMessage } from '@/web/lib/errorMessage';
import { useToast } from '@/web/lib/useToast';

interface DeleteStaffDialogProps {
  staff: Staff | null;
  onClose: () => void;
}

/**
 * Confirms removing a staff member. The server refuses while the member still has clients (its
 * message says how many to reassign first); the dialog then stays open with that message.
 */
export function DeleteStaffDialog({ staff, onClose }: DeleteStaffDialogProps) {
  const toast = useToast();
  const [deleteStaff, { isLoading }] = useDeleteCompanyStaffMutation();
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    setFailure(null);
    onClose();
  }

  async function confirm() {
    if (!staff) return;
    setFailure(null);
    try {
      await deleteStaff({ id: staff.id }).unwrap();
      toast.success(`${staff.name} has been deleted successfully`);
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <ConfirmDialog
      open={staff !== null}
      title="Delete Staff Member"
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={isLoading}
      error={failure}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      {`Are you sure you want to delete ${staff?.name ?? ''}? This will permanently remove them from your company.`}
    </ConfirmDialog>
  );
}
