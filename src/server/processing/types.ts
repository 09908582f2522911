/** Values and shapes shared by the reading, table, scrubbing and writing stages of the engine. */

/** A date as Excel stores it: days since 1899-12-30 (the 1900 date system), fraction = time of day. */
export class ExcelDate {
  constructor(readonly serial: number) {}
}

/** One cell as read: text, number, boolean, date, or empty (null / undefined hole). */
export type CellValue = string | number | boolean | ExcelDate | null | undefined;

/** One row of a source sheet; `row` is the 1-based row (or CSV line) number in the original. */
export interface SheetRow {
  row: number;
  cells: CellValue[];
}

export type HoursKind = 'Regular Hours' | 'Overtime Hours' | 'Double Time Hours' | 'PTO Hours' | 'Holiday Hours' | 'Sick Hours';
export type Severity = 'error' | 'warning';

/** What happened to one sheet of the upload, as reported in the "Sources" sheet and the summary. */
export interface SheetSourceInfo {
  name: string;
  hidden: boolean;
  /** Why the sheet was not used, e.g. "no payroll header found"; absent when it was used. */
  skippedReason?: string;
  headerRow?: number;
  twoRowHeader?: boolean;
  rowsRead: number;
  dataRows: number;
  skipped: { blank: number; repeatedHeader: number; total: number; note: number };
  /** Original header text -> canonical or kept column name. */
  mapping: Array<{ header: string; column: string }>;
  unmappedHeaders: string[];
}

export interface ProcessingSummary {
  fileName: string;
  format: 'xlsx' | 'xls' | 'csv';
  rowsIn: number;
  rowsOut: number;
  duplicatesRemoved: number;
  employees: number;
  totalHours: Record<HoursKind, number>;
  totalGross: number;
  issues: { error: number; warning: number };
  sheets: SheetSourceInfo[];
  skippedSheets: Array<{ name: string; reason: string }>;
  durationMs: number;
}

export interface ProgressUpdate {
  stage: 'CONSOLIDATING' | 'SCRUBBING';
  message: string;
}

export interface ProcessWorkbookOptions {
  inputPath: string;
  /** The name the file was uploaded under; used for the CSV sheet name and messages. */
  fileName: string;
  /** First day of the upload's payroll week; enables the "date outside the week" check. */
  weekStart?: Date;
  consolidatedPath: string;
  scrubbedPath: string;
  onProgress?: (p: ProgressUpdate) => void;
  signal?: AbortSignal;
}
