import type { UploadDownloadSource } from '@/web/components/uploads/useUploadDownload';
import { apiBase } from '@/web/lib/apiBase';

export const DOWNLOAD_RETRY_MESSAGE = 'Failed to download file. Please try again.';

/**
 * A staff member's downloads (spec 7.5 and 8): named from the answer, else 'document_{type}.xlsx';
 * '{document title} ({type}) downloaded successfully', or the error's message, else the retry text.
 */
export const staffDownloads: UploadDownloadSource = {
  url: (uploadId, type) => `${apiBase}/staff/download/${encodeURIComponent(uploadId)}?type=${type}`,
  fallbackName: (type) => `document_${type}.xlsx`,
  succeeded: (type, documentTitle) => `${documentTitle} (${type}) downloaded successfully`,
  failed: (_type, error) => (error instanceof Error && error.message ? error.message : DOWNLOAD_RETRY_MESSAGE),
};
