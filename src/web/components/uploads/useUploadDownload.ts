import { useCallback } from 'react';
import type { FileType } from '@/web/api/generated';
import { refreshSession } from '@/web/api/refresh';
import { downloadFile } from '@/web/lib/download';
import { useDownloadGuard } from '@/web/lib/downloadGuard';
import { useToast } from '@/web/lib/useToast';

/**
 * Where a role downloads an upload's versions from, and how its screens word the outcome (spec 7.3,
 * 7.5 and 8). Declared once per role, outside any component, so it keeps its identity.
 */
export interface UploadDownloadSource {
  /** The address of one version of an upload. */
  url: (uploadId: string, type: FileType) => string;
  /** The name to save under when the answer names none. */
  fallbackName: (type: FileType) => string;
  /** The success toast, or null for none. */
  succeeded: (type: FileType, documentTitle: string) => string | null;
  /** The failure toast; `error` is what the download threw. */
  failed: (type: FileType, error: unknown) => string;
}

/**
 * Renews the session when a download's answer says the access token expired, through the tab's one
 * refresh that screens' requests and the socket share; answers whether the session was renewed.
 */
async function renewSessionForDownload(sentAt: number): Promise<boolean> {
  return (await refreshSession(sentAt)).renewed;
}

/** What a download calls when its answer says the access token expired (see renewSessionForDownload). */
export function useRenewSession(): (sentAt: number) => Promise<boolean> {
  return renewSessionForDownload;
}

/**
 * Downloads one version of an upload from `source`: one download per upload and type at a time
 * (a second click while it runs does nothing); an expired session is renewed once; toasts for both
 * outcomes.
 */
export function useUploadDownload(source: UploadDownloadSource) {
  const toast = useToast();
  const guard = useDownloadGuard();
  const renewSession = useRenewSession();

  const download = useCallback(
    (uploadId: string, type: FileType, documentTitle: string) =>
      guard.run(`${uploadId}:${type}`, async () => {
        try {
          await downloadFile(source.url(uploadId, type), { fallbackName: source.fallbackName(type), renewSession });
          const success = source.succeeded(type, documentTitle);
          if (success) toast.success(success);
        } catch (error) {
          toast.error(source.failed(type, error));
        }
      }),
    [guard, renewSession, toast, source],
  );

  const isDownloading = useCallback((uploadId: string, type: FileType) => guard.isRunning(`${uploadId}:${type}`), [guard]);
  return { download, isDownloading };
}
