import { Tag } from 'antd';
import type { ClientWeek, Upload } from '@/web/api/generated';

export type WeekStatus = ClientWeek['weekStatus'];

const WEEK_STATUS_TAGS: Record<WeekStatus, { label: string; color: string }> = {
  NO_UPLOAD: { label: 'No upload yet', color: 'default' },
  PROCESSING: { label: 'Processing', color: 'processing' },
  FAILED: { label: 'Failed', color: 'error' },
  PENDING: { label: 'Pending review', color: 'warning' },
  APPROVED: { label: 'Approved', color: 'success' },
  REJECTED: { label: 'Rejected', color: 'error' },
};

/**
 * Where one upload stands, in the terms the server uses for a week: a review decision wins, then a
 * failed job, then whether processing has finished. Earlier versions of a week carry no status of
 * their own, so they are read the same way.
 */
export function uploadWeekStatus(upload: Pick<Upload, 'status' | 'approval_status'>): WeekStatus {
  if (upload.approval_status === 'APPROVED' || upload.approval_status === 'REJECTED') return upload.approval_status;
  if (upload.status === 'FAILED') return 'FAILED';
  return upload.status === 'SCRUBBED' ? 'PENDING' : 'PROCESSING';
}

/** The badge of a week's (or an upload's) state: No upload yet, Processing, Failed, Pending review, Approved, Rejected. */
export function WeekStatusTag({ status }: { status: WeekStatus }) {
  const { label, color } = WEEK_STATUS_TAGS[status] ?? { label: status, color: 'default' };
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
}
