import { Tag } from 'antd';
import { approvalStatusLabel } from '@/common/statuses';
import type { ApprovalStatus } from '@/web/api/generated';

const COLORS: Record<ApprovalStatus, string> = { PENDING: 'warning', APPROVED: 'success', REJECTED: 'error' };

/** A read-only badge of an upload's review decision: Pending, Approved or Rejected. */
export function ApprovalStatusTag({ status }: { status: ApprovalStatus }) {
  return (
    <Tag color={COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {approvalStatusLabel(status)}
    </Tag>
  );
}
