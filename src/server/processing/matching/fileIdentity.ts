/**
 * What a file says about whose payroll it is, read without processing it: its sheet names, the text
 * above each table (title rows), the table's headers, and the employee IDs and names of the first rows.
 * The header is found by the engine's own header detection, so the identity columns are the ones a
 * run would map; only the top of each sheet is read (the reader is released early), and nothing is
 * written anywhere.
 */
import { openWorkbook } from '../reading/openWorkbook';
import { cellText, isBlankRow } from '../table/cellText';
import { detectHeader, HEADER_SEARCH_ROWS } from '../table/headerDetection';
import { normaliseHeader } from '../table/headerText';
import { type SheetHeader } from '../table/sheetHeader';
import { type SheetRow } from '../types';

export interface FileIdentity {
  sheetNames: string[];
  /** Texts of the rows above each table's header (a title block: "Acme Bakery - Payroll w/e 11/21"). */
  titleTexts: string[];
  /** Each table's header texts, normalised as header detection reads them. */
  headers: string[];
  /** Employee IDs as written, and names ("First Last" when the file splits them), of the rows read. */
  employeeIds: string[];
  employeeNames: string[];
}

export interface FileIdentityLimits {
  /** Data rows read per sheet below its header. */
  rowsPerSheet: number;
  /** Sheets read, in workbook order (hidden ones left out). */
  sheets: number;
}

export const FILE_IDENTITY_LIMITS: FileIdentityLimits = { rowsPerSheet: 400, sheets: 12 };

/** Reads the identity of the file at `path` (its format told by content); throws ProcessingError for a file the engine would refuse. */
export async function readFileIdentity(path: string, fileName: string, limits: FileIdentityLimits = FILE_IDENTITY_LIMITS): Promise<FileIdentity> {
  const source = await openWorkbook(path, fileName);
  const identity: FileIdentity = { sheetNames: [], titleTexts: [], headers: [], employeeIds: [], employeeNames: [] };
  try {
    const sheets = source.sheets.map((sheet, index) => ({ sheet, index })).filter(({ sheet }) => !sheet.hidden && !sheet.unreadable);
    for (const { sheet, index } of sheets.slice(0, limits.sheets)) {
      identity.sheetNames.push(sheet.name);
      await readSheet(source.rows(index), identity, limits.rowsPerSheet);
    }
  } finally {
    await source.close();
  }
  return identity;
}

/** The columns of a header that name employees. */
interface IdentityColumns {
  id?: number;
  name?: number;
  first?: number;
  last?: number;
}

function identityColumns(header: SheetHeader): IdentityColumns {
  const find = (column: string) => header.columns.find((c) => c.canonical === column)?.index;
  return { id: find('Employee ID'), name: find('Employee Name'), first: find('First Name'), last: find('Last Name') };
}

async function readSheet(batches: AsyncIterable<SheetRow[]>, identity: FileIdentity, rowsPerSheet: number): Promise<void> {
  const top: SheetRow[] = [];
  let header: SheetHeader | undefined;
  let columns: IdentityColumns = {};
  let read = 0;
  /** Takes the employees of rows below the header; answers whether the sheet's limit is reached. */
  const take = (rows: SheetRow[]): boolean => {
    for (const row of rows) {
      if (read >= rowsPerSheet) return true;
      read += takeEmployee(row, columns, identity);
    }
    return read >= rowsPerSheet;
  };
  for await (const batch of batches) {
    for (const row of batch) {
      if (header) {
        if (take([row])) return;
        continue;
      }
      if (!isBlankRow(row.cells)) top.push(row);
      if (top.length < HEADER_SEARCH_ROWS) continue;
      header = startTable(top, identity);
      if (!header) return;
      columns = identityColumns(header);
      const below = header.row;
      if (take(top.filter((r) => r.row > below))) return;
    }
  }
  if (header || top.length === 0) return;
  // a sheet shorter than the header search: its table, if any, is among the rows read
  header = startTable(top, identity);
  if (!header) return;
  columns = identityColumns(header);
  const below = header.row;
  take(top.filter((r) => r.row > below));
}

/** Finds the table among the first rows, keeping its header and the texts above it; undefined when the sheet has no payroll table. */
function startTable(top: SheetRow[], identity: FileIdentity): SheetHeader | undefined {
  const header = detectHeader(top);
  if (!header) {
    // a sheet of text only (a cover sheet) can still name the client
    for (const row of top.slice(0, 5)) identity.titleTexts.push(...rowTexts(row));
    return undefined;
  }
  const firstHeaderRow = header.upperRow ?? header.row;
  for (const row of top) if (row.row < firstHeaderRow) identity.titleTexts.push(...rowTexts(row));
  for (const column of header.columns) {
    const normalised = normaliseHeader(column.header);
    if (normalised) identity.headers.push(normalised);
  }
  return header;
}

function rowTexts(row: SheetRow): string[] {
  return row.cells.map(cellText).filter((text) => text.length > 0 && text.length <= 200);
}

/** A subtotal or total row's label, which names no employee. */
const TOTAL_ROW = /^(sub)?\s*totals?\b/i;

/** Adds the row's employee ID and name; 1 when the row named an employee, else 0. */
function takeEmployee(row: SheetRow, columns: IdentityColumns, identity: FileIdentity): number {
  const text = (index: number | undefined) => (index === undefined ? '' : cellText(row.cells[index]));
  const id = text(columns.id);
  const name = text(columns.name) || [text(columns.first), text(columns.last)].filter(Boolean).join(' ');
  if (TOTAL_ROW.test(id) || TOTAL_ROW.test(name)) return 0;
  if (id) identity.employeeIds.push(id);
  if (name) identity.employeeNames.push(name);
  return id || name ? 1 : 0;
}
