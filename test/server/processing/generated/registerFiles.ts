/**
 * Writes a generated register to a file: xlsx through ExcelJS (strings shared, or written in the cell:
 * inline rich text and plain `str` cells; dates with a date format; wrapped header text; merged group
 * labels; formulas with cached results), or CSV with its separator, quoting where needed, CRLF or LF,
 * with or without a UTF-8 BOM. Records the row number the engine will report for each sheet row.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { cellText, layoutSheet, type SheetLayout } from './registerLayout';
import { type RegisterCell, type RegisterFile } from './registerSpec';

export interface WrittenSheet {
  /** The sheet's name as the engine reports it (a CSV's is the file name without extension). */
  name: string;
  layout: SheetLayout;
  /** The 1-based row (an xlsx row, a CSV's line) the engine gives a 0-based row of the layout. */
  sourceRow: (row: number) => number;
}

export interface WrittenRegister {
  path: string;
  sheets: WrittenSheet[];
}

function csvField(cell: RegisterCell, separator: string): string {
  const text = cell === null ? '' : typeof cell === 'object' && !(cell instanceof Date) ? ('richText' in cell ? cell.richText : String(cell.result)) : cellText(cell);
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(file: RegisterFile, layout: SheetLayout): { text: string; lineOfRow: number[] } {
  const { separator, eol, padRows, bom } = file.csv!;
  const width = Math.max(...layout.rows.map((r) => r.length));
  const lines: string[] = [];
  const lineOfRow: number[] = [];
  let line = 1;
  for (const row of layout.rows) {
    const cells = padRows ? [...row, ...new Array(width - row.length).fill(null)] : row;
    const text = cells.map((c) => csvField(c, separator)).join(separator);
    lineOfRow.push(line);
    line += 1 + (text.match(/\r\n|\r|\n/g)?.length ?? 0);
    lines.push(text);
  }
  return { text: `${bom ? '\uFEFF' : ''}${lines.join(eol)}${eol}`, lineOfRow };
}

function setCell(cell: ExcelJS.Cell, value: RegisterCell, inline: boolean): void {
  if (value instanceof Date) {
    cell.value = value;
    cell.numFmt = 'm/d/yyyy';
  } else if (value !== null && typeof value === 'object') {
    cell.value = 'richText' in value ? { richText: [{ text: value.richText }] } : { formula: value.formula, result: value.result };
  } else if (typeof value === 'string' && inline) {
    cell.value = { richText: [{ text: value }] };
  } else {
    cell.value = value;
  }
  if (typeof value === 'string' && value.includes('\n')) cell.alignment = { wrapText: true };
}

async function writeXlsx(file: RegisterFile, layouts: SheetLayout[], path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const shared = file.xlsx!.sharedStrings;
  for (const layout of layouts) {
    const ws = wb.addWorksheet(layout.sheet.name, { state: layout.sheet.hidden ? 'hidden' : 'visible' });
    layout.rows.forEach((row, r) => {
      row.forEach((value, c) => {
        // without shared strings, every other text cell is inline rich text, the rest plain `str` cells
        if (value !== null) setCell(ws.getCell(r + 1, c + 1), value, !shared && (r + c) % 2 === 0);
      });
    });
    for (const [r1, c1, r2, c2] of layout.merges) ws.mergeCells(r1 + 1, c1 + 1, r2 + 1, c2 + 1);
  }
  if (file.otherSheet) {
    const ws = wb.addWorksheet(file.otherSheet);
    ws.getCell('A1').value = 'How to read this register';
    ws.getCell('A2').value = 'Hours are in decimal hours; amounts in US dollars.';
  }
  await wb.xlsx.writeFile(path, { useSharedStrings: shared });
}

/** Writes the file into `dir` under its own name. */
export async function writeRegister(file: RegisterFile, dir: string): Promise<WrittenRegister> {
  const path = join(dir, file.fileName);
  const layouts = file.sheets.map(layoutSheet);
  if (file.format === 'csv') {
    const { text, lineOfRow } = csvText(file, layouts[0]);
    writeFileSync(path, text, 'utf8');
    return { path, sheets: [{ name: file.fileName.replace(/\.csv$/, ''), layout: layouts[0], sourceRow: (row) => lineOfRow[row] }] };
  }
  await writeXlsx(file, layouts, path);
  return { path, sheets: layouts.map((layout) => ({ name: layout.sheet.name, layout, sourceRow: (row) => row + 1 })) };
}
