import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDeleteTicketMutation } from '@/web/api/generated';
import { ConfirmDialog } from '@/web/components/ConfirmDialog';

/** Deletes a ticket after confirmation and returns to the list; a failure is only logged (spec section 8). */
export function DeleteTicketButton({ ticketId, backTo }: { ticketId: string; backTo: string }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleteTicket, { isLoading }] = useDeleteTicketMutation();

  async function confirm() {
    try {
      await deleteTicket({ id: ticketId }).unwrap();
      setConfirming(false);
      navigate(backTo, { replace: true });
    } catch (error) {
      console.error('Ticket delete failed', error);
      setConfirming(false);
    }
  }

  return (
    <>
      <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete Ticket"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        Are you sure you want to delete this ticket? This action cannot be undone.
      </ConfirmDialog>
    </>
  );
}
