/**
 * Runs the engine on a generated register and reads both workbooks back: every sheet's rows as stored
 * (numbers as numbers, dates as serials), and every cell of the scrubbed workbook as text, its value
 * and its formatted text both, for the search for sensitive numbers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { ProcessingError, processWorkbook, type ProcessingSummary } from '@/server/processing';
import { type RegisterFile } from './registerSpec';
import { writeRegister, type WrittenRegister } from './registerFiles';

export interface ScrubbedCell {
  sheet: string;
  ref: string;
  /** The text of the sheet's first row in the cell's column (the column's header). */
  column: string;
  texts: string[];
}

export interface EngineOutputs {
  summary: ProcessingSummary;
  /** Rows of each sheet, header row first. */
  consolidated: Record<string, unknown[][]>;
  scrubbed: Record<string, unknown[][]>;
  scrubbedCells: ScrubbedCell[];
}

export interface RegisterRun {
  written: WrittenRegister;
  outputs: EngineOutputs;
}

function sheetRows(book: XLSX.WorkBook): Record<string, unknown[][]> {
  return Object.fromEntries(
    book.SheetNames.map((name) => [name, XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name], { header: 1, raw: true, defval: null, blankrows: false })]),
  );
}

function cellsOf(book: XLSX.WorkBook): ScrubbedCell[] {
  const cells: ScrubbedCell[] = [];
  for (const name of book.SheetNames) {
    const data = book.Sheets[name]['!data'] ?? [];
    data.forEach((row, r) =>
      row?.forEach((cell, c) => {
        if (!cell || cell.v === undefined || cell.v === null) return;
        const texts = [String(cell.v)];
        if (typeof cell.w === 'string' && cell.w !== texts[0]) texts.push(cell.w);
        cells.push({ sheet: name, ref: XLSX.utils.encode_cell({ r, c }), column: String(data[0]?.[c]?.v ?? ''), texts });
      }),
    );
  }
  return cells;
}

export class EngineFailure extends Error {}

/** Writes the file in a directory of its own, runs the engine, reads the outputs, removes the directory. */
export async function runRegister(file: RegisterFile): Promise<RegisterRun> {
  const dir = mkdtempSync(join(tmpdir(), 'generated-register-'));
  try {
    const written = await writeRegister(file, dir);
    const consolidatedPath = join(dir, 'consolidated.xlsx');
    const scrubbedPath = join(dir, 'scrubbed.xlsx');
    let summary: ProcessingSummary;
    try {
      summary = await processWorkbook({ inputPath: written.path, fileName: file.fileName, weekStart: file.week.start, consolidatedPath, scrubbedPath });
    } catch (err) {
      const what = err instanceof ProcessingError ? `${err.code}: ${err.message}` : String(err);
      throw new EngineFailure(`the engine refused the file (${what})`);
    }
    const consolidated = XLSX.readFile(consolidatedPath, { dense: true });
    const scrubbed = XLSX.readFile(scrubbedPath, { dense: true });
    return { written, outputs: { summary, consolidated: sheetRows(consolidated), scrubbed: sheetRows(scrubbed), scrubbedCells: cellsOf(scrubbed) } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
