import type { UploadDownloadSource } from '@/web/components/uploads/useUploadDownload';
import { apiBase } from '@/web/lib/apiBase';

/** A company admin's downloads (spec 7.3 and 8): no toast when the file arrives, 'Failed to download {type} file' when not. */
export const companyDownloads: UploadDownloadSource = {
  url: (uploadId, type) => `${apiBase}/company/download/${encodeURIComponent(uploadId)}?type=${type}`,
  fallbackName: (type) => `document_${type}.xlsx`,
  succeeded: () => null,
  failed: (type) => `Failed to download ${type} file`,
};
