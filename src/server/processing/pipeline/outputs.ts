/** The two output workbooks, written side by side while the rows flow. */
import { unlink } from 'node:fs/promises';
import { ISSUE_COLUMNS } from '../scrubbing/issue';
import { type ConsolidatedLayout, type ScrubbedLayout } from '../table/columnLayout';
import { type CellValue } from '../types';
import { type SheetWriter, XlsxWriter } from '../writing/xlsxWriter';
import { SOURCES_COLUMNS } from './reportSheets';

export class Outputs {
  private constructor(
    readonly consolidatedFile: XlsxWriter,
    readonly scrubbedFile: XlsxWriter,
    private readonly paths: string[],
  ) {}

  static async open(consolidatedPath: string, scrubbedPath: string, consolidated: ConsolidatedLayout, scrubbed: ScrubbedLayout): Promise<Outputs> {
    const [c, s] = await Promise.all([
      XlsxWriter.create(consolidatedPath, ['Consolidated', 'Sources'], [consolidated.columns.length, SOURCES_COLUMNS.length]),
      XlsxWriter.create(scrubbedPath, ['Scrubbed', 'Employee Totals', 'Issues', 'Summary'], [scrubbed.columns.length, 16, ISSUE_COLUMNS.length, 2]),
    ]);
    const outputs = new Outputs(c, s, [consolidatedPath, scrubbedPath]);
    outputs.consolidated.row(consolidated.columns.map((col) => col.name), true);
    outputs.sources.row(SOURCES_COLUMNS, true);
    outputs.scrubbed.row(scrubbed.columns.map((col) => col.name), true);
    outputs.issues.row(ISSUE_COLUMNS, true);
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

  /** Writes a row and waits when the sheet's compressor is behind. */
  async write(sheet: SheetWriter, cells: readonly CellValue[], header = false): Promise<void> {
    if (sheet.row(cells, header)) await sheet.flush();
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
