/** What an upload's job tells the people following it: a line per stage, its progress, its failure. */
import type { UploadSummary } from './uploadSummary';

const COUNT = new Intl.NumberFormat('en-US');
const plural = (count: number, word: string) => `${COUNT.format(count)} ${word}${count === 1 ? '' : 's'}`;

/** The words published with each stage an upload reaches. */
export const STAGE_MESSAGES = {
  consolidating: 'Consolidating: reading the file',
  consolidated: (summary: UploadSummary) =>
    `Consolidation complete: ${plural(summary.rowsIn, 'row')} from ${plural(summary.sheets.used, 'sheet')}`,
  /** A retry whose consolidated file was already stored goes straight to scrubbing. */
  scrubbingAgain: 'Scrubbing: the consolidated file is already stored',
  scrubbing: (summary: UploadSummary) =>
    `Scrubbing: ${plural(summary.employees, 'employee')}, ${plural(summary.issues.error, 'error')}, ${plural(summary.issues.warning, 'warning')}`,
  scrubbed: (summary: UploadSummary) =>
    `File processing completed successfully: ${plural(summary.rowsOut, 'clean row')}, ${plural(summary.employees, 'employee')}`,
  failed: 'Processing failed',
  /** An admin fixed the client's column mapping: the same upload waits to be processed again with it. */
  queuedAgain: 'Queued: processing again with the fixed column mapping',
  /** The process running the upload stopped (a restart, a worker that died): another run takes it up from its stored stages. */
  resuming: 'Resuming after an interruption',
} as const;

/** The statuses of an upload whose job is under way. */
export const UNDER_WAY = ['CONSOLIDATING', 'CONSOLIDATED', 'SCRUBBING'] as const;

/**
 * Whether an upload's processing was interrupted and is being taken up again: what its pages say
 * ("Resuming after an interruption") until it is done, also after a reload.
 */
export function resumingAfterInterruption(upload: { status: string; resumedAt: Date | null }): boolean {
  return upload.resumedAt !== null && (upload.status === 'QUEUED' || (UNDER_WAY as readonly string[]).includes(upload.status));
}

/** What a person sees when something other than the file itself stopped processing. */
export const UNEXPECTED_FAILURE = 'The file could not be processed. Please check it and upload again.';

/** At most this many progress messages a second reach the browsers. */
const PROGRESS_PER_SECOND = 3;

/**
 * Passes the engine's progress on, at most a few messages a second, on one line of reasonable length
 * ("Consolidating: sheet 2 of 5, 12,000 rows"), with the share of the work done. Status changes do
 * not go through here: they are always published. The first message waits as long as the pace allows
 * after the relay starts (the status that starts the run has just been published): a run shorter than
 * that, most small uploads, publishes its last word only. The engine's last word (the whole work done)
 * always passes, so a page's bar reaches its end.
 */
export class ProgressRelay {
  private last: number;

  constructor(
    private readonly publish: (message: string, progress?: number) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.last = now();
  }

  report(message: string, progress?: number): void {
    const at = this.now();
    if (at - this.last < 1000 / PROGRESS_PER_SECOND && progress !== 1) return;
    const readable = message.replace(/\s+/g, ' ').trim().slice(0, 200);
    if (!readable) return;
    this.last = at;
    this.publish(readable, progress === undefined ? undefined : Math.min(1, Math.max(0, progress)));
  }
}
