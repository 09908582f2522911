import { Flex, Typography } from 'antd';
import type { TicketComment } from '@/web/api/generated';
import { formatDateTime } from '@/web/lib/formatDate';
import { RoleBadge } from './RoleBadge';

/** The comments of a ticket, oldest first. */
export function CommentsThread({ comments }: { comments: TicketComment[] }) {
  if (comments.length === 0) {
    return <Typography.Paragraph type="secondary">No comments yet</Typography.Paragraph>;
  }
  return (
    <Flex component="ol" vertical gap={12} style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Comments">
      {comments.map((comment) => (
        <li key={comment.id} style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }}>
          <Flex align="center" gap={6} wrap>
            <Typography.Text strong>{comment.added_by_name}</Typography.Text>
            <RoleBadge role={comment.added_by_role} />
            {comment.company_name && <Typography.Text type="secondary">{comment.company_name}</Typography.Text>}
            <Typography.Text type="secondary" style={{ marginLeft: 'auto', fontSize: 12 }}>
              {formatDateTime(comment.added_at)}
            </Typography.Text>
          </Flex>
          <Typography.Paragraph style={{ margin: '8px 0 0', whiteSpace: 'pre-wrap' }}>{comment.comment}</Typography.Paragraph>
        </li>
      ))}
    </Flex>
  );
}
