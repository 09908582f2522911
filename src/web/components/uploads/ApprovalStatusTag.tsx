import { Tag, Typography } from 'antd';
import { approvalStatusLabel } from '@/common/statuses';
import type { ApprovalStatus, ProcessingStatus } from '@/web/api/generated';

const COLORS: Record<ApprovalStatus, string> = { PENDING: 'warning', APPROVED: 'success', REJECTED: 'error' };

interface ApprovalStatusTagProps {
  status: ApprovalStatus;
  /** The upload's processing status: a FAILED upload can never be reviewed, so it has no approval to show. */
  processingStatus?: ProcessingStatus;
}

/** A read-only badge of an upload's review decision: Pending, Approved or Rejected; 'N/A' for a failed upload. */
export function ApprovalStatusTag({ status, processingStatus }: ApprovalStatusTagProps) {
  if (processingStatus === 'FAILED') return <Typography.Text type="secondary">N/A</Typography.Text>;
  return (
    <Tag color={COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {approvalStatusLabel(status)}
    </Tag>
  );
}
