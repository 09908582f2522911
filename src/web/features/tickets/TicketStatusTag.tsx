import { Tag } from 'antd';
import { ticketStatusLabel } from '@/common/statuses';

const STATUS_COLOURS: Record<string, string> = {
  OPEN: 'blue',
  IN_PROGRESS: 'gold',
  COMPLETED: 'green',
  CLOSED: 'default',
};

/** A ticket's status as a coloured label; unknown values are shown as they are. */
export function TicketStatusTag({ status }: { status: string }) {
  return <Tag color={STATUS_COLOURS[status] ?? 'default'}>{ticketStatusLabel(status)}</Tag>;
}
