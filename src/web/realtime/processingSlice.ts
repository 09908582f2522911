import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProcessingStatus } from '@/web/api/generated';
import { isFinalStatus, isStepForward, jobRoom, type ProcessingUpdate } from './realtimeEvents';
import { sessionClosed } from './realtimeSlice';

/** Where an upload stands as the socket last told it. */
export interface LiveUpload {
  status: ProcessingStatus;
  message: string | null;
  error: string | null;
  /** The share of the processing done, while the engine's updates carry it at this stage; absent otherwise. */
  progress?: number;
}

/**
 * Why an upload is followed: this tab queued it (its end is always announced, even when the join's
 * answer is the first news of it), or the server listed it as in progress (a reload, another tab).
 */
export type TrackSource = 'upload' | 'resumed';

export interface TrackedUpload extends LiveUpload {
  /** The room joined for it: its processing id, or `job-<jobId>` when only the job was known. */
  room: string;
  processingId: string | null;
  jobId: string | null;
  source: TrackSource;
  /** The client the upload is for, when the page that follows it knows: its end's toast names it. */
  clientName: string | null;
  /** The `seq` of the last job update applied, null before the first: later updates must be above it. */
  seq: number | null;
}

export interface ProcessingState {
  /** Uploads being followed, by processing id, or by `job-<jobId>` until the first update maps the job. */
  tracked: Record<string, TrackedUpload>;
  /**
   * How followed uploads ended, by processing id: a row shows this until its refetch arrives, and a
   * list fetched before the end cannot start following the upload again.
   */
  settled: Record<string, LiveUpload>;
}

export interface TrackRequest {
  processingId?: string;
  jobId?: string | null;
  /** The stage the caller knows of (the list's); a fresh upload starts QUEUED. */
  status?: ProcessingStatus;
  source: TrackSource;
  /** The client the upload is for, named in the toast when it ends. */
  clientName?: string;
}

const initialState: ProcessingState = { tracked: {}, settled: {} };

/** The key an update belongs to: its processing id, else its job's room while that is still the key. */
export function keyOf(state: ProcessingState, update: ProcessingUpdate): string | null {
  if (state.tracked[update.processingId]) return update.processingId;
  if (update.jobId && state.tracked[jobRoom(update.jobId)]) return jobRoom(update.jobId);
  return null;
}

/**
 * Whether an update of a followed upload is news: not behind the stage shown, and not older than the
 * last update of the job applied (updates can arrive out of order, through several processes).
 * Updates without a seq (a join's answer) are ordered by their stage alone.
 */
export function isNewer(entry: TrackedUpload, update: ProcessingUpdate): boolean {
  if (!isStepForward(entry.status, update.status)) return false;
  return update.seq === undefined || entry.seq === null || update.seq > entry.seq;
}

/**
 * The share of the processing done after an update: the larger of the one shown and the update's (the
 * bar never goes back), kept while the stage stays the same, forgotten when it changes without one.
 */
function shareAfter(entry: TrackedUpload, update: ProcessingUpdate): number | undefined {
  const sameStage = entry.status === update.status;
  if (update.progress === undefined || !Number.isFinite(update.progress)) return sameStage ? entry.progress : undefined;
  const share = Math.min(1, Math.max(0, update.progress));
  return sameStage && entry.progress !== undefined ? Math.max(entry.progress, share) : share;
}

/** Records an update of a followed upload; a final one ends the following. Updates of others are ignored. */
function record(state: ProcessingState, update: ProcessingUpdate) {
  const key = keyOf(state, update);
  if (key === null) return;
  const entry = state.tracked[key];
  if (!isNewer(entry, update)) return;
  if (key !== update.processingId) {
    // The first update of a job names its upload: from now on the processing id is the key.
    delete state.tracked[key];
    state.tracked[update.processingId] = entry;
  }
  const share = shareAfter(entry, update);
  if (share === undefined) delete entry.progress;
  else entry.progress = share;
  Object.assign(entry, {
    processingId: update.processingId,
    jobId: update.jobId ?? entry.jobId,
    status: update.status,
    message: update.message,
    error: update.error,
    seq: update.seq ?? entry.seq,
  });
  if (isFinalStatus(update.status)) {
    delete state.tracked[update.processingId];
    state.settled[update.processingId] = { status: update.status, message: update.message, error: update.error };
  }
}

/** The uploads whose progress the dots show, fed by the socket through the middleware. */
export const processingSlice = createSlice({
  name: 'processing',
  initialState,
  reducers: {
    trackRequested(state, action: PayloadAction<TrackRequest>) {
      const { processingId, jobId = null, status = 'QUEUED', source, clientName = null } = action.payload;
      const key = processingId ?? (jobId ? jobRoom(jobId) : null);
      // This tab queued a new run of an upload it saw end before (processed again after a mapping
      // fix): how the earlier run ended no longer holds.
      if (source === 'upload' && processingId) delete state.settled[processingId];
      if (key === null || state.tracked[key] || (processingId && state.settled[processingId])) return;
      state.tracked[key] = { room: key, processingId: processingId ?? null, jobId, source, status, message: null, error: null, clientName, seq: null };
    },
    updateReceived(state, action: PayloadAction<ProcessingUpdate>) {
      record(state, action.payload);
    },
    /** A list named the clients of followed uploads (see clientsOfFollowedUploads). */
    clientsNamed(state, action: PayloadAction<{ processingId: string; clientName: string }[]>) {
      for (const { processingId, clientName } of action.payload) {
        for (const entry of Object.values(state.tracked)) if (entry.processingId === processingId) entry.clientName ??= clientName;
      }
    },
    /** The server accepted a join; its answer is the upload's state at that moment. */
    joined(state, action: PayloadAction<{ room: string; update: ProcessingUpdate }>) {
      record(state, action.payload.update);
    },
    /** The server refused a join (not found, or not the caller's): there is nothing to follow. */
    joinRefused(state, action: PayloadAction<{ room: string; message: string }>) {
      for (const [key, entry] of Object.entries(state.tracked)) {
        if (entry.room === action.payload.room) delete state.tracked[key];
      }
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionClosed, () => initialState);
  },
  selectors: {
    selectTrackedUploads: (state) => state.tracked,
    /** The live state of an upload: followed now, or how its following ended. */
    selectLiveUpload: (state, processingId: string): LiveUpload | undefined => state.tracked[processingId] ?? state.settled[processingId],
  },
});

export const { trackRequested, updateReceived, clientsNamed, joined, joinRefused } = processingSlice.actions;
export const { selectTrackedUploads, selectLiveUpload } = processingSlice.selectors;
