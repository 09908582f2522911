/** Values and shapes shared by the reading, table, scrubbing and writing stages of the engine. */
import { type IssueRule, type IssueRuleCount } from './scrubbing/issueRules';

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
  /**
   * Original header text -> canonical or kept column name; `sourceColumn` is the 0-based column of the
   * sheet it was read from (the lower row of a two-row header), so a value leads back to its raw cell.
   */
  mapping: Array<{ header: string; column: string; sourceColumn: number; how?: MappingSource }>;
  unmappedHeaders: string[];
  /** The table's number in its sheet, from 2 for a table stacked below the first (absent for the first). */
  table?: number;
}

/**
 * How a column's mapping was decided: the header vocabulary, the column's values, the client's
 * remembered profile, or an admin's fix.
 */
export type MappingSource = 'vocabulary' | 'content' | 'profile' | 'fix';

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
  /** Issues counted by the rule that raised them (rules that raised none are absent). */
  issuesByRule: Partial<Record<IssueRule, IssueRuleCount>>;
  sheets: SheetSourceInfo[];
  skippedSheets: Array<{ name: string; reason: string }>;
  durationMs: number;
  /** This week's facts, for the server to keep as the client's last approved week on approval. */
  weekFacts: WeekFacts;
  /** Warnings of the comparison with the client's history (profile and last approved week), counted apart. */
  weekOverWeek: { warnings: number };
}

/** One employee of a week, keyed as the per-employee ledger files them: the Employee ID, else the scrubbed name. */
export interface WeekEmployee {
  key: string;
  id: string | null;
  name: string;
  gross: number;
  /** The distinct pay rates of the employee's rows, ascending. */
  rates: number[];
}

/** What a week's payroll came to: each employee, and the client's totals. */
export interface WeekFacts {
  employees: WeekEmployee[];
  totalGross: number;
  totalHours: number;
}

/** An admin's fix: a header (as written) -> a canonical column, or null = keep it as an extra column; sheet null = every sheet. */
export interface MappingFix {
  sheet: string | null;
  header: string;
  column: string | null;
}

/**
 * What the client's profile and last approved week looked like, for the week-over-week comparison.
 * Absent in a client's first week: then no week-over-week or mapping warning is raised.
 */
export interface ClientHistory {
  /** The last approved week (ISO Monday). */
  weekStart: string;
  /** The mapping profile: per sheet, header -> column as last approved, with the admin's fixes applied. */
  sheets: Array<{ name: string; mapping: Array<{ header: string; column: string }> }>;
  /**
   * The admin's fixes, applied when mapping headers this week (also without facts). Headers are compared
   * normalised; of the fixes of a header, the sheet's own first one wins, else the first for every sheet
   * (keep the newest first).
   */
  fixes: MappingFix[];
  /** The last approved week's facts; null when not known. */
  facts: WeekFacts | null;
}

/** When a change since the last approved week is worth a warning (a change strictly above a percentage). */
export interface WeekOverWeekThresholds {
  /** An employee's gross pay changed by more than this percentage... */
  employeeGrossPercent: number;
  /** ...and by at least this amount. */
  employeeGrossAmount: number;
  /** The client's total gross pay changed by more than this percentage. */
  totalGrossPercent: number;
  /** The client's total hours changed by more than this percentage. */
  totalHoursPercent: number;
}

export interface ProgressUpdate {
  stage: 'CONSOLIDATING' | 'SCRUBBING';
  message: string;
  /**
   * The share of the run's work done, 0-1, never going backwards: the bytes (or, where the reader
   * holds them, the rows) of the tables' sheets read, then the checks and the finishing of the files.
   * It is 1 once the workbooks are written.
   */
  progress: number;
}

export interface ProcessWorkbookOptions {
  inputPath: string;
  /** The name the file was uploaded under; used for the CSV sheet name and messages. */
  fileName: string;
  /** First day of the upload's payroll week; enables the "date outside the week" check. */
  weekStart?: Date;
  consolidatedPath: string;
  scrubbedPath: string;
  /** The client's profile and last approved week; absent in a client's first week. Plain data (it crosses to the pipeline's thread). */
  history?: ClientHistory;
  /** Thresholds of the week-over-week checks; each defaults to WEEK_OVER_WEEK_DEFAULTS'. */
  weekOverWeek?: Partial<WeekOverWeekThresholds>;
  onProgress?: (p: ProgressUpdate) => void;
  signal?: AbortSignal;
}
