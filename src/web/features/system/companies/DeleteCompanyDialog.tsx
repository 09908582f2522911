import { useState } from 'react';
import type { Company } from '@/web/api/generated';
import { ConfirmDialog } from '@/web/components/ConfirmDialog';
import { errorMessage } from '@/web/lib/errorMessage';

interface DeleteCompanyDialogProps {
  company: Company | null;
  onDelete: (company: Company) => Promise<unknown>;
  onClose: () => void;
}

/** Confirms a company delete; the server removes everything the company owns with it. */
export function DeleteCompanyDialog({ company, onDelete, onClose }: DeleteCompanyDialogProps) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    setFailure(null);
    onClose();
  }

  async function confirm() {
    if (!company) return;
    setPending(true);
    setFailure(null);
    try {
      await onDelete(company);
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <ConfirmDialog
      open={company !== null}
      title="Delete Company"
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={pending}
      error={failure}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      {`Are you sure you want to delete ${company?.name ?? ''}? This action cannot be undone.`} All of its admins, staff, clients,
      uploads, files and tickets are removed too.
    </ConfirmDialog>
  );
}
