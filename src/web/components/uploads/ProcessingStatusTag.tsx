import { Tag } from 'antd';
import type { ProcessingStatus } from '@/web/api/generated';
import { processingBadgeLabel } from './uploadStages';

const COLORS: Partial<Record<ProcessingStatus, string>> = { SCRUBBED: 'success', FAILED: 'error' };

/**
 * A read-only badge of where an upload's processing is, with the labels of spec section 4 ('Failed'
 * when it failed; "Resuming after an interruption" for a queued upload handed back after one).
 */
export function ProcessingStatusTag({ status, resuming }: { status: ProcessingStatus; resuming?: boolean }) {
  return (
    <Tag color={COLORS[status] ?? 'processing'} style={{ marginInlineEnd: 0 }}>
      {processingBadgeLabel(status, resuming)}
    </Tag>
  );
}
