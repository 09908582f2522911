import type { FileType, ViewerOverview, ViewerSheet } from '@/web/api/generated';
import type { RowsQuery, ViewerFilter } from './viewerSource';

/** A row (by its unfiltered index) and optionally the cell of it to show. */
export interface ViewerTarget {
  index: number;
  column: number | null;
}

/** Where the viewer is: a version's sheet under a filter, opened on a target or at the top. */
export interface ViewerPlace {
  version: FileType;
  sheet: number;
  filter: ViewerFilter;
  target: ViewerTarget | null;
}

/** The Scrubbed sheet itself (the one whose rows carry issues), if the overview has it. */
export function scrubbedDataSheet(overview: ViewerOverview): ViewerSheet | undefined {
  return overview.versions.find(({ version }) => version === 'scrubbed')?.sheets.find(({ kind }) => kind === 'data');
}

/** Whether a sheet's rows carry error and warning flags, so its rows can be filtered. */
export function isFlaggedSheet(version: FileType, sheet: ViewerSheet): boolean {
  return version === 'scrubbed' && sheet.kind === 'data';
}

/** An Issues row as the engine writes it: Severity, Sheet, Row, Column (source sheet, source row, header). */
export interface IssueRef {
  severity: string;
  sheet: string;
  row: string;
  column: string;
}

/** Reads an Issues row by its header labels. */
export function issueRef(columns: string[], cells: (string | null)[]): IssueRef {
  const cell = (label: string) => (cells[columns.indexOf(label)] ?? '').trim();
  return { severity: cell('Severity'), sheet: cell('Sheet'), row: cell('Row'), column: cell('Column') };
}

const SEVERITY_FILTER: Record<string, ViewerFilter> = { Error: 'errors', Warning: 'warnings' };
/** Windows of flagged rows read while looking for an issue's row before settling for the filtered grid. */
const SEARCH_WINDOWS = 5;
const SEARCH_LIMIT = 500;

/**
 * Where an Issues row leads: the Scrubbed row of its source sheet and row, found among the rows
 * flagged with its severity (the Scrubbed sheet keeps Source Sheet and Source Row), with the cell of
 * its column. An issue about a whole week names no row; one not found among the first flagged rows
 * leads to the Scrubbed grid filtered to its severity.
 */
export async function issuePlace(issue: IssueRef, scrubbed: ViewerSheet, read: (query: RowsQuery) => Promise<{ total: number; rows: { index: number; cells: (string | null)[] }[] }>): Promise<ViewerPlace> {
  const filter = SEVERITY_FILTER[issue.severity] ?? 'all';
  const fallback: ViewerPlace = { version: 'scrubbed', sheet: scrubbed.index, filter, target: null };
  const sheetColumn = scrubbed.columns.indexOf('Source Sheet');
  const rowColumn = scrubbed.columns.indexOf('Source Row');
  if (!issue.row || sheetColumn < 0 || rowColumn < 0) return fallback;
  for (let windowNo = 0; windowNo < SEARCH_WINDOWS; windowNo += 1) {
    const { total, rows } = await read({ version: 'scrubbed', sheet: scrubbed.index, filter, offset: windowNo * SEARCH_LIMIT, limit: SEARCH_LIMIT });
    const found = rows.find(({ cells }) => cells[sheetColumn]?.trim() === issue.sheet && cells[rowColumn]?.trim() === issue.row);
    if (found) {
      const column = scrubbed.columns.indexOf(issue.column);
      return { version: 'scrubbed', sheet: scrubbed.index, filter: 'all', target: { index: found.index, column: column < 0 ? null : column } };
    }
    if ((windowNo + 1) * SEARCH_LIMIT >= total) break;
  }
  return fallback;
}
