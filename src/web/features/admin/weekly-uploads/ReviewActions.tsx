import { Button, Flex, Typography } from 'antd';
import type { FileType, WeeklyDocumentRow } from '@/web/api/generated';
import { DownloadMenu } from '@/web/components/uploads/DownloadMenu';
import { downloadableVersions } from '@/web/components/uploads/uploadStages';
import type { LiveUpload } from '@/web/realtime/processingSlice';
import { companyDownloads } from './companyDownloads';
import { canReview, type RowState, storedVersions } from './rowState';

const LABELS: Record<RowState, string> = {
  NO_UPLOAD: 'No Upload',
  PROCESSING: 'Processing',
  FAILED: 'Failed',
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

interface ReviewActionsProps {
  row: WeeklyDocumentRow;
  state: RowState;
  live: LiveUpload | undefined;
  onReview: (row: WeeklyDocumentRow) => void;
}

/** The versions to offer: those the list names, and those the socket says were produced since. */
function offeredVersions(row: WeeklyDocumentRow, live: LiveUpload | undefined): FileType[] {
  const { upload } = row;
  if (!upload) return [];
  const stored = storedVersions(upload);
  if (!live) return stored;
  const produced = downloadableVersions(upload.status, live.status);
  return (['raw', 'consolidated', 'scrubbed'] as const).filter((type) => stored.includes(type) || produced.includes(type));
}

/**
 * The Actions column (spec 2.12): the Download menu of the versions that exist, then the Review
 * button while a processed upload awaits a decision, or a label saying where the row stands.
 */
export function ReviewActions({ row, state, live, onReview }: ReviewActionsProps) {
  const { upload } = row;
  return (
    <Flex gap="small" wrap align="center">
      {upload && <DownloadMenu uploadId={upload.upload_id} documentTitle={row.document.title} versions={offeredVersions(row, live)} source={companyDownloads} />}
      {canReview(row, live) ? (
        <Button type="primary" aria-haspopup="dialog" onClick={() => onReview(row)}>
          Review
        </Button>
      ) : (
        <Typography.Text type="secondary">{LABELS[state]}</Typography.Text>
      )}
    </Flex>
  );
}
