import { Alert, Descriptions, type DescriptionsProps, Flex, Typography } from 'antd';
import { processingStatusLabel } from '@/common/statuses';
import type { FileType, FileVersion, Upload } from '@/web/api/generated';
import { formatDateTime } from '@/web/lib/formatDate';
import { formatFileSize } from '@/web/lib/formatFileSize';

const FILE_VERSION_LABELS: Record<FileType, string> = { raw: 'Raw', consolidated: 'Consolidated', scrubbed: 'Scrubbed' };
const FILE_VERSION_ORDER: FileType[] = ['raw', 'consolidated', 'scrubbed'];

/** The API gives sizes in megabytes; people read them in Bytes, KB, MB or GB. */
function fileVersionSize(megabytes: number): string {
  return formatFileSize(Math.round(megabytes * 1024 * 1024));
}

/** The versions the server has produced so far, each with its size and the reviewer's note on it. */
function FileVersions({ versions }: { versions: Upload['file_versions'] }) {
  const present = FILE_VERSION_ORDER.flatMap((type) => {
    const version: FileVersion | undefined = versions[type];
    return version ? [{ type, version }] : [];
  });
  if (present.length === 0) return <Typography.Text type="secondary">No files yet</Typography.Text>;
  return (
    <Flex component="ul" vertical gap={4} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {present.map(({ type, version }) => (
        <li key={type}>
          <Typography.Text strong>{FILE_VERSION_LABELS[type]}:</Typography.Text> {version.filename}{' '}
          <Typography.Text type="secondary">({fileVersionSize(version.file_size_mb)})</Typography.Text>
          {version.notes && (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {`Reviewer's note: ${version.notes}`}
            </Typography.Paragraph>
          )}
        </li>
      ))}
    </Flex>
  );
}

/**
 * What a staff member needs to know about one upload: who sent it and when, how far processing got
 * (and why it failed), the file versions with their sizes, and who reviewed it.
 */
export function UploadFacts({ upload }: { upload: Upload }) {
  const items: DescriptionsProps['items'] = [
    { key: 'uploaded-by', label: 'Uploaded by', children: upload.uploaded_by.name },
    { key: 'uploaded-on', label: 'Uploaded on', children: formatDateTime(upload.upload_date) },
  ];
  if (upload.status !== 'SCRUBBED' && upload.status !== 'FAILED') {
    items.push({ key: 'stage', label: 'Stage', children: processingStatusLabel(upload.status) });
  }
  items.push({ key: 'files', label: 'Files', children: <FileVersions versions={upload.file_versions} /> });
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
