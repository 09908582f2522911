/** Builds small workbooks in a test, runs the engine on them and reads both outputs back. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import yauzl from 'yauzl';
import { type ProcessWorkbookOptions, processWorkbook, type ProcessingSummary, type ProgressUpdate } from '@/server/processing';

export type Cell = string | number | boolean | Date | null;

export interface SheetSpec {
  name: string;
  rows: Cell[][];
  hidden?: boolean;
  merges?: string[];
}

export interface EngineRun {
  summary: ProcessingSummary;
  consolidated: XLSX.WorkBook;
  scrubbed: XLSX.WorkBook;
  progress: ProgressUpdate[];
  /** Rows of a sheet of either output, header row first, values as stored (dates as serials). */
  rows: (file: 'consolidated' | 'scrubbed', sheet: string) => unknown[][];
  /** Rows of a sheet as objects keyed by header. */
  records: (file: 'consolidated' | 'scrubbed', sheet: string) => Array<Record<string, unknown>>;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'engine-test-'));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export async function writeXlsx(path: string, sheets: SheetSpec[]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  for (const spec of sheets) {
    const ws = wb.addWorksheet(spec.name, { state: spec.hidden ? 'hidden' : 'visible' });
    spec.rows.forEach((row, r) => {
      row.forEach((value, c) => {
        if (value !== null) ws.getCell(r + 1, c + 1).value = value;
      });
    });
    for (const range of spec.merges ?? []) ws.mergeCells(range);
  }
  await wb.xlsx.writeFile(path);
  return path;
}

/**
 * An Excel 2, 3 or 4 workbook (a bare BIFF stream, no compound file), as SheetJS writes one (its
 * types name only the versions it writes as a rule, so the book type is given as one of them).
 */
export function oldExcelWorkbook(version: 'biff2' | 'biff3' | 'biff4', rows: Cell[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Crew');
  return Buffer.from(XLSX.write(wb, { bookType: version as XLSX.BookType, type: 'buffer' }) as Buffer);
}

export function writeText(path: string, text: string | Buffer): string {
  writeFileSync(path, text);
  return path;
}

/** The client's history and thresholds a run may be given. */
export type HistoryOptions = Pick<ProcessWorkbookOptions, 'history' | 'weekOverWeek'>;

export async function runEngine(dir: string, inputPath: string, fileName: string, weekStart?: Date, history: HistoryOptions = {}): Promise<EngineRun> {
  const progress: ProgressUpdate[] = [];
  const consolidatedPath = join(dir, `${fileName}.consolidated.xlsx`);
  const scrubbedPath = join(dir, `${fileName}.scrubbed.xlsx`);
  const summary = await processWorkbook({ inputPath, fileName, weekStart, ...history, consolidatedPath, scrubbedPath, onProgress: (p) => progress.push(p) });
  const consolidated = XLSX.readFile(consolidatedPath, { dense: true, cellNF: true });
  const scrubbed = XLSX.readFile(scrubbedPath, { dense: true, cellNF: true });
  const books = { consolidated, scrubbed };
  const rows = (file: 'consolidated' | 'scrubbed', sheet: string) =>
    XLSX.utils.sheet_to_json<unknown[]>(books[file].Sheets[sheet], { header: 1, raw: true, defval: null, blankrows: false });
  const records = (file: 'consolidated' | 'scrubbed', sheet: string) => {
    const [header, ...body] = rows(file, sheet);
    return body.map((r) => Object.fromEntries((header as string[]).map((h, i) => [h, r[i] ?? null])));
  };
  return { summary, consolidated, scrubbed, progress, rows, records };
}

/** Excel serial of a calendar day. */
export function serial(year: number, month: number, day: number): number {
  return (Date.UTC(year, month - 1, day) - Date.UTC(1899, 11, 30)) / 86400000;
}

export interface ZipEntry {
  name: string;
  /** CRC-32 and size as the zip records them. */
  crc: number;
  size: number;
  data: Buffer;
}

/** Every entry of a zip (an xlsx), inflated, in the order they are stored. */
export async function zipEntries(path: string): Promise<ZipEntry[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.open(path, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))));
  const entries: ZipEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.push({ name: entry.fileName, crc: entry.crc32, size: entry.uncompressedSize, data: Buffer.concat(chunks) });
          zip.readEntry();
        });
      }),
    );
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}
