import { Card, Flex, Typography } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { TICKET_ID_DISPLAY_LENGTH } from '@/common/limits';
import type { Ticket } from '@/web/api/generated';
import { formatDateTime } from '@/web/lib/formatDate';
import { returnState } from '@/web/lib/returnTo';
import { RoleBadge } from './RoleBadge';
import { TicketStatusTag } from './TicketStatusTag';

/** One ticket in the grid; a click anywhere opens it, and its Back link returns to this list view. */
export function TicketCard({ ticket, to }: { ticket: Ticket; to: string }) {
  const navigate = useNavigate();
  const state = returnState(useLocation());
  return (
    <Card hoverable size="small" onClick={() => navigate(to, { state })} style={{ height: '100%' }} aria-label={`Ticket ${ticket.title}`} role="article">
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="flex-start" gap="small">
          <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }} ellipsis={{ rows: 2 }}>
            <Link to={to} state={state} onClick={(event) => event.stopPropagation()}>
              {ticket.title}
            </Link>
          </Typography.Title>
          <TicketStatusTag status={ticket.status} />
        </Flex>
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} style={{ margin: 0 }}>
          {ticket.description}
        </Typography.Paragraph>
        <Flex align="center" gap={6} wrap>
          <Typography.Text>{ticket.created_by_name}</Typography.Text>
          <RoleBadge role={ticket.created_by_role} />
          {ticket.company_name && <Typography.Text type="secondary">{ticket.company_name}</Typography.Text>}
        </Flex>
        <Flex justify="space-between" wrap gap="small">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(ticket.created_at)}
          </Typography.Text>
          <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
            {`#${ticket.id.slice(0, TICKET_ID_DISPLAY_LENGTH)}`}
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
