/** csv-parse streaming the CSV into ExcelJS's streaming writer. */
import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse';

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
