import { EditOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { TICKET_STATUSES, type TicketStatus, ticketStatusLabel } from '@/common/statuses';
import { useUpdateTicketStatusMutation } from '@/web/api/generated';
import { errorMessage } from '@/web/lib/errorMessage';
import { useToast } from '@/web/lib/useToast';

/** 'Update Status' opens a dropdown of the four statuses; a choice is sent at once and the editor closes. */
export function TicketStatusEditor({ ticketId, status }: { ticketId: string; status: string }) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [updateStatus, { isLoading }] = useUpdateTicketStatusMutation();

  async function choose(next: TicketStatus) {
    setEditing(false);
    if (next === status) return;
    try {
      await updateStatus({ id: ticketId, body: { status: next } }).unwrap();
      toast.success('Ticket status updated', `The ticket is now ${ticketStatusLabel(next)}.`);
    } catch (error) {
      toast.error('Failed to update ticket status', errorMessage(error));
    }
  }

  if (!editing) {
    return (
      <Button icon={<EditOutlined aria-hidden />} loading={isLoading} onClick={() => setEditing(true)}>
        Update Status
      </Button>
    );
  }
  return (
    <Select<TicketStatus>
      id="ticket-status-editor"
      aria-label="New status"
      autoFocus
      defaultOpen
      style={{ minWidth: 180 }}
      value={status as TicketStatus}
      options={TICKET_STATUSES.map((value) => ({ value, label: ticketStatusLabel(value) }))}
      onChange={(next) => void choose(next)}
      onBlur={() => setEditing(false)}
    />
  );
}
