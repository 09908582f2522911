import type { ProcessingSummary } from '../processing';

/**
 * What the engine found in an upload, as stored in uploads.summary so screens can show it without
 * opening a file. A sheet's column mapping stays in the consolidated file's Sources sheet: it can be
 * long, and nothing needs it without the file.
 */
export interface UploadSummary {
  format: ProcessingSummary['format'];
  rowsIn: number;
  rowsOut: number;
  duplicatesRemoved: number;
  employees: number;
  issues: { error: number; warning: number };
  totalHours: ProcessingSummary['totalHours'];
  totalGross: number;
  sheets: { found: number; used: number; skipped: Array<{ name: string; reason: string }> };
  durationMs: number;
}

export function toUploadSummary(summary: ProcessingSummary): UploadSummary {
  return {
    format: summary.format,
    rowsIn: summary.rowsIn,
    rowsOut: summary.rowsOut,
    duplicatesRemoved: summary.duplicatesRemoved,
    employees: summary.employees,
    issues: { ...summary.issues },
    totalHours: { ...summary.totalHours },
    totalGross: summary.totalGross,
    sheets: { found: summary.sheets.length, used: summary.sheets.length - summary.skippedSheets.length, skipped: summary.skippedSheets },
    durationMs: Math.round(summary.durationMs),
  };
}
