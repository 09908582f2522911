import { useCallback } from 'react';
import { useRenewSession } from '@/web/components/uploads/useUploadDownload';
import { downloadFile } from '@/web/lib/download';
import { useDownloadGuard } from '@/web/lib/downloadGuard';
import { useToast } from '@/web/lib/useToast';
import { type AuditFilterValues, auditExportUrl, type AuditScope } from './auditScope';

export const AUDIT_EXPORT_FAILED = 'Failed to export the audit log';
const ONE_AT_A_TIME = 'audit-export';

/**
 * Downloads the filtered log as CSV, named by the server ('audit-log-2026-11-24.csv'). One export at
 * a time; a refusal shows the server's message, else 'Failed to export the audit log'.
 */
export function useAuditExport(scope: AuditScope, filters: AuditFilterValues) {
  const toast = useToast();
  const guard = useDownloadGuard();
  const renewSession = useRenewSession();

  const exportCsv = useCallback(
    () =>
      guard.run(ONE_AT_A_TIME, async () => {
        try {
          await downloadFile(auditExportUrl(scope, filters), { fallbackName: 'audit-log.csv', accept: 'text/csv', failureMessage: AUDIT_EXPORT_FAILED, renewSession });
        } catch (error) {
          toast.error(AUDIT_EXPORT_FAILED, error instanceof Error && error.message !== AUDIT_EXPORT_FAILED ? error.message : undefined);
        }
      }),
    [guard, renewSession, toast, scope, filters],
  );

  return { exportCsv, exporting: guard.isRunning(ONE_AT_A_TIME) };
}
