/**
 * What a typical Node implementation would do with the same files, timed beside the engine:
 * ExcelJS streaming reader + streaming writer, SheetJS read + write, csv-parse + ExcelJS writer.
 * Each reads every cell and writes one sheet; none of them classifies, scrubs or checks anything.
 */
import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse';

export async function excelJsStreaming(input: string, output: string): Promise<number> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: output, useSharedStrings: false, useStyles: false });
  const sheet = writer.addWorksheet('Consolidated');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', worksheets: 'emit', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore' });
  let rows = 0;
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      sheet.addRow((row as ExcelJS.Row).values as ExcelJS.CellValue[]).commit();
      rows++;
    }
  }
  sheet.commit();
  await writer.commit();
  return rows;
}

export function sheetJs(input: string, output: string): number {
  const wb = XLSX.readFile(input, { dense: true });
  const all: unknown[][] = [];
  for (const name of wb.SheetNames) for (const row of XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name], { header: 1, raw: true })) all.push(row);
  const out = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(out, XLSX.utils.aoa_to_sheet(all, { dense: true }), 'Consolidated');
  XLSX.writeFile(out, output, { compression: true });
  return all.length;
}

export async function csvParseExcelJs(input: string, output: string): Promise<number> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: output, useSharedStrings: false, useStyles: false });
  const sheet = writer.addWorksheet('Consolidated');
  let rows = 0;
  for await (const record of createReadStream(input).pipe(parse({ relax_column_count: true, bom: true }))) {
    sheet.addRow(record as string[]).commit();
    rows++;
  }
  sheet.commit();
  await writer.commit();
  return rows;
}
