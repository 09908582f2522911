/**
 * First pass: the top of every sheet is read (at most a few dozen rows) to find its header, so the
 * output columns are known before the first row is written. Sheets without a table are reported.
 */
import { type WorkbookSource } from '../reading/workbookSource';
import { HEADER_SEARCH_ROWS, type SheetHeader, detectHeader } from '../table/headerDetection';
import { isBlankRow } from '../table/cellText';
import { type SheetRow, type SheetSourceInfo } from '../types';

export interface SheetTable {
  sheetIndex: number;
  header: SheetHeader;
  info: SheetSourceInfo;
}

export function emptyInfo(name: string, hidden: boolean): SheetSourceInfo {
  return { name, hidden, rowsRead: 0, dataRows: 0, skipped: { blank: 0, repeatedHeader: 0, total: 0, note: 0 }, mapping: [], unmappedHeaders: [] };
}

async function topRows(source: WorkbookSource, sheetIndex: number): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  let nonEmpty = 0;
  for await (const batch of source.rows(sheetIndex)) {
    for (const row of batch) {
      if (isBlankRow(row.cells)) continue;
      rows.push(row);
      if (++nonEmpty >= HEADER_SEARCH_ROWS) return rows;
    }
  }
  return rows;
}

export async function findTables(source: WorkbookSource, signal?: AbortSignal): Promise<{ tables: SheetTable[]; infos: SheetSourceInfo[] }> {
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
    const rows = await topRows(source, i);
    if (rows.length === 0) {
      info.skippedReason = 'empty sheet';
      continue;
    }
    const header = detectHeader(rows);
    if (!header) {
      info.skippedReason = 'no payroll header found';
      continue;
    }
    info.headerRow = header.row;
    info.twoRowHeader = header.upperRow !== undefined;
    info.mapping = header.columns.map((c) => ({ header: c.header, column: c.canonical ?? c.header }));
    info.unmappedHeaders = header.columns.filter((c) => !c.canonical).map((c) => c.header);
    tables.push({ sheetIndex: i, header, info });
  }
  return { tables, infos };
}
