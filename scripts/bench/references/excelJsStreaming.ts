/** ExcelJS's streaming reader and streaming writer: every row of every sheet copied into one sheet. */
import ExcelJS from 'exceljs';

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
