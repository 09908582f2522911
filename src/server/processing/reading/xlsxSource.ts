/** The xlsx family (.xlsx, .xlsm, .xltx, .xltm) read as a stream: rows arrive while the sheet inflates. */
import { type SheetRow } from '../types';
import { SheetXmlScanner } from './sheetXmlScanner';
import { readSharedStrings } from './sharedStrings';
import { readDateStyles, readWorkbookLayout } from './workbookParts';
import { type SourceSheet, type WorkbookSource } from './workbookSource';
import { ZipArchive } from './zipArchive';

export async function openXlsx(path: string): Promise<WorkbookSource> {
  const zip = await ZipArchive.open(path);
  try {
    const layout = await readWorkbookLayout(zip);
    const [sharedStrings, dateStyles] = [
      await readSharedStrings(zip, layout.sharedStringsPart),
      await readDateStyles(zip, layout.stylesPart),
    ];
    const sheets: SourceSheet[] = layout.sheets.map((sheet) => ({
      name: sheet.name,
      hidden: sheet.hidden,
      unreadable:
        sheet.kind === 'chartsheet' ? 'chart sheet' : sheet.kind !== 'worksheet' ? 'not a worksheet' : !sheet.part ? 'sheet part missing' : undefined,
    }));

    const rows = async function* (sheetIndex: number): AsyncGenerator<SheetRow[]> {
      const part = layout.sheets[sheetIndex]?.part;
      if (!part || sheets[sheetIndex].unreadable) return;
      const scanner = new SheetXmlScanner(sharedStrings, dateStyles, layout.date1904);
      const decoder = new TextDecoder('utf-8');
      for await (const chunk of zip.chunks(part)) {
        scanner.feed(decoder.decode(chunk, { stream: true }));
        const batch = scanner.takeRows();
        if (batch.length > 0) yield batch;
        if (scanner.finished) return;
      }
      scanner.feed(decoder.decode());
      scanner.end();
      const last = scanner.takeRows();
      if (last.length > 0) yield last;
    };

    return { format: 'xlsx', sheets, rows, close: async () => zip.close() };
  } catch (err) {
    zip.close();
    throw err;
  }
}
