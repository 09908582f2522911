/** Progress for people: short messages, at most a few per second, with the share of the work done. */
import { type WorkbookSource } from '../reading/workbookSource';
import { formatNumber } from '../scrubbing/numbers';
import { type ProgressUpdate } from '../types';

const MIN_INTERVAL_MS = 250;

/**
 * Of the whole run, the share taken by reading the tables' sheets (the rows flow to both workbooks as
 * they are read); the rest is the checks over all employees, the report sheets and finishing the files.
 */
export const READING_SHARE = 0.9;

export class ProgressReporter {
  private last = 0;
  private share = 0;
  private lastMessage: { stage: ProgressUpdate['stage']; message: string } | undefined;

  constructor(private readonly onProgress?: (p: ProgressUpdate) => void) {}

  /**
   * Reports unless a message went out less than a quarter of a second ago (`force` always reports).
   * `share` (0-1, or how to measure it) is the work done so far; the share reported never goes back, though a run that
   * starts again (to make room for a stacked table's columns) measures from the start.
   */
  report(stage: ProgressUpdate['stage'], message: () => string, force = false, share?: number | (() => number | undefined)): void {
    if (!this.onProgress) return;
    const now = Date.now();
    if (!force && now - this.last < MIN_INTERVAL_MS) return;
    this.last = now;
    // measured only when reported: the rows' loop calls this for every batch
    const done = typeof share === 'function' ? share() : share;
    if (done !== undefined) this.share = Math.min(1, Math.max(this.share, done));
    this.lastMessage = { stage, message: message() };
    this.onProgress({ ...this.lastMessage, progress: this.share });
  }

  /** Reports the whole work done, with the last message. */
  finish(): void {
    this.share = 1;
    if (!this.onProgress || !this.lastMessage) return;
    this.last = Date.now();
    this.onProgress({ ...this.lastMessage, progress: 1 });
  }
}

/**
 * The share of the reading done: of the tables' sheets whose sizes the reader knows, how much has been
 * read (each sheet weighs its size); undefined when it knows none.
 */
export function readingShare(source: WorkbookSource, sheetIndexes: Iterable<number>): number | undefined {
  let total = 0;
  let read = 0;
  for (const index of new Set(sheetIndexes)) {
    const measure = source.measure?.(index);
    if (!measure) continue;
    total += measure.total;
    read += measure.read;
  }
  return total > 0 ? read / total : undefined;
}

/** A count in a message: "12,000". */
export function formatCount(n: number): string {
  return formatNumber(n, 0);
}
