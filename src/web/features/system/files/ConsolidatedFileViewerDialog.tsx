import { Button, Modal } from 'antd';
import type { ConsolidatedFile } from '@/web/api/generated';
import { UploadViewer, VIEWER_DIALOG_WIDTH } from '@/web/components/viewer/UploadViewer';

/**
 * Whether View shows the file here: its address is the app's own content endpoint, which means no
 * external link template is set, and opening it in a tab would only download it.
 */
export function opensInViewer(file: ConsolidatedFile): boolean {
  return file.view_url.endsWith(`/system/consolidated-files/${file.id}/content`);
}

interface ConsolidatedFileViewerDialogProps {
  /** The file shown; null keeps the dialog closed. */
  file: ConsolidatedFile | null;
  onClose: () => void;
}

/** A consolidated file read in the viewer, sheet by sheet, without downloading it. */
export function ConsolidatedFileViewerDialog({ file, onClose }: ConsolidatedFileViewerDialogProps) {
  return (
    <Modal
      open={file !== null}
      title={file?.file_name}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      width={VIEWER_DIALOG_WIDTH}
      destroyOnHidden
    >
      {file && <UploadViewer source={{ area: 'system', fileId: file.id }} />}
    </Modal>
  );
}
