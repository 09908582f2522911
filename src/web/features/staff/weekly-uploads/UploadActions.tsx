import { FileTextOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import type { ProcessingStatus, WeeklyDocumentRow } from '@/web/api/generated';
import { DownloadMenu } from '@/web/components/uploads/DownloadMenu';
import { ProcessingDots } from '@/web/components/uploads/ProcessingDots';
import { UploadProgressBar } from '@/web/components/uploads/UploadProgressBar';
import { downloadableVersions, isInProgress, processingBadgeLabel, RESUMING_LABEL } from '@/web/components/uploads/uploadStages';
import { useLiveUpload } from '@/web/realtime/useLiveProcessing';
import { DocumentFileButton } from './DocumentFileButton';
import { staffDownloads } from './staffDownloads';
import { useDocumentUpload } from './useDocumentUpload';

const STATUS_COLORS: Record<string, string> = { SCRUBBED: 'success', FAILED: 'error' };

interface UploadActionsProps {
  row: WeeklyDocumentRow;
  /** The week being viewed: an upload is for that week. */
  weekStart: string;
  /** Opens the upload's review details (the reviewer's notes). */
  onOpenReview: (uploadId: string) => void;
}

/**
 * The Actions column (spec 2.17): the Upload button while the week has no upload; for a failed one
 * the reason and Upload again; for a rejected one the reviewer's first note, Reupload and the notes
 * one click away; otherwise the processing badge, the live dots while it runs, and the Download menu
 * of the versions that exist. The socket's word on the status wins over the list's, which lags until
 * its refetch: an upload just queued from this row shows its progress at once, not the row as it
 * was before.
 */
export function UploadActions({ row, weekStart, onOpenReview }: UploadActionsProps) {
  const { upload, client } = row;
  const { upload: send, reupload, sending, queued, progress, cancel } = useDocumentUpload();
  const queuedId = queued && queued.weekStart === weekStart && queued.id !== upload?.upload_id ? queued.id : undefined;
  const live = useLiveUpload(queuedId ?? upload?.upload_id);
  const uploadButton = (
    <DocumentFileButton label="Upload" inputLabel={`Document file for ${client.name}`} loading={sending} onFile={(file) => void send(file, client.id, weekStart)} />
  );

  if (sending) {
    return (
      <Flex vertical gap={4} align="flex-start">
        <Progress status="UPLOADING" />
        {progress && <UploadProgressBar progress={progress} onCancel={cancel} />}
      </Flex>
    );
  }
  if (queuedId) return <Progress status={live?.status ?? 'QUEUED'} message={live?.message} share={live?.progress} />;
  if (!upload) return uploadButton;

  const status = live?.status ?? upload.status;
  const versions = downloadableVersions(upload.status, live?.status);
  const menu = <DownloadMenu uploadId={upload.upload_id} documentTitle={row.document.title} versions={versions} source={staffDownloads} />;
  if (status === 'FAILED') {
    const reason = live?.error ?? upload.error_message;
    return (
      <Flex vertical gap={4} align="flex-start">
        <Tag color="error">{processingBadgeLabel(status)}</Tag>
        <Typography.Text type="danger">{reason || 'Processing failed'}</Typography.Text>
        <Flex gap="small" wrap>
          <DocumentFileButton
            label="Upload again"
            inputLabel={`Document file for ${client.name}`}
            loading={sending}
            onFile={(file) => void send(file, client.id, weekStart)}
          />
          {menu}
        </Flex>
      </Flex>
    );
  }
  if (upload.approval_status === 'REJECTED') {
    // The first line of the reviewer's first note (raw, then consolidated, then scrubbed), as the row carries it.
    const note = upload.first_note;
    return (
      <Flex vertical gap={4} align="flex-start">
        {note && (
          <Typography.Text type="danger" ellipsis={{ tooltip: note }} style={{ maxWidth: 280 }}>
            {note}
          </Typography.Text>
        )}
        <Flex gap="small" wrap>
          <DocumentFileButton
            label="Reupload"
            inputLabel={`Replacement document file for ${client.name}`}
            loading={sending}
            onFile={(file) => void reupload(file, upload.upload_id, weekStart)}
          />
          <Button icon={<FileTextOutlined aria-hidden />} aria-haspopup="dialog" onClick={() => onOpenReview(upload.upload_id)}>
            View notes
          </Button>
          {menu}
        </Flex>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={4} align="flex-start">
      <Progress status={status} message={live?.message} share={live?.progress} resuming={upload.resuming} />
      {menu}
    </Flex>
  );
}

/**
 * The processing badge, with the dots while processing goes on. The server's words are left out when
 * they only repeat the badge (a join's answer after a reload says just the stage). An upload the list
 * says is resuming after an interruption says so: in the badge while it waits as QUEUED, under the
 * dots once a run has it, until the socket has newer words.
 */
function Progress({ status, message, share, resuming = false }: { status: ProcessingStatus; message?: string | null; share?: number; resuming?: boolean }) {
  const label = processingBadgeLabel(status, resuming);
  const words = message ?? (resuming ? RESUMING_LABEL : null);
  return (
    <Flex vertical gap={4} align="flex-start">
      <Tag color={STATUS_COLORS[status] ?? 'processing'}>{label}</Tag>
      {isInProgress(status) && <ProcessingDots status={status} message={words === label ? null : words} progress={share} />}
    </Flex>
  );
}
