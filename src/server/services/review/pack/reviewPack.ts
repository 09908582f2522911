/**
 * Builds the viewer's copy of an upload (its "review pack"): every sheet of the raw workbook and of
 * both outputs, read with the engine's streaming readers and stored as blocks of rows (review_sheets,
 * review_blocks), so the viewer answers any window of rows without opening a file. The Scrubbed sheet's
 * rows carry their issues. The pack is marked ready (review_ready_at) only once it is whole: a build
 * that stops half way leaves it unmarked, and the next build of the same owner replaces it. An upload's
 * pack is built after the upload is SCRUBBED, so a failed build marks only the pack (review_failed_at).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { consolidatedFiles, reviewSheets, uploads } from '../../../db/schema';
import { type UploadSummary, withFirstRows } from '../../uploads/uploadSummary';
import { type IssueRule, ProcessingError, type SheetRow, type WorkbookSource, openWorkbook } from '../../../processing';
import { type ReviewSheetKind, type ReviewVersion } from './writer';
import { ScrubbedIssues } from './issues';
import { type SheetTarget, writeSheet } from './sheet';

/** The sheets of the engine's outputs, in the order it writes them (PROCESSING.md). */
const OUTPUT_KINDS: Record<'consolidated' | 'scrubbed', ReviewSheetKind[]> = {
  consolidated: ['data', 'sources'],
  scrubbed: ['data', 'totals', 'issues', 'summary'],
};
const ISSUES_SHEET = OUTPUT_KINDS.scrubbed.indexOf('issues');

export interface UploadPackFiles {
  raw: { path: string; fileName: string };
  consolidated: string;
  scrubbed: string;
}

/** The run of an upload that builds its pack: the job id the upload had when the run began. */
export interface UploadPackRun {
  uploadId: string;
  jobId: string | null;
}

/**
 * Builds an upload's pack from the files the engine read and wrote, and stores it ready with the
 * summary's links to the first row each issue rule flagged. Stops at the next batch of rows once
 * `signal` is aborted, and waits for `pace` before each batch. A run the upload no longer belongs to
 * (it was queued again) does not mark it.
 */
export async function buildUploadPack(
  db: Executor,
  run: UploadPackRun,
  files: UploadPackFiles,
  summary: UploadSummary,
  signal?: AbortSignal,
  pace?: () => Promise<void>,
): Promise<void> {
  const pack = { db, owner: { uploadId: run.uploadId }, signal, pace };
  await db.update(uploads).set({ reviewReadyAt: null, reviewFailedAt: null }).where(stillRunBy(run));
  await db.delete(reviewSheets).where(eq(reviewSheets.uploadId, run.uploadId));
  await writeWorkbook(pack, 'raw', files.raw.path, files.raw.fileName, () => 'raw');
  await writeWorkbook(pack, 'consolidated', files.consolidated, 'consolidated.xlsx', (index) => OUTPUT_KINDS.consolidated[index] ?? 'raw');
  const firstRows = await writeScrubbed(pack, files.scrubbed, summary);
  await db
    .update(uploads)
    .set({ reviewReadyAt: new Date(), summary: withFirstRows(summary, firstRows) })
    .where(stillRunBy(run));
}

/** Marks an upload's pack as one that could not be built: the viewer says so, the upload stays as it is. */
export async function markUploadPackFailed(db: Executor, run: UploadPackRun): Promise<void> {
  await db.update(uploads).set({ reviewFailedAt: new Date() }).where(stillRunBy(run));
}

function stillRunBy(run: UploadPackRun) {
  return and(eq(uploads.id, run.uploadId), sql`${uploads.jobId} is not distinct from ${run.jobId}`);
}

/**
 * An operator's consolidated file, right after it is stored: its sheets as they are, as the one
 * version 'consolidated', read from a local copy of the stored file. A file the readers refuse gets
 * no pack; the viewer then says it cannot show it, while the file itself stays available.
 */
export async function buildConsolidatedFilePack(ctx: Pick<AppContext, 'db' | 'storage'>, file: { id: string; storageKey: string; fileName: string }): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'payroll-review-'));
  try {
    const local = join(dir, `file${extname(file.fileName).toLowerCase()}`);
    await pipeline(await ctx.storage.get(file.storageKey), createWriteStream(local));
    await writeConsolidatedFilePack(ctx.db, file.id, local, file.fileName);
  } catch (error) {
    if (!(error instanceof ProcessingError)) throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function writeConsolidatedFilePack(db: Executor, fileId: string, path: string, fileName: string): Promise<void> {
  const owner = { consolidatedFileId: fileId };
  await db.update(consolidatedFiles).set({ reviewReadyAt: null }).where(eq(consolidatedFiles.id, fileId));
  await db.delete(reviewSheets).where(eq(reviewSheets.consolidatedFileId, fileId));
  await writeWorkbook({ db, owner }, 'consolidated', path, fileName, () => 'raw');
  await db.update(consolidatedFiles).set({ reviewReadyAt: new Date() }).where(eq(consolidatedFiles.id, fileId));
}

/** Every sheet of a workbook; a sheet that holds no cells (a chart sheet) is kept empty, so indexes match the workbook's. */
async function writeWorkbook(pack: SheetTarget, version: ReviewVersion, path: string, fileName: string, kindOf: (index: number) => ReviewSheetKind): Promise<void> {
  const source = await openWorkbook(path, fileName);
  try {
    for (let index = 0; index < source.sheets.length; index++) {
      const sheet = source.sheets[index];
      const kind = kindOf(index);
      const rows = sheet.unreadable ? noRows() : source.rows(index);
      await writeSheet(pack, { version, sheetIndex: index, name: sheet.name, kind }, rows, { header: hasHeader(kind) });
    }
  } finally {
    await source.close();
  }
}

/**
 * The scrubbed workbook; its Scrubbed sheet is read beside its Issues sheet (a second reader of the
 * same file), whose rows follow the Scrubbed rows' order, so each row gets its issues as it passes.
 */
async function writeScrubbed(pack: SheetTarget, path: string, summary: UploadSummary): Promise<Map<IssueRule, number>> {
  const [source, issuesSource] = await Promise.all([openWorkbook(path, 'scrubbed.xlsx'), openWorkbook(path, 'scrubbed.xlsx')]);
  const firstRows = new Map<IssueRule, number>();
  try {
    for (let index = 0; index < source.sheets.length; index++) {
      const sheet = source.sheets[index];
      const kind = OUTPUT_KINDS.scrubbed[index] ?? 'raw';
      const spec = { version: 'scrubbed' as const, sheetIndex: index, name: sheet.name, kind };
      if (kind !== 'data') {
        await writeSheet(pack, spec, source.rows(index), { header: hasHeader(kind) });
        continue;
      }
      const issues = new ScrubbedIssues(issuesRows(issuesSource), summary.issuesByRule);
      await writeSheet(pack, spec, source.rows(index), { header: true, flags: (cells, row, columns) => issues.flagsOf(cells, row, columns) });
      for (const [rule, row] of issues.firstRows) firstRows.set(rule, row);
      await issues.close();
    }
  } finally {
    await Promise.all([source.close(), issuesSource.close()]);
  }
  return firstRows;
}

function issuesRows(source: WorkbookSource): AsyncIterator<SheetRow[]> {
  return source.rows(ISSUES_SHEET)[Symbol.asyncIterator]();
}

/** The Summary sheet is label-value pairs; every other output sheet starts with its header. */
function hasHeader(kind: ReviewSheetKind): boolean {
  return kind !== 'raw' && kind !== 'summary';
}

// eslint-disable-next-line require-yield
async function* noRows(): AsyncGenerator<SheetRow[]> {
  return;
}
