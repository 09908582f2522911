import { PROCESSING_STATUSES, processingStatusLabel } from '@/common/statuses';
import type { FileType, ProcessingStatus } from '@/web/api/generated';

/** Where an upload's processing is, in the order of spec section 4 (FAILED has no place in it). */
function stageIndex(status: ProcessingStatus): number {
  return (PROCESSING_STATUSES as readonly string[]).indexOf(status);
}

function reached(status: ProcessingStatus, stage: ProcessingStatus): boolean {
  return stageIndex(status) >= stageIndex(stage) && stageIndex(status) >= 0;
}

/** Still moving: not finished, not failed. */
export function isInProgress(status: ProcessingStatus): boolean {
  return status !== 'SCRUBBED' && status !== 'FAILED';
}

/** What a row says of an upload whose processing was interrupted and is being taken up again. */
export const RESUMING_LABEL = 'Resuming after an interruption';

/**
 * The badge text of a processing status: the spec's labels, and 'Failed' for a failed upload. An
 * upload handed back after an interruption (the list's `resuming`) waits as QUEUED: its badge says
 * it is resuming rather than merely queued.
 */
export function processingBadgeLabel(status: ProcessingStatus, resuming = false): string {
  if (resuming && status === 'QUEUED') return RESUMING_LABEL;
  return status === 'FAILED' ? 'Failed' : processingStatusLabel(status);
}

/**
 * The versions that can be downloaded (spec section 4): raw once the stored status is not QUEUED or
 * the live status has moved past UPLOADING; consolidated from CONSOLIDATED on; scrubbed only once
 * SCRUBBED. `live` is what the socket reported, which runs ahead of the stored status.
 */
export function downloadableVersions(stored: ProcessingStatus, live?: ProcessingStatus): FileType[] {
  const status = live ?? stored;
  const versions: FileType[] = [];
  if (stored !== 'QUEUED' || (live !== undefined && live !== 'UPLOADING')) versions.push('raw');
  if (reached(status, 'CONSOLIDATED')) versions.push('consolidated');
  if (status === 'SCRUBBED') versions.push('scrubbed');
  return versions;
}

export type StepState = 'done' | 'active' | 'waiting';

export interface ProgressStep {
  label: 'Upload' | 'Consolidate' | 'Scrub';
  state: StepState;
}

/**
 * The three dots (Upload, Consolidate, Scrub) for a status: a step is done once the next stage's
 * status is reached, active while its own stage runs, waiting otherwise. QUEUED has the file in,
 * waiting for a worker to consolidate it.
 */
export function progressSteps(status: ProcessingStatus): ProgressStep[] {
  const step = (label: ProgressStep['label'], running: ProcessingStatus, doneAt: ProcessingStatus): ProgressStep => ({
    label,
    state: reached(status, doneAt) ? 'done' : status === running ? 'active' : 'waiting',
  });
  return [step('Upload', 'UPLOADING', 'QUEUED'), step('Consolidate', 'CONSOLIDATING', 'CONSOLIDATED'), step('Scrub', 'SCRUBBING', 'SCRUBBED')];
}
