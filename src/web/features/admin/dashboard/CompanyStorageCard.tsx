import { DatabaseOutlined } from '@ant-design/icons';
import { Card, Flex, Progress, Typography } from 'antd';
import { useGetCompanyStorageQuery } from '@/web/api/generated';
import { LoadError } from '@/web/components/LoadError';
import { formatFileSize } from '@/web/lib/formatFileSize';
import { wholePercent } from '@/web/lib/wholePercent';

/** From this share of the quota on, the bar warns that uploads will soon be refused. */
const NEARLY_FULL_PERCENT = 90;

/**
 * How much of its storage the company uses ('Storage: 1.2 GB of 5 GB') and a bar of it. Past the
 * quota the server refuses new uploads, so a full store says what to do about it.
 */
export function CompanyStorageCard() {
  const { data, error, isLoading, isFetching, refetch } = useGetCompanyStorageQuery();
  const storage = data?.data?.storage;

  let body;
  if (error) body = <LoadError error={error} fallback="Failed to load storage usage" onRetry={refetch} retrying={isFetching} />;
  else if (storage) {
    const percent = Math.min(100, wholePercent(storage.usedBytes, storage.quotaBytes));
    const full = storage.usedBytes >= storage.quotaBytes;
    body = (
      <>
        <Typography.Text>{`Storage: ${formatFileSize(storage.usedBytes)} of ${formatFileSize(storage.quotaBytes)}`}</Typography.Text>
        <Progress
          percent={percent}
          status={full ? 'exception' : 'normal'}
          strokeColor={!full && percent >= NEARLY_FULL_PERCENT ? '#faad14' : undefined}
          aria-label="Storage used"
          format={() => `${percent}%`}
        />
        {full && (
          <Typography.Text type="danger">Storage is full: new uploads are refused. Raise a support ticket to increase it.</Typography.Text>
        )}
      </>
    );
  }

  return (
    <Card size="small" loading={isLoading} role="group" aria-label="Storage">
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">
          <DatabaseOutlined aria-hidden /> Storage
        </Typography.Text>
        {body}
      </Flex>
    </Card>
  );
}
