/**
 * How much of each sheet a reader has to read and has read, in the reader's own unit: bytes of the
 * sheet's part of the package (xlsx, inflated), bytes of the file (csv), or rows where the reader
 * holds the sheet's rows (xls). What the pipeline's progress share is made of.
 */
export interface SheetMeasure {
  total: number;
  read: number;
}

export class ReadMeter {
  private readonly totals: number[] = [];
  private readonly reads: number[] = [];

  /** The size of a sheet, once known. */
  size(sheetIndex: number, total: number): void {
    this.totals[sheetIndex] = total;
  }

  /** Counts more of a sheet read. */
  add(sheetIndex: number, amount: number): void {
    this.reads[sheetIndex] = (this.reads[sheetIndex] ?? 0) + amount;
  }

  /** Sets how much of a sheet has been read in all (a count kept elsewhere, such as the reader thread's). */
  set(sheetIndex: number, read: number): void {
    this.reads[sheetIndex] = Math.max(this.reads[sheetIndex] ?? 0, read);
  }

  measure(sheetIndex: number): SheetMeasure | undefined {
    const total = this.totals[sheetIndex];
    if (total === undefined || total <= 0) return undefined;
    return { total, read: Math.min(this.reads[sheetIndex] ?? 0, total) };
  }
}
