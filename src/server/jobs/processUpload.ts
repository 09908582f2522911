import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { fileExtension } from '@/common/uploadRules';
import { type ClientHistory, ProcessingError, processWorkbook, type WeekFacts, type WeekOverWeekThresholds } from '../processing';
import { type OutputFile, type StageDeps, UploadGone, type UploadFileRow, UploadStages, uploadWithFiles } from './uploadStages';
import { freshWorkDir, removeLeftovers, runSignal } from './jobWorkDir';
import { REVIEW_PACK_QUEUE } from './queue';
import type { QueuedJob } from './queueWorker';
import { wakeReviewPackWorkers } from './reviewPackWorker';
import { type ProcessUploadJob, uploadStillExists } from './uploadJobs';
import { nextUploadTurnSql } from './uploadTurns';
import { ProgressRelay, STAGE_MESSAGES, UNEXPECTED_FAILURE } from '../services/uploads/uploadMessages';
import { storableFacts, toUploadSummary } from '../services/uploads/uploadSummary';
import { ensureReviewPackJob, queueReviewPackJob, viewerPackPending } from './uploadViewerPack';
import type { Executor } from '../db/client';
import { type ClientWeek, pruneFailedVersionFiles } from '../services/uploads/failedVersions';
import { loadClientHistory, weekFactsWrite } from '../services/review/mappingProfiles';

/** Where the job reports, for the operators, what went wrong beyond the file itself; pino's logger fits. */
export interface JobLog {
  error: (details: object, message: string) => void;
  warn?: (details: object, message: string) => void;
}

export interface UploadJobDeps extends StageDeps {
  log: JobLog;
  /** The queue the review pack's job is sent to, in the transaction that makes the upload SCRUBBED. */
  queue: PgBoss;
  /** When a change since the client's last approved week is worth a warning (the engine's defaults unless set). */
  weekOverWeek?: Partial<WeekOverWeekThresholds>;
  /**
   * Failed versions of a client's week whose files are kept (config CLIENT_WEEK_FAILED_FILES_KEPT):
   * when a version fails, the files of older failed ones are removed. Unset, every version keeps its files.
   */
  failedFilesKept?: number;
}

/** One job as the queue hands it out. */
export type UploadJob = QueuedJob<ProcessUploadJob>;

const TEMP_PREFIX = 'payroll-upload-';

/**
 * Runs one upload through the engine: QUEUED -> CONSOLIDATING -> CONSOLIDATED -> SCRUBBING ->
 * SCRUBBED, or FAILED with a message a person can act on. The engine writes both workbooks in one
 * pass, so its progress is published under CONSOLIDATING; then both files are stored and recorded
 * with SCRUBBED in one transaction (with the week's facts and the pack's job), and CONSOLIDATED,
 * SCRUBBING and SCRUBBED are published in order after it: a small upload's run writes to the
 * database a few times, not once per step. The job of the viewer's rows (the review pack, uploadViewerPack.ts) is queued in
 * the transaction that makes the upload SCRUBBED, and the run ends there: the next upload does not
 * wait for the pack.
 *
 * Safe to run again for the same upload: the queue hands a job out again when the worker that had
 * it died (at once after a restart of the embedded server, once its lease lapsed for a worker among
 * several: workerLeases.ts; at the job's expiry otherwise). A stage whose file is already stored with its recorded checksum
 * is not redone (a rerun after CONSOLIDATED keeps the consolidated file and only produces the
 * scrubbed one; a rerun after SCRUBBED only makes sure the pack's job exists), and
 * file rows are one per upload and kind. An upload deleted before or during the
 * run ends it without a word. At the expiry the engine is stopped, so a job that overran does not
 * race the run the queue has handed it to next; so it is when its worker stops before it is done.
 */
export async function processUpload(deps: UploadJobDeps, job: UploadJob): Promise<void> {
  const { uploadId } = job.data;
  // an upload deleted since its job was queued ends the job without a word (uploadJobs.ts)
  const found = await uploadWithFiles(deps.db, uploadId);
  if (!found || found.upload.status === 'FAILED') return;
  const { upload, files } = found;
  if (upload.status === 'SCRUBBED') {
    // a run that died after SCRUBBED leaves only its folder to clear; the pack has a job of its own, queued
    // with SCRUBBED, unless the upload was made SCRUBBED before packs had one: then it is queued now
    await removeLeftovers(TEMP_PREFIX, uploadId);
    if (viewerPackPending(upload)) await ensureReviewPackJob(deps.queue, deps.db, { uploadId, jobId: upload.jobId });
    return;
  }
  const stages = new UploadStages(deps, upload, files);

  const { signal, done } = runSignal(job.expireInSeconds, job.halt);
  const workDir = await freshWorkDir(TEMP_PREFIX, uploadId);
  try {
    const history = await loadClientHistory(deps.db, upload.clientId, upload.weekStart);
    const keepFacts = (facts: WeekFacts) => weekFactsWrite(deps.db, upload, storableFacts(facts));
    const pack = {
      turn: nextUploadTurnSql(upload.companyId, REVIEW_PACK_QUEUE),
      queue: (tx: Executor, turn: number) => queueReviewPackJob(deps.queue, tx, { uploadId, jobId: upload.jobId }, turn),
    };
    await run(stages, { resumed: upload.resumedAt !== null, weekStart: upload.weekStart, history, weekOverWeek: deps.weekOverWeek, workDir, signal, keepFacts, pack });
    wakeReviewPackWorkers(deps.queue);
  } catch (error) {
    if (error instanceof UploadGone) return;
    // the queue has taken the job back (or gets it back now) and will hand it out again: this run leaves it alone
    if (signal.aborted) throw error;
    // a deletion that took the upload's files before its row stopped the run: nothing to report
    if (!(await uploadStillExists(deps.db, uploadId))) return;
    // the engine's refusals name the problem with the file; anything else is ours to look into
    const expected = error instanceof ProcessingError && error.code !== 'INTERNAL';
    if (!expected) {
      const cause = error instanceof ProcessingError ? (error.cause ?? error) : error;
      deps.log.error({ err: cause, uploadId, jobId: job.id }, 'an upload could not be processed');
    }
    const message = expected ? error.message : UNEXPECTED_FAILURE;
    const failed = await stages.fail(message).then(
      () => true,
      (failure: unknown) => {
        if (!(failure instanceof UploadGone)) throw failure;
        return false;
      },
    );
    if (failed && deps.failedFilesKept !== undefined) await pruneFailedVersions(deps, upload, deps.failedFilesKept);
  } finally {
    done();
    await rm(workDir, { recursive: true, force: true });
  }
}

interface RunOptions {
  /** The process that ran the upload before stopped under it: the first update says it is resuming. */
  resumed: boolean;
  weekStart: string;
  /** The client's profile and last approved week, read when the run starts (so an admin's latest fix applies). */
  history: ClientHistory | undefined;
  weekOverWeek: Partial<WeekOverWeekThresholds> | undefined;
  workDir: string;
  signal: AbortSignal;
  /** Keeps the week's facts for the week-over-week checks of later weeks (they count once the upload is approved), written with SCRUBBED. */
  keepFacts: (facts: WeekFacts) => SQLWrapper;
  /** The review pack's job: its fair turn read with SCRUBBED, then queued with it in the same transaction. */
  pack: { turn: SQL; queue: (tx: Executor, turn: number) => Promise<void> };
}

async function run(stages: UploadStages, options: RunOptions): Promise<void> {
  const keepConsolidated = await stages.intact('consolidated');
  if (keepConsolidated) await stages.advance('SCRUBBING', options.resumed ? STAGE_MESSAGES.resuming : STAGE_MESSAGES.scrubbingAgain);
  else await stages.advance('CONSOLIDATING', options.resumed ? STAGE_MESSAGES.resuming : STAGE_MESSAGES.consolidating);

  const raw = await stages.fetchStored('raw', options.workDir);
  const outputs = { consolidated: path.join(options.workDir, 'consolidated.xlsx'), scrubbed: path.join(options.workDir, 'scrubbed.xlsx') };
  const relay = new ProgressRelay((message, share) => stages.progress(message, share));
  // The engine runs on its pipeline thread, which a worker process keeps warm between uploads (main.ts).
  const engineSummary = await processWorkbook({
    inputPath: raw.path,
    fileName: raw.file.filename,
    weekStart: new Date(`${options.weekStart}T00:00:00.000Z`),
    consolidatedPath: outputs.consolidated,
    scrubbedPath: outputs.scrubbed,
    history: options.history,
    weekOverWeek: options.weekOverWeek,
    onProgress: (update) => relay.report(update.message, update.progress),
    signal: options.signal,
  });
  const summary = toUploadSummary(engineSummary);

  // Both workbooks come out of the engine's one pass: they are stored side by side and recorded with
  // SCRUBBED, the week's facts and the pack's job in one transaction. The pages still hear each step in order.
  const steps = [
    ...(keepConsolidated
      ? []
      : [
          { status: 'CONSOLIDATED' as const, message: STAGE_MESSAGES.consolidated(summary) },
          { status: 'SCRUBBING' as const, message: STAGE_MESSAGES.scrubbing(summary) },
        ]),
    { status: 'SCRUBBED' as const, message: STAGE_MESSAGES.scrubbed(summary) },
  ];
  const files: OutputFile[] = [
    ...(keepConsolidated ? [] : [{ kind: 'consolidated' as const, localFile: outputs.consolidated, fileName: outputName(raw.file, 'consolidated') }]),
    { kind: 'scrubbed', localFile: outputs.scrubbed, fileName: outputName(raw.file, 'scrubbed') },
  ];
  // after SCRUBBED, nothing more is published: the viewer says PREPARING until the pack's job has stored its rows
  await stages.storeOutputs(files, 'SCRUBBED', steps, {
    summary,
    alongside: {
      writes: [options.keepFacts(engineSummary.weekFacts)],
      reads: { pack_turn: options.pack.turn },
      after: (tx, read) => options.pack.queue(tx, Number(read.pack_turn)),
    },
  });
}

/** 'Week 37.xls' -> 'Week 37 consolidated.xlsx': the produced workbooks are always xlsx. */
function outputName(raw: UploadFileRow, kind: 'consolidated' | 'scrubbed'): string {
  const extension = fileExtension(raw.filename);
  const base = extension ? raw.filename.slice(0, -extension.length) : raw.filename;
  return `${base} ${kind}.xlsx`;
}

/**
 * Once a version has failed, removes the files of the week's older failed versions past the newest
 * `keep` (services/uploads/failedVersions.ts). The failure is recorded either way: a removal that goes wrong
 * is only logged.
 */
async function pruneFailedVersions(deps: UploadJobDeps, week: ClientWeek, keep: number): Promise<void> {
  const log = { warn: (details: object, message: string) => (deps.log.warn ? deps.log.warn(details, message) : deps.log.error(details, message)) };
  try {
    await pruneFailedVersionFiles(deps, week, keep, log);
  } catch (error) {
    log.warn({ err: error, clientId: week.clientId, weekStart: week.weekStart }, 'the files of older failed versions could not be removed');
  }
}

