import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { FileType } from '@/web/api/generated';
import { type UploadDownloadSource, useUploadDownload } from './useUploadDownload';

const VERSION_LABELS: Record<FileType, string> = { raw: 'Raw file', consolidated: 'Consolidated file', scrubbed: 'Scrubbed file' };

interface DownloadMenuProps {
  uploadId: string;
  documentTitle: string;
  /** Only the versions that exist (spec section 4); the menu is not shown without any. */
  versions: FileType[];
  /** Where the versions come from: the staff's or the company's download call. */
  source: UploadDownloadSource;
}

/** The Download menu of a row: one entry per version the server has produced. */
export function DownloadMenu({ uploadId, documentTitle, versions, source }: DownloadMenuProps) {
  const { download, isDownloading } = useUploadDownload(source);
  if (versions.length === 0) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: versions.map((type) => ({
          key: type,
          label: isDownloading(uploadId, type) ? `${VERSION_LABELS[type]} (downloading...)` : VERSION_LABELS[type],
          icon: <DownloadOutlined aria-hidden />,
          disabled: isDownloading(uploadId, type),
        })),
        onClick: ({ key }) => void download(uploadId, key as FileType, documentTitle),
      }}
    >
      <Button icon={<DownOutlined aria-hidden />} iconPlacement="end">
        Download
      </Button>
    </Dropdown>
  );
}
