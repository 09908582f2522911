/** Progress for people: short messages, at most a few per second. */
import { formatNumber } from '../scrubbing/numbers';
import { type ProgressUpdate } from '../types';

const MIN_INTERVAL_MS = 250;

export class ProgressReporter {
  private last = 0;

  constructor(private readonly onProgress?: (p: ProgressUpdate) => void) {}

  /** Reports unless a message went out less than a quarter of a second ago (`force` always reports). */
  report(stage: ProgressUpdate['stage'], message: () => string, force = false): void {
    if (!this.onProgress) return;
    const now = Date.now();
    if (!force && now - this.last < MIN_INTERVAL_MS) return;
    this.last = now;
    this.onProgress({ stage, message: message() });
  }
}

/** A count in a message: "12,000". */
export function formatCount(n: number): string {
  return formatNumber(n, 0);
}
