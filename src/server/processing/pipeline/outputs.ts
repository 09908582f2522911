/** The two output workbooks, written side by side while the rows flow. */
import { unlink } from 'node:fs/promises';
import { ISSUE_COLUMNS } from '../scrubbing/issue';
import { type ConsolidatedLayout, type ScrubbedLayout } from '../table/columnLayout';
import { type CellValue } from '../types';
import { FormulaGuard } from '../writing/formulaText';
import { SensitiveGuard } from '../writing/sensitiveText';
import { type SheetWriter, XlsxWriter, writerFiles } from '../writing/xlsxWriter';
import { SOURCES_COLUMNS } from './reportSheets';

const CONSOLIDATED_SHEETS = ['Consolidated', 'Sources'];
const SCRUBBED_SHEETS = ['Scrubbed', 'Employee Totals', 'Issues', 'Summary'];
/**
 * The scrubbed file carries no SSN-shaped value in any sheet: the writer masks what the scrub left
 * (a file name, a header, a message quoting one), and in the sheets of figures a nine-digit whole
 * number too. The Scrubbed sheet's rows have each passed the row scrub's own masking, and Employee
 * Totals holds only what those rows did (IDs, names and departments as masked there, and sums), so in
 * those two only the header row is checked again. The consolidated file keeps data as written.
 */
const SCRUBBED_SENSITIVE = [SensitiveGuard.HeaderText, SensitiveGuard.HeaderText, SensitiveGuard.TextAndWholeNumbers, SensitiveGuard.Text];

/** Every file writing the two outputs can leave if it is stopped half-way (the thread running it died). */
export function outputFiles(consolidatedPath: string, scrubbedPath: string): string[] {
  return [...writerFiles(consolidatedPath, CONSOLIDATED_SHEETS.length), ...writerFiles(scrubbedPath, SCRUBBED_SHEETS.length)];
}

/**
 * Rows written between two turns of the event loop, at most: about a millisecond's worth. A compressor
 * that finishes its step (a megabyte, a few milliseconds) can start the next only when this thread
 * gives the loop a turn; waiting for a full buffer to give it one left each compressor idle about half
 * the time, and its backlog for the end of the run. A turn costs a few microseconds.
 */
const ROWS_PER_TURN = 256;

export class Outputs {
  /** Set when a sheet's buffers are full, or the event loop is due a turn: `flush()` before writing on. */
  needsFlush = false;
  private rowsSinceTurn = 0;
  private readonly sheets: SheetWriter[];

  private constructor(
    readonly consolidatedFile: XlsxWriter,
    readonly scrubbedFile: XlsxWriter,
    private readonly paths: string[],
  ) {
    this.sheets = [...consolidatedFile.sheets, ...scrubbedFile.sheets];
  }

  static async open(consolidatedPath: string, scrubbedPath: string, consolidated: ConsolidatedLayout, scrubbed: ScrubbedLayout): Promise<Outputs> {
    const [c, s] = await Promise.all([
      // formula-like text: the consolidated file keeps it as written, its cells marked as text; the
      // scrubbed file's gets a leading apostrophe
      XlsxWriter.create(consolidatedPath, CONSOLIDATED_SHEETS, [consolidated.columns.length, SOURCES_COLUMNS.length], FormulaGuard.QuotePrefix),
      XlsxWriter.create(scrubbedPath, SCRUBBED_SHEETS, [scrubbed.columns.length, 16, ISSUE_COLUMNS.length, 2], FormulaGuard.Apostrophe, SCRUBBED_SENSITIVE),
    ]);
    const outputs = new Outputs(c, s, [consolidatedPath, scrubbedPath]);
    outputs.row(outputs.consolidated, consolidated.columns.map((col) => col.name), true);
    outputs.row(outputs.sources, SOURCES_COLUMNS, true);
    outputs.row(outputs.scrubbed, scrubbed.columns.map((col) => col.name), true);
    outputs.row(outputs.issues, ISSUE_COLUMNS, true);
    return outputs;
  }

  get consolidated(): SheetWriter {
    return this.consolidatedFile.sheet(0);
  }
  get sources(): SheetWriter {
    return this.consolidatedFile.sheet(1);
  }
  get scrubbed(): SheetWriter {
    return this.scrubbedFile.sheet(0);
  }
  get employeeTotals(): SheetWriter {
    return this.scrubbedFile.sheet(1);
  }
  get issues(): SheetWriter {
    return this.scrubbedFile.sheet(2);
  }
  get summary(): SheetWriter {
    return this.scrubbedFile.sheet(3);
  }

  /**
   * Writes a row. Rows are encoded synchronously (an await per row would cost more than the row);
   * when `needsFlush` turns true, the caller awaits `flush()`, which also waits for a compressor that
   * is behind.
   */
  row(sheet: SheetWriter, cells: readonly CellValue[], header = false): void {
    if (sheet.row(cells, header) || ++this.rowsSinceTurn >= ROWS_PER_TURN) this.needsFlush = true;
  }

  async flush(): Promise<void> {
    this.needsFlush = false;
    this.rowsSinceTurn = 0;
    for (const sheet of this.sheets) await sheet.flush();
    // the compressors run on the thread pool but need this thread between their steps (see ROWS_PER_TURN)
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** Writes a row and flushes when needed: for the few rows written outside the row loop. */
  async write(sheet: SheetWriter, cells: readonly CellValue[], header = false): Promise<void> {
    this.row(sheet, cells, header);
    if (this.needsFlush) await this.flush();
  }

  async finish(): Promise<void> {
    await Promise.all([this.consolidatedFile.finish(), this.scrubbedFile.finish()]);
  }

  /** Stops both files and removes what was written, so no half-written output is left behind. */
  async discard(): Promise<void> {
    await Promise.allSettled([this.consolidatedFile.abort(), this.scrubbedFile.abort()]);
    await Promise.allSettled(this.paths.map((p) => unlink(p)));
  }
}
