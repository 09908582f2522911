/** The xlsx family (.xlsx, .xlsm, .xltx, .xltm) read as a stream: rows arrive while the sheet inflates. */
import { stat } from 'node:fs/promises';
import { type SheetRow } from '../types';
import { ReadMeter } from './readMeter';
import { ReaderThread, readerThreadAvailable } from './readerThread';
import { SheetXmlScanner } from './sheetXmlScanner';
import { readSharedStrings } from './sharedStrings';
import { readDateStyles, readWorkbookLayout } from './workbookParts';
import { type SourceSheet, type WorkbookSource } from './workbookSource';
import { ZipArchive } from './zipArchive';

/**
 * From this size the sheets are read on a second thread: measured on the 47 MB benchmark workbook it
 * saves about a tenth of the time (more with a core to spare), for some 70 MB more memory; below it the
 * thread's start costs more than it saves.
 */
const READER_THREAD_MIN_BYTES = 16 * 1024 * 1024;

/** Bytes of sheet XML tokenised per batch of rows. */
const FEED_BYTES = 64 * 1024;

export async function openXlsx(path: string, useThread?: boolean): Promise<WorkbookSource> {
  useThread ??= readerThreadAvailable() && (await stat(path)).size >= READER_THREAD_MIN_BYTES;
  const zip = await ZipArchive.open(path);
  // the thread starts (and opens the archive) while the shared strings are read here
  const thread = useThread ? new ReaderThread({ path }) : undefined;
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

    const typing = { dateStyles, date1904: layout.date1904 };
    // the share read of each sheet: inflated bytes of its part, of the size the package declares
    const meter = new ReadMeter();
    layout.sheets.forEach((sheet, index) => {
      const size = sheet.part ? zip.inflatedSize(sheet.part) : undefined;
      if (size !== undefined) meter.size(index, size);
    });
    const rows = async function* (sheetIndex: number): AsyncGenerator<SheetRow[]> {
      const part = layout.sheets[sheetIndex]?.part;
      if (!part || sheets[sheetIndex].unreadable) return;
      if (thread) {
        // inflated and tokenised on the second thread
        yield* thread.rows(part, sharedStrings, typing, (read) => meter.set(sheetIndex, read));
        return;
      }
      const scanner = new SheetXmlScanner(sharedStrings, dateStyles, layout.date1904);
      const decoder = new TextDecoder('utf-8');
      for await (const chunk of zip.chunks(part)) {
        // small batches: rows are short-lived, and a large batch would outlive a young-generation collection
        for (let offset = 0; offset < chunk.length; offset += FEED_BYTES) {
          const slice = chunk.subarray(offset, offset + FEED_BYTES);
          meter.add(sheetIndex, slice.length);
          scanner.feed(decoder.decode(slice, { stream: true }));
          const batch = scanner.takeRows();
          if (batch.length > 0) yield batch;
          if (scanner.finished) return;
        }
      }
      scanner.feed(decoder.decode());
      scanner.end();
      const last = scanner.takeRows();
      if (last.length > 0) yield last;
    };

    return {
      format: 'xlsx',
      sheets,
      rows,
      measure: (sheetIndex) => meter.measure(sheetIndex),
      close: async () => {
        zip.close();
        await thread?.close();
      },
    };
  } catch (err) {
    zip.close();
    await thread?.close();
    throw err;
  }
}
