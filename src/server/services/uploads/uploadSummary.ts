import type { IssueRule, IssueRuleCount, ProcessingSummary, WeekFacts } from '../../processing';
import { storableText } from '../review/pack/blocks';

/**
 * What the engine found in an upload, as stored in uploads.summary so screens can show it without
 * opening a file. `sources` keeps each sheet's column mapping (one entry per header column) with the
 * raw column it was read from: the viewer's lineage leads a value back to its raw cell through it.
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
  sources: UploadSheetSource[];
  /**
   * Issues by the rule that raised them. first: the row it flagged first, by its Source Sheet and Source
   * Row; firstRow: that row's index in the Scrubbed sheet, filled in when the viewer's rows are stored.
   */
  issuesByRule: Array<{ rule: IssueRule; severity: 'error' | 'warning' | 'info'; count: number; first: IssueRuleCount['first']; firstRow: number | null }>;
  durationMs: number;
  /** How many warnings the comparison with the client's last approved week raised (the dashboard's signal). */
  weekOverWeek: ProcessingSummary['weekOverWeek'];
}

export interface UploadSheetSource {
  name: string;
  hidden: boolean;
  reason: string | null;
  headerRow: number | null;
  rowsRead: number;
  dataRows: number;
  mapping: ProcessingSummary['sheets'][number]['mapping'];
  /** The table's number in its sheet, from 2 for a table stacked below the first (absent for the first). */
  table?: number;
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
    sources: summary.sheets.map((sheet) => ({
      name: storableText(sheet.name),
      hidden: sheet.hidden,
      reason: sheet.skippedReason ?? null,
      headerRow: sheet.headerRow ?? null,
      rowsRead: sheet.rowsRead,
      dataRows: sheet.dataRows,
      mapping: sheet.mapping.map((m) => ({ header: storableText(m.header), column: storableText(m.column), sourceColumn: m.sourceColumn, ...(m.how ? { how: m.how } : {}) })),
      ...(sheet.table ? { table: sheet.table } : {}),
    })),
    issuesByRule: Object.entries(summary.issuesByRule).map(([rule, counted]) => ({
      rule: rule as IssueRule,
      severity: counted.severity,
      count: counted.count,
      first: counted.first && { sheet: storableText(counted.first.sheet), row: counted.first.row },
      firstRow: null,
    })),
    durationMs: Math.round(summary.durationMs),
    weekOverWeek: { ...summary.weekOverWeek },
  };
}

/** The summary with the index in the Scrubbed sheet of the row each rule flagged first. */
export function withFirstRows(summary: UploadSummary, firstRows: ReadonlyMap<IssueRule, number>): UploadSummary {
  return { ...summary, issuesByRule: summary.issuesByRule.map((counted) => ({ ...counted, firstRow: firstRows.get(counted.rule) ?? null })) };
}

/**
 * A week's facts as jsonb can hold them (storableText): the engine reads no half surrogate pair and the
 * scrubber leaves no control character in a name, but the facts carry people's names and identifiers
 * to the database, where one such character would fail the upload.
 */
export function storableFacts(facts: WeekFacts): WeekFacts {
  return {
    ...facts,
    employees: facts.employees.map((employee) => ({
      ...employee,
      key: storableText(employee.key),
      id: employee.id === null ? null : storableText(employee.id),
      name: storableText(employee.name),
    })),
  };
}
