/**
 * First pass: the top of every sheet is read (at most a few dozen rows) to find its header, so the
 * output columns are known before the first row is written. Sheets without a table are reported.
 */
import { applyMappingFixes } from '../history/mappingFixes';
import { type WorkbookSource } from '../reading/workbookSource';
import { HEADER_SEARCH_ROWS, type SheetHeader, detectHeader } from '../table/headerDetection';
import { isBlankRow } from '../table/cellText';
import { type MappingFix, type SheetRow, type SheetSourceInfo } from '../types';

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
  while (nonEmpty < HEADER_SEARCH_ROWS) {
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

/**
 * Finds every sheet's table, its header read with the admin's mapping fixes; call `closeTables` if the
 * rows of the tables will not be read.
 */
export async function findTables(
  source: WorkbookSource,
  fixes: readonly MappingFix[],
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
    const header = top.length > 0 ? detectHeader(top) : undefined;
    if (!header) {
      await rest?.return?.();
      info.skippedReason = top.length === 0 ? 'empty sheet' : 'no payroll header found';
      continue;
    }
    applyMappingFixes(header, sheet.name, fixes);
    info.headerRow = header.row;
    info.twoRowHeader = header.upperRow !== undefined;
    info.mapping = header.columns.map((c) => ({ header: c.header, column: c.canonical ?? c.header, sourceColumn: c.index }));
    info.unmappedHeaders = header.columns.filter((c) => !c.canonical).map((c) => c.header);
    tables.push({ sheetIndex: i, header, info, rows: replay(top, rest) });
  }
  return { tables, infos };
}

export async function closeTables(tables: SheetTable[]): Promise<void> {
  for (const table of tables) await (table.rows as AsyncGenerator<SheetRow[]>).return(undefined);
}
