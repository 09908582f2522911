/**
 * The viewer of an upload (admins: their company's; staff: their assigned clients') or of an operator's
 * consolidated file: what it holds, windows of rows, and where a cell came from. Everything is read
 * from the review pack the worker stored (reviewPack.ts); a window reads only the blocks it touches.
 */
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { components } from '../../api-types';
import type { Executor } from '../../db/client';
import { clients, consolidatedFiles, reviewBlocks, reviewSheets, uploads } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { UploadSummary } from '../uploads/uploadSummary';
import { ISSUE_RULES } from '../../processing';
import { type ClientViewer, visibleTo } from '../clients/clients';
import { UPLOAD_NOT_FOUND } from '../uploads/downloads';
import { type PackRow, REVIEW_BLOCK_ROWS, decodeBlock, decodeRowIndexes, storableText } from './pack/blocks';
import type { PackOwner, ReviewVersion } from './pack/writer';

export type ViewerOverview = components['schemas']['ViewerOverview'];
export type ViewerRows = components['schemas']['ViewerRows'];
export type ViewerLineage = components['schemas']['ViewerLineage'];
type ViewerSummary = components['schemas']['ViewerSummary'];

/** What a viewer shows, and whether its pack can be read now (and if not, why). */
export interface ViewerTarget {
  owner: PackOwner;
  state: ViewerOverview['state'];
  message: string | null;
  summary: UploadSummary | null;
}

export const VIEWER_MESSAGES = {
  failed: 'Processing failed, so there is nothing to view.',
  beforeViewer: 'This upload was processed before the viewer existed.',
  fileUnreadable: 'This file could not be read for viewing; download it to open it.',
  fileNotFound: 'Consolidated file not found.',
  preparing: 'The viewer is still being prepared for this upload; try again in a moment.',
  packFailed: 'The viewer could not be prepared for this upload.',
  filterOnlyScrubbed: 'Only the Scrubbed sheet can be filtered by errors or warnings.',
  lineageOnlyData: 'Lineage is shown for cells of the Consolidated and Scrubbed sheets only.',
  lineageColumn: 'This column is the lineage itself: choose another cell of the row.',
  noCell: 'There is no such cell in this sheet.',
  noSheet: (version: string, sheet: number) => `There is no sheet ${sheet} in the ${version} version.`,
};

const VERSIONS: ReviewVersion[] = ['raw', 'consolidated', 'scrubbed'];
const SOURCE_SHEET = 'Source Sheet';
const SOURCE_ROW = 'Source Row';

/** An upload the caller may see, with the state of its viewer; any other answers 404 like a missing one. */
export async function uploadViewerTarget(db: Executor, viewer: ClientViewer, uploadId: string): Promise<ViewerTarget> {
  const [found] = await db
    .select({ status: uploads.status, readyAt: uploads.reviewReadyAt, failedAt: uploads.reviewFailedAt, summary: uploads.summary })
    .from(uploads)
    .innerJoin(clients, eq(clients.id, uploads.clientId))
    .where(and(eq(uploads.id, uploadId), visibleTo(viewer)))
    .limit(1);
  if (!found) throw notFound(UPLOAD_NOT_FOUND);
  const owner = { uploadId };
  const summary = (found.summary as UploadSummary | null) ?? null;
  if (found.status === 'FAILED') return { owner, state: 'UNAVAILABLE', message: VIEWER_MESSAGES.failed, summary: null };
  if (found.status !== 'SCRUBBED') return { owner, state: 'PREPARING', message: null, summary: null };
  if (found.readyAt) return { owner, state: 'READY', message: null, summary };
  if (found.failedAt) return { owner, state: 'UNAVAILABLE', message: VIEWER_MESSAGES.packFailed, summary };
  // the job builds the rows after SCRUBBED; an upload processed before the viewer has no sources in its summary
  if (summary?.sources) return { owner, state: 'PREPARING', message: null, summary: null };
  return { owner, state: 'UNAVAILABLE', message: VIEWER_MESSAGES.beforeViewer, summary };
}

/** An operator's consolidated file (operators see them all). */
export async function consolidatedFileViewerTarget(db: Executor, fileId: string): Promise<ViewerTarget> {
  const [found] = await db.select({ readyAt: consolidatedFiles.reviewReadyAt }).from(consolidatedFiles).where(eq(consolidatedFiles.id, fileId)).limit(1);
  if (!found) throw notFound(VIEWER_MESSAGES.fileNotFound);
  const owner = { consolidatedFileId: fileId };
  if (!found.readyAt) return { owner, state: 'UNAVAILABLE', message: VIEWER_MESSAGES.fileUnreadable, summary: null };
  return { owner, state: 'READY', message: null, summary: null };
}

export async function viewerOverview(db: Executor, target: ViewerTarget): Promise<ViewerOverview> {
  const summary = target.summary && target.state === 'READY' ? viewerSummary(target.summary) : null;
  if (target.state !== 'READY') return { state: target.state, message: target.message, versions: [], summary };
  const sheets = await db
    .select({ version: reviewSheets.version, index: reviewSheets.sheetIndex, name: reviewSheets.name, kind: reviewSheets.kind, rowCount: reviewSheets.rowCount, columns: reviewSheets.columns })
    .from(reviewSheets)
    .where(ownedBy(target.owner))
    .orderBy(asc(reviewSheets.sheetIndex));
  const versions = VERSIONS.map((version) => ({ version, sheets: sheets.filter((s) => s.version === version).map(({ version: _, ...sheet }) => sheet) }));
  return { state: 'READY', message: null, versions: versions.filter((v) => v.sheets.length > 0), summary };
}

/** The engine's summary as the viewer shows it; an upload processed before the viewer has none. */
function viewerSummary(summary: UploadSummary): ViewerSummary | null {
  if (!summary.sources || !summary.issuesByRule) return null;
  const byRule = summary.issuesByRule.flatMap(({ rule, severity, count, firstRow }) =>
    severity === 'info' ? [] : [{ rule, severity, label: ISSUE_RULES[rule].label, count, firstRow }],
  );
  byRule.sort((a, b) => (a.severity === b.severity ? b.count - a.count : a.severity === 'error' ? -1 : 1));
  return {
    sheets: summary.sources.map(({ name, hidden, reason, headerRow, rowsRead, dataRows, mapping }) => ({
      name,
      hidden,
      used: reason === null,
      reason,
      headerRow,
      rowsRead,
      dataRows,
      mapping: mapping.map(({ header, column }) => ({ header, column })),
    })),
    rowsIn: summary.rowsIn,
    rowsOut: summary.rowsOut,
    duplicatesRemoved: summary.duplicatesRemoved,
    employees: summary.employees,
    totalHours: Object.entries(summary.totalHours).map(([kind, hours]) => ({ kind, hours })),
    totalGross: summary.totalGross,
    issues: summary.issues,
    issuesByRule: byRule,
  };
}

export interface RowsQuery {
  version: ReviewVersion;
  sheet: number;
  offset: number;
  limit: number;
  filter: 'all' | 'errors' | 'warnings';
}

/**
 * A window of rows. Unfiltered, the window's rows are consecutive: one or two blocks. Filtered, the
 * sheet's list of flagged rows is read first, then the blocks holding the window's rows.
 */
export async function viewerRows(db: Executor, target: ViewerTarget, query: RowsQuery): Promise<ViewerRows> {
  const sheet = await readySheet(db, target, query.version, query.sheet);
  const { offset, limit } = query;
  if (query.filter === 'all') {
    const end = Math.min(sheet.rowCount, offset + limit);
    const indexes = Array.from({ length: Math.max(0, end - offset) }, (_, i) => offset + i);
    return { offset, total: sheet.rowCount, rows: await windowRows(db, sheet.id, indexes) };
  }
  const list = await flaggedRows(db, sheet.id, query.filter);
  if (!list) throw badRequest(VIEWER_MESSAGES.filterOnlyScrubbed);
  const flagged = decodeRowIndexes(list);
  const indexes = flagged.subarray(Math.min(offset, flagged.length), Math.min(flagged.length, offset + limit));
  return { offset, total: flagged.length, rows: await windowRows(db, sheet.id, indexes) };
}

export interface LineageQuery {
  version: 'consolidated' | 'scrubbed';
  sheet: number;
  row: number;
  column: number;
}

/**
 * Where a cell of the Consolidated or Scrubbed sheet came from: the row's Source Sheet and Source Row,
 * the raw column the engine read for the cell's column (the sheet's mapping in the summary), and the
 * raw cell's text.
 */
export async function viewerLineage(db: Executor, target: ViewerTarget, query: LineageQuery): Promise<ViewerLineage> {
  const sheet = await readySheet(db, target, query.version, query.sheet);
  if (sheet.kind !== 'data') throw badRequest(VIEWER_MESSAGES.lineageOnlyData);
  if (query.row >= sheet.rowCount || query.column >= sheet.columns.length) throw notFound(VIEWER_MESSAGES.noCell);
  const header = sheet.columns[query.column];
  if (header === SOURCE_SHEET || header === SOURCE_ROW) throw badRequest(VIEWER_MESSAGES.lineageColumn);
  const [row] = await windowRows(db, sheet.id, [query.row]);
  const sourceSheet = storableText(row.cells[sheet.columns.indexOf(SOURCE_SHEET)] ?? '');
  const sourceRow = Number(row.cells[sheet.columns.indexOf(SOURCE_ROW)]);
  const rawSheet = await db
    .select({ index: reviewSheets.sheetIndex, id: reviewSheets.id })
    .from(reviewSheets)
    .where(and(ownedBy(target.owner), eq(reviewSheets.version, 'raw'), eq(reviewSheets.name, sourceSheet)))
    .limit(1);
  if (rawSheet.length === 0) throw notFound(VIEWER_MESSAGES.noCell);
  const source = target.summary?.sources?.find((s) => s.name === sourceSheet);
  const mapped = source?.mapping.find((m) => m.column === header);
  const rawRow = sourceRow - 1;
  let originalText: string | null = null;
  if (mapped) {
    const [raw] = await windowRows(db, rawSheet[0].id, [rawRow]);
    originalText = raw?.cells[mapped.sourceColumn] ?? null;
  }
  return {
    header,
    value: row.cells[query.column] ?? null,
    sourceSheet,
    sourceRow,
    originalHeader: mapped?.header ?? null,
    originalText,
    raw: { sheet: rawSheet[0].index, row: rawRow, column: mapped?.sourceColumn ?? null },
  };
}

/** A sheet of a ready pack, without its lists of flagged rows (a large sheet's run to megabytes). */
async function readySheet(db: Executor, target: ViewerTarget, version: ReviewVersion, index: number) {
  if (target.state !== 'READY') throw conflict(target.message ?? VIEWER_MESSAGES.preparing);
  const [sheet] = await db
    .select({ id: reviewSheets.id, kind: reviewSheets.kind, columns: reviewSheets.columns, rowCount: reviewSheets.rowCount })
    .from(reviewSheets)
    .where(and(ownedBy(target.owner), eq(reviewSheets.version, version), eq(reviewSheets.sheetIndex, index)))
    .limit(1);
  if (!sheet) throw notFound(VIEWER_MESSAGES.noSheet(version, index));
  return sheet;
}

/** The sheet's list of rows with errors or with warnings; null for a sheet without flags. */
async function flaggedRows(db: Executor, sheetId: string, filter: 'errors' | 'warnings'): Promise<Buffer | null> {
  const list = filter === 'errors' ? reviewSheets.errorRows : reviewSheets.warningRows;
  const [sheet] = await db.select({ list }).from(reviewSheets).where(eq(reviewSheets.id, sheetId)).limit(1);
  return sheet.list;
}

/** The rows at `indexes` (ascending), reading each block they fall in once. */
async function windowRows(db: Executor, sheetId: string, indexes: ArrayLike<number>): Promise<ViewerRows['rows']> {
  if (indexes.length === 0) return [];
  const first = Math.floor(indexes[0] / REVIEW_BLOCK_ROWS);
  const last = Math.floor(indexes[indexes.length - 1] / REVIEW_BLOCK_ROWS);
  const wanted = new Set(Array.from(indexes, (index) => Math.floor(index / REVIEW_BLOCK_ROWS)));
  const blockNos = wanted.size === last - first + 1 ? between(reviewBlocks.blockNo, first, last) : inArray(reviewBlocks.blockNo, [...wanted]);
  const blocks = await db
    .select({ blockNo: reviewBlocks.blockNo, rows: reviewBlocks.rows })
    .from(reviewBlocks)
    .where(and(eq(reviewBlocks.sheetId, sheetId), blockNos));
  const decoded = new Map<number, PackRow[]>(blocks.map((block) => [block.blockNo, decodeBlock(block.rows)]));
  return Array.from(indexes, (index) => viewerRow(index, decoded.get(Math.floor(index / REVIEW_BLOCK_ROWS))?.[index % REVIEW_BLOCK_ROWS]));
}

function viewerRow(index: number, row: PackRow | undefined): ViewerRows['rows'][number] {
  if (!row) throw new Error(`review pack row ${index} is missing`);
  return {
    index,
    number: row.n,
    cells: row.c,
    severity: row.s ?? null,
    issues: (row.i ?? []).map((issue) => ({ column: issue.c < 0 ? null : issue.c, severity: issue.s, message: issue.m })),
  };
}

function ownedBy(owner: PackOwner) {
  return 'uploadId' in owner ? eq(reviewSheets.uploadId, owner.uploadId) : eq(reviewSheets.consolidatedFileId, owner.consolidatedFileId);
}
