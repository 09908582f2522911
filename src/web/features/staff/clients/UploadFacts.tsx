import { Alert, Descriptions, type DescriptionsProps, Flex, Typography } from 'antd';
import { processingStatusLabel } from '@/common/statuses';
import type { FileType, FileVersion, Upload } from '@/web/api/generated';
import { DownloadMenu } from '@/web/components/uploads/DownloadMenu';
import { UploadChecks } from '@/web/components/uploads/UploadChecks';
import { staffDownloads } from '@/web/features/staff/weekly-uploads/staffDownloads';
import { formatDateTime } from '@/web/lib/formatDate';
import { formatFileSize } from '@/web/lib/formatFileSize';

const FILE_VERSION_LABELS: Record<FileType, string> = { raw: 'Raw', consolidated: 'Consolidated', scrubbed: 'Scrubbed' };
const FILE_VERSION_ORDER: FileType[] = ['raw', 'consolidated', 'scrubbed'];

/** The API gives sizes in megabytes; people read them in Bytes, KB, MB or GB. */
function fileVersionSize(megabytes: number): string {
  return formatFileSize(Math.round(megabytes * 1024 * 1024));
}

/** The versions the server has produced so far, in order. */
function presentVersions(versions: Upload['file_versions']): { type: FileType; version: FileVersion }[] {
  return FILE_VERSION_ORDER.flatMap((type) => {
    const version: FileVersion | undefined = versions[type];
    return version ? [{ type, version }] : [];
  });
}

/**
 * The versions with their sizes and the reviewer's notes on each ('No Notes' without any), and a
 * Download menu offering exactly these versions.
 */
function FileVersions({ upload, documentTitle }: { upload: Upload; documentTitle: string }) {
  const present = presentVersions(upload.file_versions);
  if (present.length === 0) return <Typography.Text type="secondary">No files yet</Typography.Text>;
  return (
    <Flex vertical gap="small" align="flex-start">
      <Flex component="ul" vertical gap={4} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {present.map(({ type, version }) => (
          <li key={type}>
            <Typography.Text strong>{FILE_VERSION_LABELS[type]}:</Typography.Text> {version.filename}{' '}
            <Typography.Text type="secondary">({fileVersionSize(version.file_size_mb)})</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {version.notes?.trim() ? `Notes: ${version.notes}` : 'No Notes'}
            </Typography.Paragraph>
          </li>
        ))}
      </Flex>
      <DownloadMenu uploadId={upload.upload_id} documentTitle={documentTitle} versions={present.map(({ type }) => type)} source={staffDownloads} />
    </Flex>
  );
}

/**
 * What a staff member needs to know about one upload: who sent it and when, how far processing got
 * (and why it failed), what processing found, the file versions with their sizes, notes and downloads, and who reviewed it
 * and when. `documentTitle` names the document in the download's toast.
 */
export function UploadFacts({ upload, documentTitle }: { upload: Upload; documentTitle: string }) {
  const items: DescriptionsProps['items'] = [
    { key: 'uploaded-by', label: 'Uploaded by', children: upload.uploaded_by.name },
    { key: 'uploaded-on', label: 'Uploaded on', children: formatDateTime(upload.upload_date) },
  ];
  if (upload.status !== 'SCRUBBED' && upload.status !== 'FAILED') {
    items.push({ key: 'stage', label: 'Stage', children: processingStatusLabel(upload.status) });
  }
  if (upload.scrub_issues || upload.week_over_week_warnings !== null) items.push({ key: 'checks', label: 'Checks', children: <UploadChecks upload={upload} /> });
  items.push({ key: 'files', label: 'Files', children: <FileVersions upload={upload} documentTitle={documentTitle} /> });
  if (upload.reviewed_by) {
    items.push({
      key: 'reviewed',
      label: 'Reviewed by',
      children: `${upload.reviewed_by.name} on ${formatDateTime(upload.reviewed_by.reviewed_at)}`,
    });
  }
  return (
    <Flex vertical gap="small">
      {upload.status === 'FAILED' && <Alert type="error" showIcon title="Processing failed" description={upload.error_message || undefined} />}
      <Descriptions size="small" column={1} items={items} />
    </Flex>
  );
}
