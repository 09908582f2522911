/**
 * One sheet into the review pack, densely by row: a row's index is its position in the sheet (after
 * the header, when it has one), rows missing from the file are stored blank, blank rows at the end
 * are left out. So a Source Row leads straight to the raw row's index (row number - 1).
 */
import type { Executor } from '../../../db/client';
import type { CellValue, SheetRow } from '../../../processing';
import { type PackRow, displayCells } from './blocks';
import { type PackOwner, type ReviewSheetSpec, ReviewSheetWriter } from './writer';

export type RowFlags = Pick<PackRow, 's' | 'i'>;

export interface SheetOptions {
  /** The first row holds the column labels. */
  header: boolean;
  /** The flags of a row, from its cells and index; rows are passed in order. */
  flags?: (cells: CellValue[], index: number, columns: string[]) => Promise<RowFlags>;
}

/**
 * Where the sheet goes; once `signal` is aborted the writing stops at the next batch of rows. Before
 * each batch it waits for `pace` (when given), so work that matters more can have the process first.
 */
export interface SheetTarget {
  db: Executor;
  owner: PackOwner;
  signal?: AbortSignal;
  pace?: () => Promise<void>;
}

export async function writeSheet(target: SheetTarget, spec: Omit<ReviewSheetSpec, 'columns'>, rows: AsyncIterable<SheetRow[]>, options: SheetOptions): Promise<void> {
  const { db, owner, signal, pace } = target;
  const headerRows = options.header ? 1 : 0;
  let columns: string[] = [];
  let writer: ReviewSheetWriter | undefined;
  for await (const batch of rows) {
    if (pace) await pace();
    signal?.throwIfAborted();
    for (const row of batch) {
      if (row.row <= headerRows) {
        columns = displayCells(row.cells).map((label) => label ?? '');
        continue;
      }
      writer ??= await ReviewSheetWriter.open(db, owner, { ...spec, columns });
      const index = row.row - 1 - headerRows;
      const cells = displayCells(row.cells);
      const flags = options.flags ? await options.flags(row.cells, index, columns) : {};
      if (cells.length === 0 && !flags.s) continue;
      // rows between the last one stored and this one are blank
      while (writer.count < index) await writer.add({ n: writer.count + 1 + headerRows, c: [] });
      await writer.add({ n: row.row, c: cells, ...flags });
    }
  }
  writer ??= await ReviewSheetWriter.open(db, owner, { ...spec, columns });
  await writer.finish(options.flags !== undefined);
}
