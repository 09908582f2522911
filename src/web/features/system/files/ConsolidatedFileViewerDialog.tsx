import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import type { ConsolidatedFile } from '@/web/api/generated';
import { useRenewSession } from '@/web/components/uploads/useUploadDownload';
import { UploadViewer, VIEWER_DIALOG_WIDTH } from '@/web/components/viewer/UploadViewer';
import { apiBase } from '@/web/lib/apiBase';
import { downloadFile, DownloadError } from '@/web/lib/download';
import { useToast } from '@/web/lib/useToast';

/** The dialog's download failure when the server says nothing a person can act on. */
export const CONSOLIDATED_DOWNLOAD_FAILED = 'Failed to download file. Please try again.';

/**
 * Whether View shows the file here: its address is the app's own content endpoint, which means no
 * external link template is set, and opening it in a tab would only download it.
 */
export function opensInViewer(file: ConsolidatedFile): boolean {
  return file.view_url.endsWith(`/system/consolidated-files/${file.id}/content`);
}

/** Saves the file shown through its content endpoint, named as the server names it; one download at a time. */
function useConsolidatedDownload(file: ConsolidatedFile | null) {
  const toast = useToast();
  const renewSession = useRenewSession();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!file || downloading) return;
    setDownloading(true);
    try {
      await downloadFile(`${apiBase}/system/consolidated-files/${encodeURIComponent(file.id)}/content`, { fallbackName: file.file_name, renewSession });
    } catch (error) {
      toast.error(error instanceof DownloadError && error.message ? error.message : CONSOLIDATED_DOWNLOAD_FAILED);
    } finally {
      setDownloading(false);
    }
  };
  return { download, downloading };
}

interface ConsolidatedFileViewerDialogProps {
  /** The file shown; null keeps the dialog closed. */
  file: ConsolidatedFile | null;
  onClose: () => void;
}

/** A consolidated file read in the viewer, sheet by sheet, with a Download of the stored file beside Close. */
export function ConsolidatedFileViewerDialog({ file, onClose }: ConsolidatedFileViewerDialogProps) {
  const { download, downloading } = useConsolidatedDownload(file);
  return (
    <Modal
      open={file !== null}
      title={file?.file_name}
      onCancel={onClose}
      footer={[
        <Button key="download" icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
          Download
        </Button>,
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
      ]}
      width={VIEWER_DIALOG_WIDTH}
      destroyOnHidden
    >
      {file && <UploadViewer source={{ area: 'system', fileId: file.id }} />}
    </Modal>
  );
}
