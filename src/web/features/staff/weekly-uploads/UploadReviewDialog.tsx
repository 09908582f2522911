import { Button, Descriptions, type DescriptionsProps, Flex, Input, Modal, Tag, Typography } from 'antd';
import type { ApprovalStatus, FileType, ProcessingStatus, UploadReview } from '@/web/api/generated';
import { useGetStaffUploadReviewQuery } from '@/web/api/generated';
import { LoadError } from '@/web/components/LoadError';
import { UploadChecks } from '@/web/components/uploads/UploadChecks';
import { UploadProgressBar } from '@/web/components/uploads/UploadProgressBar';
import { UploadViewer, VIEWER_DIALOG_WIDTH } from '@/web/components/viewer/UploadViewer';
import { formatDateTime } from '@/web/lib/formatDate';
import { DocumentFileButton } from './DocumentFileButton';
import { useDocumentUpload } from './useDocumentUpload';

const APPROVAL: Record<ApprovalStatus, { label: string; color: string }> = {
  APPROVED: { label: 'Approved', color: 'success' },
  REJECTED: { label: 'Rejected', color: 'error' },
  PENDING: { label: 'Pending Review', color: 'warning' },
};

const NOTE_FIELDS: { type: FileType; label: string }[] = [
  { type: 'raw', label: 'Raw File Notes' },
  { type: 'consolidated', label: 'Consolidated File Notes' },
  { type: 'scrubbed', label: 'Scrubbed File Notes' },
];

/** The dialog's three words for processing (spec 2.17): Complete, Queued or Processing. */
function processingWord(status: ProcessingStatus): string {
  if (status === 'SCRUBBED') return 'Complete';
  if (status === 'QUEUED' || status === 'UPLOADING') return 'Queued';
  return status === 'FAILED' ? 'Failed' : 'Processing';
}

function ReviewDetails({ review }: { review: UploadReview }) {
  const approval = APPROVAL[review.approval_status];
  const items: DescriptionsProps['items'] = [
    { key: 'document', label: 'Document', children: review.document.title },
    { key: 'client', label: 'Client', children: review.client.name },
    { key: 'date', label: 'Upload Date', children: formatDateTime(review.upload_date) },
    { key: 'processing', label: 'Processing Status', children: processingWord(review.status) },
    // A failed upload can never be reviewed: it has no approval to show.
    { key: 'approval', label: 'Approval Status', children: review.status === 'FAILED' ? 'N/A' : <Tag color={approval.color}>{approval.label}</Tag> },
  ];
  // What processing found, which the admin sees before deciding too.
  if (review.scrub_issues || review.week_over_week_warnings !== null) items.push({ key: 'checks', label: 'Checks', children: <UploadChecks upload={review} /> });
  if (review.reviewed_by) {
    items.push({ key: 'reviewer', label: 'Reviewed By', children: review.reviewed_by });
    items.push({ key: 'reviewed', label: 'Reviewed At', children: formatDateTime(review.reviewed_at) });
  }
  if (review.override_reason) items.push({ key: 'override', label: 'Approved Despite Errors', children: review.override_reason });
  return (
    <Flex vertical gap="middle">
      <Descriptions size="small" column={1} bordered items={items} />
      {NOTE_FIELDS.map(({ type, label }) => (
        <div key={type}>
          <Typography.Text strong id={`review-notes-${type}`}>
            {label}
          </Typography.Text>
          <Input.TextArea aria-labelledby={`review-notes-${type}`} readOnly autoSize={{ minRows: 2 }} placeholder="No Notes" value={review.files[type]?.notes ?? ''} />
        </div>
      ))}
    </Flex>
  );
}

interface UploadReviewDialogProps {
  /** The upload whose review is shown; null keeps the dialog closed. */
  uploadId: string | null;
  onClose: () => void;
}

/**
 * 'Upload Review Details' (spec 2.17): what the reviewer decided about an upload and their notes on
 * each version, then the file viewer of the upload. A rejected upload can be sent again from here;
 * the new version is followed like any upload, and the dialog closes because the rejected one is
 * history now.
 */
export function UploadReviewDialog({ uploadId, onClose }: UploadReviewDialogProps) {
  // currentData: another upload's review must not show while this one loads.
  const { currentData, error, isFetching, refetch } = useGetStaffUploadReviewQuery({ id: uploadId ?? '' }, { skip: uploadId === null });
  const { reupload, sending, progress, cancel } = useDocumentUpload();
  const review = currentData?.data.review;
  const canReupload = review?.approval_status === 'REJECTED';

  const footer = (
    <Flex justify="flex-end" align="center" gap="small">
      {progress && <UploadProgressBar progress={progress} onCancel={cancel} />}
      {canReupload && (
        <DocumentFileButton
          label="Reupload"
          inputLabel="Replacement document file"
          loading={sending}
          onFile={(file) => void reupload(file, review.upload_id).then((queued) => queued && onClose())}
        />
      )}
      <Button onClick={onClose}>Close</Button>
    </Flex>
  );

  return (
    <Modal open={uploadId !== null} title="Upload Review Details" onCancel={onClose} footer={footer} width={VIEWER_DIALOG_WIDTH} destroyOnHidden>
      {review ? (
        <Flex vertical gap="large">
          <ReviewDetails review={review} />
          <UploadViewer source={{ area: 'staff', uploadId: review.upload_id }} />
        </Flex>
      ) : isFetching ? (
        <Typography.Paragraph>Loading review details...</Typography.Paragraph>
      ) : error ? (
        <LoadError error={error} fallback="Failed to load review details" onRetry={refetch} />
      ) : null}
    </Modal>
  );
}
