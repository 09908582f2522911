import { type AnyColumn, and, asc, count, desc, eq, inArray, isNotNull, isNull, not, type Placeholder, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { PAGE_SIZES } from '@/common/limits';
import type { components } from '../../api-types';
import type { Executor } from '../../db/client';
import { clients, requiredDocuments, uploadFiles, uploads } from '../../db/schema';
import { type ClientViewer, visibleTo } from '../clients/clients';
import { offsetOf, type PageRequest } from '../shared/pagination';
import { toRequiredDocumentView } from '../clients/requiredDocuments';
import { type StoredVersion, toWeeklyUploadView, type WeeklyUploadColumns, weekStatusOf } from '../uploads/uploadViews';

export type WeeklyDocumentRowView = components['schemas']['WeeklyDocumentRow'];
export type WeeklyDocumentsSummary = components['schemas']['WeeklyDocumentsSummary'];

/**
 * The orders of a week's rows: by client name (the default), or the rows whose newest upload raised
 * the most week-over-week warnings first (rows without a processed upload last), then by client name.
 */
export type WeeklyRowSort = 'client' | 'week_over_week_warnings';

/**
 * Whose rows and which week: the viewer's active clients (one of them when clientId is given), for
 * the week that starts on weekStart, in the order `sort` asks for.
 */
export interface WeeklyDocumentsScope {
  viewer: ClientViewer;
  weekStart: string;
  clientId?: string;
  sort?: WeeklyRowSort;
}

/** The order in which the versions of a client-week are newest first: upload time, then attempt, then id. */
export const NEWEST_UPLOAD_FIRST = [desc(uploads.createdAt), desc(uploads.attempt), desc(uploads.id)] as const;

/**
 * The newest upload for a row's client and document in the week, joined laterally so the database
 * picks one upload per row (through the client-and-week index) and nothing else is read. An upload
 * belongs to the week it was uploaded FOR (its weekStart), whenever it was uploaded. "Newest" is
 * the order every history uses: upload time, then attempt, then id. The state alone (id, status,
 * review) is what the filters and figures read, and the index holds it all; a page's rows take the
 * whole upload.
 */
function newestUploadOfWeek(db: Executor, weekStart: string) {
  return db
    .select({ id: uploads.id, status: uploads.status, approvalStatus: uploads.approvalStatus })
    .from(uploads)
    .where(newestOfWeekCondition(weekStart, { clientId: clients.id, documentId: requiredDocuments.id }))
    .orderBy(...NEWEST_UPLOAD_FIRST)
    .limit(1)
    .as('newest');
}

/** The client and required document a row of the week stands for. */
interface RowKeys {
  clientId: AnyColumn | SQLWrapper;
  documentId: AnyColumn | SQLWrapper;
}

function newestOfWeekCondition(weekStart: string, row: RowKeys): SQL | undefined {
  return and(eq(uploads.clientId, row.clientId), eq(uploads.requiredDocumentId, row.documentId), eq(uploads.weekStart, weekStart));
}

type NewestUpload = ReturnType<typeof newestUploadOfWeek>;

/**
 * What each filter and summary figure counts, all from the week's newest upload (the contract
 * repeats this): pending is a finished run awaiting an admin's review (still-processing and failed
 * uploads are not pending: there is nothing to review yet); approved and rejected follow the
 * review of the newest version (a rejected week uploaded again is no longer rejected); failed is a
 * run that failed, to be uploaded again; processing is a run not finished yet; uploaded is an upload
 * that did not fail (awaiting review, reviewed, or still processing: the parts before but failed, a
 * failed upload being nothing the admin can review); remaining is no upload at all that week.
 */
function weekStateConditions(newest: NewestUpload): Record<WeekState, SQL> {
  return {
    pending: and(eq(newest.status, 'SCRUBBED'), eq(newest.approvalStatus, 'PENDING')) as SQL,
    approved: eq(newest.approvalStatus, 'APPROVED'),
    rejected: eq(newest.approvalStatus, 'REJECTED'),
    failed: eq(newest.status, 'FAILED'),
    processing: and(isNotNull(newest.id), not(inArray(newest.status, ['SCRUBBED', 'FAILED']))) as SQL,
    uploaded: and(isNotNull(newest.id), not(eq(newest.status, 'FAILED'))) as SQL,
    remaining: isNull(newest.id),
  };
}

/** A state a row of the week can be in, as the filters and figures read it (see weekStateConditions). */
export type WeekState = 'pending' | 'approved' | 'rejected' | 'failed' | 'processing' | 'uploaded' | 'remaining';

/** The staff filters of the weekly documents (spec 2.17): `all` keeps every row. */
export const STAFF_WEEKLY_FILTERS = { all: null, pending: 'pending', approved: 'approved', rejected: 'rejected', uploaded: 'uploaded' } as const;
/** The admin filters (spec 2.12): `completed` is the staff `uploaded`, an upload that did not fail; `remaining` is none. */
export const ADMIN_WEEKLY_FILTERS = {
  all: null,
  pending: 'pending',
  approved: 'approved',
  rejected: 'rejected',
  completed: 'uploaded',
  remaining: 'remaining',
} as const;

/** Every row of the scope: one per active client of the viewer and required document. */
function scopeCondition(scope: WeeklyDocumentsScope): SQL | undefined {
  return and(visibleTo(scope.viewer), eq(clients.status, 'ACTIVE'), scope.clientId ? eq(clients.id, scope.clientId) : undefined);
}

const ROW_ORDER = [asc(sql`lower(${clients.name})`), asc(clients.id), asc(requiredDocuments.createdAt), asc(requiredDocuments.id)];

/**
 * The week-over-week warnings of a row's newest upload, from its stored summary; null while it has
 * none (no upload, or not processed yet). Read only when the rows are sorted by it.
 */
function newestUploadWarnings(db: Executor, weekStart: string): SQL<number | null> {
  const newest = db
    .select({ warnings: sql`(${uploads.summary} -> 'weekOverWeek' ->> 'warnings')::int` })
    .from(uploads)
    .where(newestOfWeekCondition(weekStart, { clientId: clients.id, documentId: requiredDocuments.id }))
    .orderBy(...NEWEST_UPLOAD_FIRST)
    .limit(1);
  return sql<number | null>`(${newest})`;
}

/** Whether the rows go by their newest upload's week-over-week warnings first. */
function byWarnings(scope: WeeklyDocumentsScope): boolean {
  return scope.sort === 'week_over_week_warnings';
}

/**
 * The scope with its values left as parameters: the weekly reads are built once per shape (role,
 * one client or all, state) and then only run with the caller's values. Building a query costs
 * more than the database takes to answer it (the reads are index lookups).
 */
function parameterScope(scope: WeeklyDocumentsScope): WeeklyDocumentsScope {
  const parameter = (name: string) => sql.placeholder(name) as unknown as string;
  return {
    viewer: { companyId: parameter('companyId'), userId: parameter('userId'), role: scope.viewer.role },
    weekStart: parameter('weekStart'),
    clientId: scope.clientId ? parameter('clientId') : undefined,
    sort: scope.sort,
  };
}

/** Which query serves the scope: the role, whether it narrows to one client, and the order. */
function shapeOf(scope: WeeklyDocumentsScope): string {
  return `${scope.viewer.role}:${scope.clientId ? 'client' : 'all'}:${scope.sort ?? 'client'}`;
}

function parametersOf(scope: WeeklyDocumentsScope) {
  return { companyId: scope.viewer.companyId, userId: scope.viewer.userId, weekStart: scope.weekStart, clientId: scope.clientId ?? null };
}

/** Queries built for an executor, by shape; a transaction's go with it. */
const preparedByExecutor = new WeakMap<Executor, Map<string, unknown>>();

/**
 * The query of a shape, built on first use. `build` gets the statement's name: on PostgreSQL a named
 * statement is parsed once per connection and then only bound and run, and the server may keep its
 * plan; unnamed, the whole text travels and is parsed and planned on every request. A shape's text
 * never changes, which is what a name promises the driver.
 */
function preparedOnce<Query>(db: Executor, key: string, build: (name: string) => Query): Query {
  let prepared = preparedByExecutor.get(db);
  if (!prepared) preparedByExecutor.set(db, (prepared = new Map()));
  if (!prepared.has(key)) prepared.set(key, build(`weekly_${key.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}`));
  return prepared.get(key) as Query;
}

/**
 * The page sizes the screens ask for. A page of one of these sizes runs a statement with the size
 * written into it: PostgreSQL then keeps one generic plan for the statement instead of planning it
 * on every request, which is most of what a page costs it (with the size a parameter it guesses a
 * tenth of the rows and the generic plan never looks cheap enough). Other sizes (a script's own)
 * stay a parameter, so the statements a connection keeps stay few whatever the requests ask.
 */
const SCREEN_PAGE_SIZES: ReadonlySet<number> = new Set(Object.values(PAGE_SIZES));

/** One of SCREEN_PAGE_SIZES (our own constants, never a request's text), written into the statement. */
function pageSizeLiteral(limit: number): Placeholder {
  // Drizzle's limit() takes a number (sent as a parameter) or a placeholder; SQL is written as is.
  return sql.raw(String(limit)) as unknown as Placeholder;
}

/**
 * A page of the week's rows by client name, only those in `state` when one is given, with the
 * pagination shape of the caller's area (spec section 3 gives staff and admins different ones).
 * One query: the page is cut from the rows first (counting them on the way), then only its rows
 * read their newest upload and which versions it has stored. A row carries what it shows (a summary
 * of the upload); the versions' files and notes are read when a row is opened.
 */
export async function listWeeklyDocuments<Pagination>(
  db: Executor,
  scope: WeeklyDocumentsScope,
  state: WeekState | null,
  page: PageRequest,
  paginate: (page: PageRequest, total: number) => Pagination,
): Promise<{ documents: WeeklyDocumentRowView[]; pagination: Pagination }> {
  const screenSize = SCREEN_PAGE_SIZES.has(page.limit);
  const query = preparedOnce(db, `rows:${shapeOf(scope)}:${state ?? 'all'}:${screenSize ? page.limit : 'any'}`, (name) =>
    pageOfRows(db, parameterScope(scope), state, { limit: screenSize ? pageSizeLiteral(page.limit) : sql.placeholder('limit'), offset: sql.placeholder('offset') }).prepare(name),
  );
  const rows = await query.execute({ ...parametersOf(scope), limit: page.limit, offset: offsetOf(page) });
  // A page past the end has no row to carry the count.
  const total = rows.length > 0 ? rows[0].total : offsetOf(page) === 0 ? 0 : await countRows(db, scope, state);
  const documents = rows.map((row): WeeklyDocumentRowView => {
    const upload = row.upload ? toWeeklyUploadView(row.upload, row.files ?? []) : null;
    return {
      client: { id: row.clientId, name: row.clientName },
      document: toRequiredDocumentView({ id: row.documentId, createdAt: row.documentCreatedAt }, row.clientName),
      weekStatus: weekStatusOf(row.upload),
      upload,
    };
  });
  return { documents, pagination: paginate(page, total) };
}

/** The rows of the scope, only those whose newest upload is in `state` when one is given. */
function rowsInScope(db: Executor, scope: WeeklyDocumentsScope, state: WeekState | null) {
  const query = db
    .select({
      clientId: sql<string>`${clients.id}`.as('row_client_id'),
      clientName: sql<string>`${clients.name}`.as('row_client_name'),
      sortName: sql<string>`lower(${clients.name})`.as('row_sort_name'),
      documentId: sql<string>`${requiredDocuments.id}`.as('row_document_id'),
      documentCreatedAt: sql<Date>`${requiredDocuments.createdAt}`.mapWith(requiredDocuments.createdAt).as('row_document_created_at'),
      warnings: (byWarnings(scope) ? newestUploadWarnings(db, scope.weekStart) : sql<number | null>`null::int`).as('row_warnings'),
    })
    .from(clients)
    .innerJoin(requiredDocuments, eq(requiredDocuments.clientId, clients.id))
    .$dynamic();
  if (!state) return query.where(scopeCondition(scope));
  const newest = newestUploadOfWeek(db, scope.weekStart);
  return query.leftJoinLateral(newest, sql`true`).where(and(scopeCondition(scope), weekStateConditions(newest)[state]));
}

/**
 * The rows of the page with their number in all, then the newest upload of each in full, with its
 * stored files. The number is a subquery of its own, run once: counted over the window of the rows
 * instead, every row of the scope would be built and kept before the page could be cut, where now
 * the page is read in the index's order and stops at its last row.
 */
function pageOfRows(db: Executor, scope: WeeklyDocumentsScope, state: WeekState | null, page: { limit: Placeholder; offset: Placeholder }) {
  const warningsFirst = byWarnings(scope);
  const pageRows = rowsInScope(db, scope, state)
    .orderBy(...(warningsFirst ? [sql`row_warnings desc nulls last`] : []), ...ROW_ORDER)
    .limit(page.limit)
    .offset(page.offset)
    .as('page_rows');
  const newest = db
    .select(listedUploadColumns())
    .from(uploads)
    .where(newestOfWeekCondition(scope.weekStart, { clientId: pageRows.clientId, documentId: pageRows.documentId }))
    .orderBy(...NEWEST_UPLOAD_FIRST)
    .limit(1)
    .as('newest');
  // Which versions are stored, with the reviewer's notes on them (the row shows their first line).
  const files = sql<StoredVersion[] | null>`(select json_agg(json_build_object('kind', ${uploadFiles.kind}, 'notes', ${uploadFiles.notes}) order by ${uploadFiles.kind})
    from ${uploadFiles} where ${uploadFiles.uploadId} = ${newest.id})`;
  return db
    .select({
      clientId: pageRows.clientId,
      clientName: pageRows.clientName,
      documentId: pageRows.documentId,
      documentCreatedAt: pageRows.documentCreatedAt,
      total: sql<number>`(${countOf(db, scope, state)})`.mapWith(Number),
      upload: fieldsOf(newest),
      files,
    })
    .from(pageRows)
    .leftJoinLateral(newest, sql`true`)
    .orderBy(
      ...(warningsFirst ? [sql`${pageRows.warnings} desc nulls last`] : []),
      asc(pageRows.sortName),
      asc(pageRows.clientId),
      asc(pageRows.documentCreatedAt),
      asc(pageRows.documentId),
    );
}

/**
 * The upload's columns a row of the list reads (WeeklyUploadColumns): of its summary only what the
 * row shows (the week-over-week and issue counts), not each sheet's mapping and each rule's count,
 * which only the viewer reads and which would be most of what a page of rows weighs. A key the
 * summary lacks is left out rather than set to null, as the views read it.
 */
function listedUploadColumns() {
  return {
    id: uploads.id,
    status: uploads.status,
    approvalStatus: uploads.approvalStatus,
    createdAt: uploads.createdAt,
    errorMessage: uploads.errorMessage,
    uploadedByName: uploads.uploadedByName,
    reviewedByName: uploads.reviewedByName,
    reviewedAt: uploads.reviewedAt,
    overrideReason: uploads.overrideReason,
    resumedAt: uploads.resumedAt,
    summary: sql<unknown>`jsonb_strip_nulls(jsonb_build_object('weekOverWeek', ${uploads.summary} -> 'weekOverWeek', 'issues', ${uploads.summary} -> 'issues'))`.as('summary'),
  } satisfies Record<keyof WeeklyUploadColumns, unknown>;
}

type ListedUpload = ReturnType<typeof listedUploadColumns>;

/** The listed columns, as the lateral subquery names them. */
function fieldsOf<Newest extends Record<keyof ListedUpload, unknown>>(newest: Newest): Pick<Newest, keyof ListedUpload> {
  const keys = Object.keys(listedUploadColumns()) as (keyof ListedUpload)[];
  return Object.fromEntries(keys.map((key) => [key, newest[key]])) as Pick<Newest, keyof ListedUpload>;
}

/** How many rows the scope has (in `state` when one is given). */
function countOf(db: Executor, scope: WeeklyDocumentsScope, state: WeekState | null) {
  return db.select({ total: count() }).from(rowsInScope(db, scope, state).as('counted'));
}

async function countRows(db: Executor, scope: WeeklyDocumentsScope, state: WeekState | null): Promise<number> {
  const [{ total }] = await countOf(db, scope, state);
  return total;
}

/** The rows of the week in each state, and the clients behind them. */
export interface WeeklyFigures extends WeeklyDocumentsSummary {
  /** Every client of the scope. */
  clients: number;
  /** The clients of the scope with any upload that week. */
  clientsWithUploads: number;
  /** The clients of the scope whose week is done: every required document's newest upload approved. */
  clientsCompleted: number;
}

/** The week's figures over the same rows as {@link listWeeklyDocuments}, counted in one query. */
export async function countWeeklyDocuments(db: Executor, scope: WeeklyDocumentsScope): Promise<WeeklyFigures> {
  const query = preparedOnce(db, `figures:${shapeOf(scope)}`, (name) => figuresOf(db, parameterScope(scope)).prepare(name));
  const [figures] = await query.execute(parametersOf(scope));
  return figures;
}

function figuresOf(db: Executor, scope: WeeklyDocumentsScope) {
  const newest = newestUploadOfWeek(db, scope.weekStart);
  const conditions = weekStateConditions(newest);
  const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  return db
    .select({
      total: count(),
      uploaded: countWhere(conditions.uploaded),
      pending: countWhere(conditions.pending),
      approved: countWhere(conditions.approved),
      rejected: countWhere(conditions.rejected),
      failed: countWhere(conditions.failed),
      processing: countWhere(conditions.processing),
      remaining: countWhere(conditions.remaining),
      clients: sql<number>`count(distinct ${clients.id})`.mapWith(Number),
      clientsWithUploads: sql<number>`count(distinct ${clients.id}) filter (where ${conditions.uploaded})`.mapWith(Number),
      // Every client, less those with a row not approved (no upload, or any other state).
      clientsCompleted: sql<number>`count(distinct ${clients.id}) - count(distinct ${clients.id}) filter (where not coalesce(${conditions.approved}, false))`.mapWith(Number),
    })
    .from(clients)
    .innerJoin(requiredDocuments, eq(requiredDocuments.clientId, clients.id))
    .leftJoinLateral(newest, sql`true`)
    .where(scopeCondition(scope));
}

/** The staff summary of the week (WeeklyDocumentsSummary): the row figures of {@link countWeeklyDocuments}. */
export async function summariseWeeklyDocuments(db: Executor, scope: WeeklyDocumentsScope): Promise<WeeklyDocumentsSummary> {
  const { total, uploaded, pending, approved, rejected, failed, processing, remaining } = await countWeeklyDocuments(db, scope);
  return { total, uploaded, pending, approved, rejected, failed, processing, remaining };
}
