import { Button, Flex, Progress, Typography } from 'antd';
import { formatFileSize } from '@/web/lib/formatFileSize';
import { formatDuration, percentSent, secondsLeft, type UploadProgressState } from './useUploadProgress';

interface UploadProgressBarProps {
  progress: UploadProgressState;
  /** Stops the upload; the server keeps nothing of it. */
  onCancel: () => void;
}

/** An upload on its way: the share of its bytes sent, how much of how much, the time left, and Cancel. */
export function UploadProgressBar({ progress, onCancel }: UploadProgressBarProps) {
  const percent = percentSent(progress);
  const left = secondsLeft(progress);
  return (
    <Flex vertical gap={2} style={{ minWidth: 200 }} data-testid="upload-progress">
      <Flex align="center" gap="small">
        <Progress percent={percent} size="small" status="active" aria-label="Upload progress" style={{ flex: 1, margin: 0 }} />
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {`${formatFileSize(progress.sent)} of ${formatFileSize(progress.total)}`}
        {left !== null && ` · about ${formatDuration(left)} left`}
      </Typography.Text>
    </Flex>
  );
}
