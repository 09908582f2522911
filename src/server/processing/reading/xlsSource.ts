/**
 * Legacy .xls (BIFF5/BIFF8, and the bare BIFF2/3/4 streams of Excel 2 to 4): no streaming reader
 * exists, so SheetJS reads it in a worker thread with a memory and time limit; its rows are then
 * served to the pipeline like any other format's. An Excel 2-4 workbook SheetJS cannot read fails as
 * OLD_FORMAT, which asks for it to be saved as .xlsx.
 */
import { open } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { ProcessingError } from '../processingError';
import { type CellValue, ExcelDate, type SheetRow } from '../types';
import { isOldBiff } from './detectFormat';
import { ReadMeter } from './readMeter';
import { XLS_WORKER_SCRIPT } from './xlsWorkerScript';
import { type SourceSheet, type WorkbookSource } from './workbookSource';

const WORKER_HEAP_MB = 900;
const WORKER_TIME_LIMIT_MS = 120_000;

type PostedCell = string | number | boolean | { d: number } | null | undefined;
type WorkerMessage =
  | { type: 'sheets'; sheets: Array<{ name: string; hidden: boolean; chart: boolean }> }
  | { type: 'rows'; sheet: number; rows: Array<[number, PostedCell[]]> }
  | { type: 'done' }
  | { type: 'error'; message: string };

function toCells(posted: PostedCell[]): CellValue[] {
  const cells: CellValue[] = new Array(posted.length);
  for (let i = 0; i < posted.length; i++) {
    const v = posted[i];
    cells[i] = v !== null && typeof v === 'object' ? new ExcelDate(v.d) : v;
  }
  return cells;
}

function readerFailure(message: string): ProcessingError {
  if (/password|encrypt/i.test(message)) return new ProcessingError('PASSWORD_PROTECTED');
  // a compound file without a workbook stream (a Word document, a mail message) is no spreadsheet
  if (/unsupported|not supported|cannot find workbook stream/i.test(message)) return new ProcessingError('INVALID_FORMAT');
  return new ProcessingError('CORRUPT', undefined, { cause: new Error(message) });
}

/** Reads the whole workbook in a worker and keeps its rows, sheet by sheet. */
function readInWorker(path: string): Promise<{ sheets: SourceSheet[]; rows: SheetRow[][] }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(XLS_WORKER_SCRIPT, {
      eval: true,
      workerData: { path, xlsxPath: require.resolve('@e965/xlsx') },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 48 },
      stdout: true,
      stderr: true,
    });
    const sheets: SourceSheet[] = [];
    const rows: SheetRow[][] = [];
    let settled = false;
    const finish = (error?: ProcessingError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve({ sheets, rows });
    };
    const timer = setTimeout(() => finish(new ProcessingError('TOO_LARGE')), WORKER_TIME_LIMIT_MS);
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'sheets') {
        for (const s of message.sheets) {
          sheets.push({ name: s.name, hidden: s.hidden, unreadable: s.chart ? 'chart sheet' : undefined });
          rows.push([]);
        }
      } else if (message.type === 'rows') {
        const target = rows[message.sheet];
        for (const [row, cells] of message.rows) target.push({ row, cells: toCells(cells) });
      } else if (message.type === 'done') finish();
      else finish(readerFailure(message.message));
    });
    worker.on('error', (err: Error & { code?: string }) =>
      finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ProcessingError('TOO_LARGE') : new ProcessingError('CORRUPT', undefined, { cause: err })),
    );
    worker.on('exit', () => finish(new ProcessingError('CORRUPT')));
  });
}

/** Whether the file is a bare BIFF2/3/4 stream (Excel 2 to 4). */
async function isOldWorkbook(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await file.read(head, 0, 4, 0);
    return isOldBiff(head.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/** What SheetJS made of an Excel 2-4 workbook: one it could not read, or found no sheet in, is too old for it. */
async function readOldWorkbook(path: string): Promise<{ sheets: SourceSheet[]; rows: SheetRow[][] }> {
  try {
    const read = await readInWorker(path);
    if (read.sheets.length === 0) throw new ProcessingError('OLD_FORMAT');
    return read;
  } catch (error) {
    if (error instanceof ProcessingError && (error.code === 'CORRUPT' || error.code === 'INVALID_FORMAT')) throw new ProcessingError('OLD_FORMAT', undefined, { cause: error });
    throw error;
  }
}

export async function openXls(path: string): Promise<WorkbookSource> {
  const { sheets, rows } = (await isOldWorkbook(path)) ? await readOldWorkbook(path) : await readInWorker(path);
  // every sheet's rows are held: the share read is counted in rows
  const meter = new ReadMeter();
  rows.forEach((sheetRows, index) => meter.size(index, sheetRows.length));
  return {
    format: 'xls',
    sheets,
    async *rows(sheetIndex: number) {
      const all = rows[sheetIndex] ?? [];
      for (let i = 0; i < all.length; i += 5000) {
        const batch = all.slice(i, i + 5000);
        meter.add(sheetIndex, batch.length);
        yield batch;
      }
    },
    measure: (sheetIndex) => meter.measure(sheetIndex),
    close: async () => {
      rows.length = 0;
    },
  };
}
