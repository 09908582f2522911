import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { FileType } from '@/web/api/generated';
import { useUploadDownload } from './useUploadDownload';

const VERSION_LABELS: Record<FileType, string> = { raw: 'Raw file', consolidated: 'Consolidated file', scrubbed: 'Scrubbed file' };

interface DownloadMenuProps {
  uploadId: string;
  documentTitle: string;
  /** Only the versions that exist (spec section 4); the menu is not shown without any. */
  versions: FileType[];
}

/** The Download menu of a row: one entry per version the server has produced. */
export function DownloadMenu({ uploadId, documentTitle, versions }: DownloadMenuProps) {
  const { download, isDownloading } = useUploadDownload();
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
