/**
 * Writes one sheet of a review pack as its rows arrive: rows are gathered into blocks, compressed, and
 * inserted a few blocks per statement, so a sheet of any size holds only a few blocks in memory.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { type reviewSheetKinds, type reviewVersions, reviewBlocks, reviewSheets } from '../../../db/schema';
import { type PackRow, REVIEW_BLOCK_ROWS, encodeBlock, encodeRowIndexes, storableText } from './blocks';

export type ReviewVersion = (typeof reviewVersions)[number];
export type ReviewSheetKind = (typeof reviewSheetKinds)[number];

/** Whose pack it is: an upload's, or an operator's consolidated file's. */
export type PackOwner = { uploadId: string } | { consolidatedFileId: string };

export interface ReviewSheetSpec {
  version: ReviewVersion;
  sheetIndex: number;
  name: string;
  kind: ReviewSheetKind;
  columns: string[];
}

/** Blocks inserted per statement: about a megabyte of compressed rows. */
const BLOCKS_PER_INSERT = 16;

export class ReviewSheetWriter {
  private rows: PackRow[] = [];
  private blocks: Array<Promise<Buffer>> = [];
  private blockNo = 0;
  private inserting: Promise<void> = Promise.resolve();
  private rowCount = 0;
  private readonly errorRows: number[] = [];
  private readonly warningRows: number[] = [];

  private constructor(
    private readonly db: Executor,
    private readonly sheetId: string,
  ) {}

  static async open(db: Executor, owner: PackOwner, spec: ReviewSheetSpec): Promise<ReviewSheetWriter> {
    const [sheet] = await db
      .insert(reviewSheets)
      .values({ ...owner, ...spec, name: storableText(spec.name), columns: spec.columns.map(storableText), rowCount: 0 })
      .returning({ id: reviewSheets.id });
    return new ReviewSheetWriter(db, sheet.id);
  }

  /** Adds the next row (its index is the number of rows added before it); flagged rows are listed. */
  async add(row: PackRow): Promise<void> {
    if (row.s === 'error') this.errorRows.push(this.rowCount);
    else if (row.s === 'warning') this.warningRows.push(this.rowCount);
    this.rowCount++;
    this.rows.push(row);
    if (this.rows.length < REVIEW_BLOCK_ROWS) return;
    this.blocks.push(encodeBlock(this.rows));
    this.rows = [];
    if (this.blocks.length >= BLOCKS_PER_INSERT) await this.insertBlocks();
  }

  get count(): number {
    return this.rowCount;
  }

  /** Stores what is left and the sheet's row count; the row lists only for a sheet with flags. */
  async finish(withFlags = false): Promise<void> {
    if (this.rows.length > 0) this.blocks.push(encodeBlock(this.rows));
    this.rows = [];
    await this.insertBlocks();
    await this.inserting;
    const flags = withFlags ? { errorRows: await encodeRowIndexes(this.errorRows), warningRows: await encodeRowIndexes(this.warningRows) } : {};
    await this.db
      .update(reviewSheets)
      .set({ rowCount: this.rowCount, ...flags })
      .where(eq(reviewSheets.id, this.sheetId));
  }

  /**
   * Hands the gathered blocks to the database and returns once the previous insert is done: one insert
   * is in flight while the next blocks are read and compressed, and no more are held.
   */
  private async insertBlocks(): Promise<void> {
    const blocks = this.blocks;
    this.blocks = [];
    const previous = this.inserting;
    this.inserting = blocks.length === 0 ? previous : previous.then(() => this.insert(blocks));
    // a failed insert is thrown by the next call or by finish(); marked handled meanwhile
    this.inserting.catch(() => undefined);
    await previous;
  }

  private async insert(blocks: Array<Promise<Buffer>>): Promise<void> {
    const encoded = await Promise.all(blocks);
    await this.db.insert(reviewBlocks).values(encoded.map((rows) => ({ sheetId: this.sheetId, blockNo: this.blockNo++, rows })));
  }
}
