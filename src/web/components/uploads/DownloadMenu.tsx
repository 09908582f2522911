import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useRef, useState } from 'react';
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

/**
 * The Download menu of a row: one entry per version the server has produced. A menu button for the
 * keyboard too (WAI-ARIA menu button): Enter, Space or ArrowDown opens it and moves focus into the
 * menu, the arrow keys walk the versions, Enter downloads, Escape closes it back onto the button.
 */
export function DownloadMenu({ uploadId, documentTitle, versions, source }: DownloadMenuProps) {
  const { download, isDownloading } = useUploadDownload(source);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (versions.length === 0) return null;
  const changeOpen = (next: boolean) => {
    // Closed from inside (Escape, a version chosen): the focus goes back to the button, not to the
    // page's start; once the key press is over, or the Enter that chose a version would press the button too.
    if (!next && document.activeElement?.closest('.ant-dropdown')) setTimeout(() => button.current?.focus(), 0);
    setOpen(next);
  };
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={changeOpen}
      autoFocus
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
      <Button
        ref={button}
        icon={<DownOutlined aria-hidden />}
        iconPlacement="end"
        aria-haspopup="menu"
        aria-expanded={open}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          // The arrow would scroll the page; it opens the menu instead.
          event.preventDefault();
          changeOpen(true);
        }}
      >
        Download
      </Button>
    </Dropdown>
  );
}
