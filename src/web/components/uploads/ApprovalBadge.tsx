import { Tag, Typography } from 'antd';
import type { KeyboardEvent } from 'react';
import { approvalStatusLabel } from '@/common/statuses';
import type { ApprovalStatus } from '@/web/api/generated';

const COLORS: Record<ApprovalStatus, string> = { PENDING: 'warning', APPROVED: 'success', REJECTED: 'error' };

interface ApprovalBadgeProps {
  /** The newest upload's approval, or undefined when the week has no upload. */
  status: ApprovalStatus | undefined;
  /** Opens the review details; offered only once a reviewer decided. */
  onOpenReview: () => void;
}

/**
 * The approval column (spec 2.17): 'N/A' without an upload, else a badge. Approved and rejected
 * badges open the review details by mouse, Enter or Space, like a button.
 */
export function ApprovalBadge({ status, onOpenReview }: ApprovalBadgeProps) {
  if (!status) return <Typography.Text type="secondary">N/A</Typography.Text>;
  const label = approvalStatusLabel(status);
  if (status === 'PENDING') return <Tag color={COLORS.PENDING}>{label}</Tag>;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onOpenReview();
  };
  return (
    <Tag
      color={COLORS[status]}
      role="button"
      tabIndex={0}
      aria-haspopup="dialog"
      title="View review details"
      onClick={onOpenReview}
      onKeyDown={onKeyDown}
      style={{ cursor: 'pointer' }}
    >
      {label}
    </Tag>
  );
}
