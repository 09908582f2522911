import { useCallback } from 'react';
import type { FileType } from '@/web/api/generated';
import { useRefreshSessionMutation } from '@/web/api/generated';
import { apiBase } from '@/web/lib/apiBase';
import { downloadFile } from '@/web/lib/download';
import { useDownloadGuard } from '@/web/lib/downloadGuard';
import { useToast } from '@/web/lib/useToast';

export const DOWNLOAD_RETRY_MESSAGE = 'Failed to download file. Please try again.';

/**
 * Downloads one version of a staff member's upload (spec 7.5 and 8): named from the answer, else
 * 'document_{type}.xlsx'; one download per upload and type at a time; toasts for both outcomes.
 */
export function useUploadDownload() {
  const toast = useToast();
  const guard = useDownloadGuard();
  const [refreshSession] = useRefreshSessionMutation();

  const renewSession = useCallback(async () => {
    try {
      await refreshSession().unwrap();
      return true;
    } catch {
      return false;
    }
  }, [refreshSession]);

  const download = useCallback(
    (uploadId: string, type: FileType, documentTitle: string) =>
      guard.run(`${uploadId}:${type}`, async () => {
        try {
          const url = `${apiBase}/staff/download/${encodeURIComponent(uploadId)}?type=${type}`;
          await downloadFile(url, { fallbackName: `document_${type}.xlsx`, renewSession });
          toast.success(`${documentTitle} (${type}) downloaded successfully`);
        } catch (error) {
          toast.error(error instanceof Error && error.message ? error.message : DOWNLOAD_RETRY_MESSAGE);
        }
      }),
    [guard, renewSession, toast],
  );

  const isDownloading = useCallback((uploadId: string, type: FileType) => guard.isRunning(`${uploadId}:${type}`), [guard]);
  return { download, isDownloading };
}
