/**
 * First pass: the top of every sheet is read (at most a few dozen rows) to find its header, so the
 * output columns are known before the first row is written. Sheets without a table are reported.
 */
import { applyMappingFixes } from '../history/mappingFixes';
import { applyProfile } from '../history/profileMapping';
import { type WorkbookSource } from '../reading/workbookSource';
import { isBlankRow } from '../table/cellText';
import { ColumnProfiles } from '../table/columnProfile';
import { mapByContent } from '../table/contentMapping';
import { HEADER_SEARCH_ROWS, type SheetHeader, detectHeader, hasIdentity, identityHeader } from '../table/headerDetection';
import { stackedHeaderOf } from '../table/stackedHeader';
import { RowClassifier } from '../table/rowClassification';
import { missingEvidence } from '../table/payrollEvidence';
import { type ClientHistory, type SheetRow, type SheetSourceInfo } from '../types';

/** Data rows below the header whose values are profiled (read with the header search, kept for the second pass). */
export const SAMPLE_ROWS = 100;

export interface SheetTable {
  sheetIndex: number;
  header: SheetHeader;
  info: SheetSourceInfo;
  /** The sheet's rows from the top: those read to find the header, then the rest, read on demand. */
  rows: AsyncIterable<SheetRow[]>;
}

export function emptyInfo(name: string, hidden: boolean): SheetSourceInfo {
  return { name, hidden, rowsRead: 0, dataRows: 0, skipped: { blank: 0, repeatedHeader: 0, total: 0, note: 0 }, mapping: [], unmappedHeaders: [] };
}

/**
 * Reads batches until the header search has enough non-empty rows. The reader is kept open, so the
 * second pass continues where this one stopped instead of reading the top of the sheet again.
 */
async function topRows(source: WorkbookSource, sheetIndex: number): Promise<{ top: SheetRow[]; rest: AsyncIterator<SheetRow[]> | undefined }> {
  const iterator = source.rows(sheetIndex)[Symbol.asyncIterator]();
  const top: SheetRow[] = [];
  let nonEmpty = 0;
  while (nonEmpty < HEADER_SEARCH_ROWS + SAMPLE_ROWS) {
    const next = await iterator.next();
    if (next.done) return { top, rest: undefined };
    for (const row of next.value) {
      top.push(row);
      if (!isBlankRow(row.cells)) nonEmpty++;
    }
  }
  return { top, rest: iterator };
}

async function* replay(top: SheetRow[], rest: AsyncIterator<SheetRow[]> | undefined): AsyncGenerator<SheetRow[]> {
  yield top;
  if (!rest) return;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/** Profiles the data rows below the header among the rows read. */
function profileRows(header: SheetHeader, top: SheetRow[]): ColumnProfiles {
  const profiles = new ColumnProfiles(settledColumns(header));
  const classifier = new RowClassifier(header);
  for (const row of top) {
    if (profiles.rows >= SAMPLE_ROWS) break;
    if (row.row <= header.row || classifier.classify(row.cells) !== 'data') continue;
    // the next table stacked below has values of its own
    if (stackedHeaderOf(row, header)) break;
    profiles.add(row);
  }
  return profiles;
}

/**
 * The sheet's header, mapped by its words, the admin's fixes, the client's profile and its values. A
 * header whose words name payroll columns but no employee column counts when the values find one (a
 * column of names under "Team Member").
 */
function findHeader(top: SheetRow[], sheet: string, history: Pick<ClientHistory, 'fixes' | 'sheets'> | undefined, sheetCount: number): SheetHeader | undefined {
  const header = detectHeader(top) ?? detectHeader(top, false);
  if (!header) return undefined;
  prepareHeader(header, sheet, history, sheetCount);
  mapByContent(header, profileRows(header, top));
  return hasIdentity(header) ? header : undefined;
}

/** Applies the admin's fixes, then the client's remembered profile, to a header found in a sheet. */
export function prepareHeader(header: SheetHeader, sheet: string, history: Pick<ClientHistory, 'fixes' | 'sheets'> | undefined, sheetCount: number): void {
  applyMappingFixes(header, sheet, history?.fixes ?? []);
  if (history) applyProfile(header, sheet, sheetCount, history.sheets);
}

/**
 * The columns content has nothing to decide for: mapped, and contested by no other header of the sheet
 * (an admin's fix is never contested). Extra columns, headerless ones and contested ones are profiled.
 */
function settledColumns(header: SheetHeader): Uint8Array {
  const width = header.columns.reduce((max, c) => Math.max(max, c.index + 1), 0);
  const settled = new Uint8Array(width);
  const contested = new Set(header.columns.filter((c) => c.named && c.named !== c.canonical).map((c) => c.named));
  for (const column of header.columns) {
    if (column.canonical && (column.how === 'fix' || !contested.has(column.canonical))) settled[column.index] = 1;
  }
  return settled;
}

/** Records a table's header in its Sources entry. */
export function describeHeader(info: SheetSourceInfo, header: SheetHeader): void {
  info.headerRow = header.row;
  info.twoRowHeader = header.upperRow !== undefined;
  info.mapping = header.columns.map((c) => ({ header: c.header, column: c.canonical ?? c.header, sourceColumn: c.index, ...(c.how ? { how: c.how } : {}) }));
  info.unmappedHeaders = header.columns.filter((c) => !c.canonical).map((c) => c.header);
}

/**
 * Finds every sheet's table, its header read with the admin's mapping fixes, the client's profile and
 * the content of its first rows; call `closeTables` if the rows of the tables will not be read. A sheet
 * whose table has no hours or pay columns is skipped, with what it has said in `skippedReason`.
 */
export async function findTables(
  source: WorkbookSource,
  history: Pick<ClientHistory, 'fixes' | 'sheets'> | undefined,
  signal?: AbortSignal,
): Promise<{ tables: SheetTable[]; infos: SheetSourceInfo[] }> {
  const tables: SheetTable[] = [];
  const infos: SheetSourceInfo[] = [];
  for (let i = 0; i < source.sheets.length; i++) {
    signal?.throwIfAborted();
    const sheet = source.sheets[i];
    const info = emptyInfo(sheet.name, sheet.hidden);
    infos.push(info);
    if (sheet.unreadable) {
      info.skippedReason = sheet.unreadable;
      continue;
    }
    const { top, rest } = await topRows(source, i);
    const header = top.length > 0 ? findHeader(top, sheet.name, history, source.sheets.length) : undefined;
    if (!header) {
      await rest?.return?.();
      // a list of people without a payroll header says what it is instead
      const people = identityHeader(top);
      info.skippedReason = top.every((r) => isBlankRow(r.cells)) ? 'empty sheet' : people ? missingEvidence(people) : 'no payroll header found';
      if (people && info.skippedReason) describeHeader(info, people);
      continue;
    }
    describeHeader(info, header);
    const missing = missingEvidence(header);
    if (missing) {
      await rest?.return?.();
      info.skippedReason = missing;
      continue;
    }
    tables.push({ sheetIndex: i, header, info, rows: replay(top, rest) });
  }
  return { tables, infos };
}

export async function closeTables(tables: SheetTable[]): Promise<void> {
  for (const table of tables) await (table.rows as AsyncGenerator<SheetRow[]>).return(undefined);
}
