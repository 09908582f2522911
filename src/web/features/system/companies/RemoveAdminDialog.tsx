import { useState } from 'react';
import { type CompanyAdmin, useDeleteCompanyAdminMutation } from '@/web/api/generated';
import { ConfirmDialog } from '@/web/components/ConfirmDialog';
import { errorMessage } from '@/web/lib/errorMessage';
import { useToast } from '@/web/lib/useToast';

interface RemoveAdminDialogProps {
  companyId: string;
  admin: CompanyAdmin | null;
  onClose: () => void;
}

/** Confirms removing an admin from the company. */
export function RemoveAdminDialog({ companyId, admin, onClose }: RemoveAdminDialogProps) {
  const toast = useToast();
  const [deleteAdmin, { isLoading }] = useDeleteCompanyAdminMutation();
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    setFailure(null);
    onClose();
  }

  async function confirm() {
    if (!admin) return;
    setFailure(null);
    try {
      await deleteAdmin({ companyId, adminId: admin.id }).unwrap();
      toast.success('Admin removed successfully');
      close();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to remove admin'));
      toast.error('Failed to remove admin');
    }
  }

  return (
    <ConfirmDialog
      open={admin !== null}
      title="Remove Admin"
      confirmLabel="Remove"
      pendingLabel="Removing..."
      pending={isLoading}
      error={failure}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      {`Are you sure you want to remove ${admin?.name ?? ''} as an admin? This action cannot be undone.`}
    </ConfirmDialog>
  );
}
