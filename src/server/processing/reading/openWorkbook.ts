/** Opens any accepted upload as a WorkbookSource, choosing the reader from the file's bytes. */
import { openCsv } from './csvSource';
import { detectFormat } from './detectFormat';
import { type WorkbookSource } from './workbookSource';
import { openXls } from './xlsSource';
import { openXlsx } from './xlsxSource';

export async function openWorkbook(path: string, fileName: string): Promise<WorkbookSource> {
  const format = await detectFormat(path, fileName);
  if (format === 'xlsx') return openXlsx(path);
  if (format === 'xls') return openXls(path);
  return openCsv(path, fileName);
}
