import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined, MinusCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ProcessingStatus } from '@/web/api/generated';
import { ProcessingDots } from '@/web/components/uploads/ProcessingDots';
import { RESUMING_LABEL } from '@/web/components/uploads/uploadStages';
import type { RowState } from './rowState';

const BADGES: Record<RowState, { label: string; color: string; icon: ReactNode }> = {
  NO_UPLOAD: { label: 'No Upload', color: 'default', icon: <MinusCircleOutlined aria-hidden /> },
  PROCESSING: { label: 'Processing', color: 'processing', icon: <SyncOutlined spin aria-hidden /> },
  FAILED: { label: 'Failed', color: 'error', icon: <ExclamationCircleOutlined aria-hidden /> },
  PENDING: { label: 'Pending Review', color: 'warning', icon: <ClockCircleOutlined aria-hidden /> },
  APPROVED: { label: 'Approved', color: 'success', icon: <CheckCircleOutlined aria-hidden /> },
  REJECTED: { label: 'Rejected', color: 'error', icon: <CloseCircleOutlined aria-hidden /> },
};

interface ReviewStatusProps {
  state: RowState;
  /** The processing status to show the dots for while the upload is processed. */
  processing: ProcessingStatus | undefined;
  /** The socket's latest words on the upload, if any. */
  message?: string | null;
  /** The share of the processing done (0-1), when the socket's updates carry it: a bar under the dots. */
  progress?: number;
  /** Why processing failed, when it did. */
  failure?: string | null;
  /** The list says the upload's processing was interrupted and is being taken up again. */
  resuming?: boolean;
}

/**
 * The Status column (spec 2.12): an icon and a badge, with the live dots while processing runs; an
 * upload resuming after an interruption says so under the dots until the socket has newer words.
 */
export function ReviewStatus({ state, processing, message, progress, failure, resuming = false }: ReviewStatusProps) {
  const { label, color, icon } = BADGES[state];
  return (
    <Flex vertical gap={4} align="flex-start">
      <Tag color={color} icon={icon}>
        {label}
      </Tag>
      {state === 'PROCESSING' && processing && <ProcessingDots status={processing} message={message ?? (resuming ? RESUMING_LABEL : null)} progress={progress} />}
      {state === 'FAILED' && failure && <Typography.Text type="danger">{failure}</Typography.Text>}
    </Flex>
  );
}
