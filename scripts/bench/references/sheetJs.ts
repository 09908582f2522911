/** SheetJS: the whole workbook read, every sheet's rows gathered into one sheet, written compressed. */
import * as XLSX from '@e965/xlsx';

export function sheetJs(input: string, output: string): number {
  const wb = XLSX.readFile(input, { dense: true });
  const all: unknown[][] = [];
  for (const name of wb.SheetNames) for (const row of XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name], { header: 1, raw: true })) all.push(row);
  const out = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(out, XLSX.utils.aoa_to_sheet(all, { dense: true }), 'Consolidated');
  XLSX.writeFile(out, output, { compression: true });
  return all.length;
}
