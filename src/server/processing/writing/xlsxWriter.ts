/**
 * Writes an xlsx workbook as a stream. The first sheet streams straight into the file while rows are
 * produced; the other sheets are deflated aside (in memory while small, then in a temporary file beside
 * the output) and appended at the end.
 */
import { type CellValue } from '../types';
import { type FormulaGuard } from './formulaText';
import { SensitiveGuard } from './sensitiveText';
import { encodeRow } from './rowEncoder';
import { DeflatedPart } from './deflatedPart';
import { SpilledChunks } from './spilledChunks';
import { WORKSHEET_END, contentTypesXml, rootRelsXml, stylesXml, workbookRelsXml, workbookXml, worksheetStart } from './packageParts';
import { type CentralRecord, ZipWriter } from './zipWriter';

export class SheetWriter {
  private rowNumber = 0;

  constructor(
    readonly part: DeflatedPart,
    columnCount: number,
    private readonly guard: FormulaGuard,
    private readonly sensitive: SensitiveGuard = SensitiveGuard.None,
  ) {
    part.append(worksheetStart(columnCount));
  }

  get rowsWritten(): number {
    return this.rowNumber;
  }

  /** Appends a row; when it returns true, await `flush()` before the next one. */
  row(cells: readonly CellValue[], header = false): boolean {
    this.rowNumber++;
    const sensitive = this.sensitive === SensitiveGuard.HeaderText ? (header ? SensitiveGuard.Text : SensitiveGuard.None) : this.sensitive;
    encodeRow(this.part, this.rowNumber, cells, header, this.guard, sensitive);
    return this.part.needsFlush;
  }

  async flush(): Promise<void> {
    if (this.part.needsFlush) await this.part.flush();
  }
}

/**
 * The appended sheets are mostly written at the end (Employee Totals), when the producer has nothing
 * else to do: a short queue before their compressor leaves less of them to compress once the rows
 * are all written, when only that compressor would still be working.
 */
const APPENDED_QUEUE_BYTES = 2 * 1024 * 1024;

/** Where sheet `number` (2 onwards) of the workbook at `path` is set aside once it outgrows memory. */
function asidePath(path: string, number: number): string {
  return `${path}.sheet${number}.tmp`;
}

/** Every file writing a workbook of `sheetCount` sheets at `path` can leave if it is stopped half-way. */
export function writerFiles(path: string, sheetCount: number): string[] {
  const files = [path];
  for (let number = 2; number <= sheetCount; number++) files.push(asidePath(path, number));
  return files;
}

export class XlsxWriter {
  private readonly zip: ZipWriter;
  readonly sheets: SheetWriter[] = [];
  private streamedRecord: CentralRecord | undefined;
  /** The deflated bytes of sheets 2..n, by sheet index (none for the streamed sheet). */
  private readonly aside: SpilledChunks[] = [];

  private constructor(path: string, private readonly sheetNames: string[]) {
    this.zip = new ZipWriter(path);
  }

  /**
   * `columnCounts` sizes each sheet's columns; sheet 0 is the streamed one. `guard` is how every text
   * cell that would run as a formula is neutralised; `sensitive`, per sheet, which SSN-shaped values are
   * masked as they are written (none when not given). The sheet names themselves are the caller's.
   */
  static async create(path: string, sheetNames: string[], columnCounts: number[], guard: FormulaGuard, sensitive: readonly SensitiveGuard[] = []): Promise<XlsxWriter> {
    const writer = new XlsxWriter(path, sheetNames);
    const zip = writer.zip;
    await zip.addBuffer('[Content_Types].xml', Buffer.from(contentTypesXml(sheetNames.length)));
    await zip.addBuffer('_rels/.rels', Buffer.from(rootRelsXml()));
    await zip.addBuffer('xl/workbook.xml', Buffer.from(workbookXml(sheetNames)));
    await zip.addBuffer('xl/_rels/workbook.xml.rels', Buffer.from(workbookRelsXml(sheetNames.length)));
    await zip.addBuffer('xl/styles.xml', Buffer.from(stylesXml()));
    const record = await zip.startStreamedEntry('xl/worksheets/sheet1.xml');
    const first = new DeflatedPart((chunk) => zip.write(chunk));
    writer.streamedRecord = record;
    writer.sheets.push(new SheetWriter(first, columnCounts[0] ?? 0, guard, sensitive[0]));
    for (let i = 1; i < sheetNames.length; i++) {
      const aside = new SpilledChunks(asidePath(path, i + 1));
      writer.aside[i] = aside;
      writer.sheets.push(new SheetWriter(new DeflatedPart((chunk) => aside.push(chunk), APPENDED_QUEUE_BYTES), columnCounts[i] ?? 0, guard, sensitive[i]));
    }
    return writer;
  }

  sheet(index: number): SheetWriter {
    return this.sheets[index];
  }

  async finish(): Promise<void> {
    const record = this.streamedRecord as CentralRecord;
    const parts = this.sheets.map((s) => {
      s.part.append(WORKSHEET_END);
      return s.part.end();
    });
    const first = await parts[0];
    await this.zip.endStreamedEntry(record, first.crc, first.compressedSize, first.size);
    for (let i = 1; i < parts.length; i++) {
      const part = await parts[i];
      const aside = this.aside[i];
      await aside.end();
      await this.zip.addDeflated(`xl/worksheets/sheet${i + 1}.xml`, aside.read(), part.crc, part.size, part.compressedSize);
      await aside.dispose();
    }
    await this.zip.finish();
  }

  async abort(): Promise<void> {
    for (const s of this.sheets) s.part.destroy();
    await Promise.allSettled(this.aside.map((a) => a.dispose()));
    await this.zip.abort();
  }

  get names(): string[] {
    return this.sheetNames;
  }
}
