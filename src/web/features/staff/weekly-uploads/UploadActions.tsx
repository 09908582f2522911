import { Flex, Tag, Typography } from 'antd';
import type { ProcessingStatus, WeeklyDocumentRow } from '@/web/api/generated';
import { DownloadMenu } from '@/web/components/uploads/DownloadMenu';
import { ProcessingDots } from '@/web/components/uploads/ProcessingDots';
import { downloadableVersions, isInProgress, processingBadgeLabel } from '@/web/components/uploads/uploadStages';
import { useLiveUpload } from '@/web/realtime/useLiveProcessing';
import { DocumentFileButton } from './DocumentFileButton';
import { staffDownloads } from './staffDownloads';
import { useDocumentUpload } from './useDocumentUpload';

const STATUS_COLORS: Record<string, string> = { SCRUBBED: 'success', FAILED: 'error' };

interface UploadActionsProps {
  row: WeeklyDocumentRow;
  /** The week being viewed: an upload is for that week. */
  weekStart: string;
}

/**
 * The Actions column (spec 2.17): the Upload button while the week has no upload (or its newest
 * failed, with the reason); otherwise the processing badge, the live dots while it runs, and the
 * Download menu of the versions that exist. The socket's word on the status wins over the list's,
 * which lags until its refetch: an upload just queued from this row shows its progress at once,
 * not the row as it was before.
 */
export function UploadActions({ row, weekStart }: UploadActionsProps) {
  const { upload, client } = row;
  const { upload: send, sending, queued } = useDocumentUpload();
  const queuedId = queued && queued.weekStart === weekStart && queued.id !== upload?.upload_id ? queued.id : undefined;
  const live = useLiveUpload(queuedId ?? upload?.upload_id);
  const uploadButton = (
    <DocumentFileButton label="Upload" inputLabel={`Document file for ${client.name}`} loading={sending} onFile={(file) => void send(file, client.id, weekStart)} />
  );

  if (sending) return <Progress status="UPLOADING" />;
  if (queuedId) return <Progress status={live?.status ?? 'QUEUED'} message={live?.message} />;
  if (!upload) return uploadButton;

  const status = live?.status ?? upload.status;
  const versions = downloadableVersions(upload.status, live?.status);
  const menu = <DownloadMenu uploadId={upload.upload_id} documentTitle={row.document.title} versions={versions} source={staffDownloads} />;
  if (status === 'FAILED') {
    const reason = live?.error ?? upload.error_message;
    return (
      <Flex vertical gap={4} align="flex-start">
        <Tag color="error">{processingBadgeLabel(status)}</Tag>
        {reason && <Typography.Text type="danger">{reason}</Typography.Text>}
        <Flex gap="small" wrap>
          {uploadButton}
          {menu}
        </Flex>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={4} align="flex-start">
      <Progress status={status} message={live?.message} />
      {menu}
    </Flex>
  );
}

/**
 * The processing badge, with the dots while processing goes on. The server's words are left out when
 * they only repeat the badge (a join's answer after a reload says just the stage).
 */
function Progress({ status, message }: { status: ProcessingStatus; message?: string | null }) {
  const label = processingBadgeLabel(status);
  return (
    <Flex vertical gap={4} align="flex-start">
      <Tag color={STATUS_COLORS[status] ?? 'processing'}>{label}</Tag>
      {isInProgress(status) && <ProcessingDots status={status} message={message === label ? null : message} />}
    </Flex>
  );
}
