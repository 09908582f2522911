import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router-dom';
import { useGetTicketQuery } from '@/web/api/generated';
import { BackLink } from '@/web/components/BackLink';
import { LoadError } from '@/web/components/LoadError';
import { formatDateTime } from '@/web/lib/formatDate';
import { useReturnTo } from '@/web/lib/returnTo';
import { isMissingRecord, isUuid } from '@/web/lib/routeId';
import { CommentForm } from './CommentForm';
import { CommentsThread } from './CommentsThread';
import { DeleteTicketButton } from './DeleteTicketButton';
import { RoleBadge } from './RoleBadge';
import { TicketStatusEditor } from './TicketStatusEditor';
import { TicketStatusTag } from './TicketStatusTag';

interface TicketDetailPageProps {
  /** The list this ticket was opened from. */
  backTo: string;
  backLabel: string;
  /**
   * Operators may change the status and delete the ticket; their view always shows the updated
   * time (spec 2.8), where a company's users see it only when it differs from the created time (2.19).
   */
  canManage?: boolean;
}

/**
 * One ticket and its comments. An address whose id cannot name a ticket says 'Invalid ticket ID'
 * without asking the server. Back (and a delete) return to the list view the ticket was opened from.
 */
export function TicketDetailPage({ backTo, backLabel, canManage = false }: TicketDetailPageProps) {
  const { id } = useParams();
  const listView = useReturnTo(backTo);
  const { data, error, isLoading, isFetching, refetch } = useGetTicketQuery(isUuid(id) ? { id } : skipToken);
  const ticket = data?.data.ticket;
  const comments = data?.data.comments ?? [];

  let body;
  if (!isUuid(id)) body = <Alert type="error" showIcon title="Invalid ticket ID" />;
  else if (isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (error && isMissingRecord(error)) body = <Alert type="error" showIcon title="Invalid ticket ID" />;
  else if (error || !ticket) body = <LoadError error={error} fallback="Failed to load ticket details. Please try again later." message="Failed to load ticket details. Please try again later." onRetry={refetch} retrying={isFetching} />;
  else
    body = (
      <Flex vertical gap="large">
        <Card>
          <Flex justify="space-between" align="flex-start" gap="middle" wrap>
            <div>
              <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
                {ticket.title}
              </Typography.Title>
              <Flex align="center" gap={6} wrap style={{ marginTop: 8 }}>
                <Typography.Text>{ticket.created_by_name}</Typography.Text>
                <RoleBadge role={ticket.created_by_role} />
                {ticket.company_name && <Typography.Text type="secondary">{ticket.company_name}</Typography.Text>}
                <TicketStatusTag status={ticket.status} />
              </Flex>
            </div>
            {canManage && (
              <Flex gap="small" wrap>
                <TicketStatusEditor ticketId={ticket.id} status={ticket.status} />
                <DeleteTicketButton ticketId={ticket.id} backTo={listView} />
              </Flex>
            )}
          </Flex>
          <Typography.Title level={2} style={{ fontSize: 16, margin: '24px 0 8px' }}>
            Description
          </Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{ticket.description}</Typography.Paragraph>
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label="Created">{formatDateTime(ticket.created_at)}</Descriptions.Item>
            {(canManage || ticket.updated_at !== ticket.created_at) && (
              <Descriptions.Item label="Updated">{formatDateTime(ticket.updated_at)}</Descriptions.Item>
            )}
            <Descriptions.Item label="Ticket ID">
              <Typography.Text code>{ticket.id}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{`Comments (${comments.length})`}</Typography.Title>}>
          <Flex vertical gap="large">
            <CommentsThread comments={comments} />
            <CommentForm ticketId={ticket.id} />
          </Flex>
        </Card>
      </Flex>
    );

  return (
    <>
      <BackLink to={listView}>{backLabel}</BackLink>
      {body}
    </>
  );
}
