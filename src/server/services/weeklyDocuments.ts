import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { components } from '../api-types';
import type { Executor } from '../db/client';
import { clients, requiredDocuments, uploads } from '../db/schema';
import { type ClientViewer, visibleTo } from './clients';
import { offsetOf, type PageRequest } from './pagination';
import { toRequiredDocumentView } from './requiredDocuments';
import { filesOfUploads, toUploadView, weekStatusOf } from './uploadViews';

export type WeeklyDocumentRowView = components['schemas']['WeeklyDocumentRow'];
export type WeeklyDocumentsSummary = components['schemas']['WeeklyDocumentsSummary'];

/** Whose rows and which week: the viewer's active clients (one of them when clientId is given), for the week that starts on weekStart. */
export interface WeeklyDocumentsScope {
  viewer: ClientViewer;
  weekStart: string;
  clientId?: string;
}

/** The order in which the versions of a client-week are newest first: upload time, then attempt, then id. */
export const NEWEST_UPLOAD_FIRST = [desc(uploads.createdAt), desc(uploads.attempt), desc(uploads.id)] as const;

/**
 * The newest upload for the row's client and document in the week, joined laterally so the
 * database picks one upload per row (through the client-and-week index) and nothing else is read.
 * An upload belongs to the week it was uploaded FOR (its weekStart), whenever it was uploaded.
 * "Newest" is the order every history uses: upload time, then attempt, then id.
 */
function newestUploadOfWeek(db: Executor, weekStart: string) {
  return db
    .select({ id: uploads.id, status: uploads.status, approvalStatus: uploads.approvalStatus })
    .from(uploads)
    .where(and(eq(uploads.clientId, clients.id), eq(uploads.requiredDocumentId, requiredDocuments.id), eq(uploads.weekStart, weekStart)))
    .orderBy(...NEWEST_UPLOAD_FIRST)
    .limit(1)
    .as('newest');
}

type NewestUpload = ReturnType<typeof newestUploadOfWeek>;

/**
 * What each filter and summary figure counts, all from the week's newest upload (the contract
 * repeats this): pending is a finished run awaiting an admin's review (still-processing and failed
 * uploads are not pending: there is nothing to review yet); approved and rejected follow the
 * review of the newest version (a rejected week uploaded again is no longer rejected); uploaded is
 * any upload at all that week, whatever its state; remaining is no upload at all that week.
 */
function weekStateConditions(newest: NewestUpload): Record<WeekState, SQL> {
  return {
    pending: and(eq(newest.status, 'SCRUBBED'), eq(newest.approvalStatus, 'PENDING')) as SQL,
    approved: eq(newest.approvalStatus, 'APPROVED'),
    rejected: eq(newest.approvalStatus, 'REJECTED'),
    uploaded: isNotNull(newest.id),
    remaining: isNull(newest.id),
  };
}

/** A state a row of the week can be in, as the filters and figures read it (see weekStateConditions). */
export type WeekState = 'pending' | 'approved' | 'rejected' | 'uploaded' | 'remaining';

/** The staff filters of the weekly documents (spec 2.17): `all` keeps every row. */
export const STAFF_WEEKLY_FILTERS = { all: null, pending: 'pending', approved: 'approved', rejected: 'rejected', uploaded: 'uploaded' } as const;
/** The admin filters (spec 2.12): `completed` is the staff `uploaded`, any upload that week; `remaining` is none. */
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

/**
 * A page of the week's rows by client name, only those in `state` when one is given, with the
 * pagination shape of the caller's area (spec section 3 gives staff and admins different ones).
 */
export async function listWeeklyDocuments<Pagination>(
  db: Executor,
  scope: WeeklyDocumentsScope,
  state: WeekState | null,
  page: PageRequest,
  paginate: (page: PageRequest, total: number) => Pagination,
): Promise<{ documents: WeeklyDocumentRowView[]; pagination: Pagination }> {
  const newest = newestUploadOfWeek(db, scope.weekStart);
  const where = and(scopeCondition(scope), state ? weekStateConditions(newest)[state] : undefined);
  const columns = {
    clientId: clients.id,
    clientName: clients.name,
    documentId: requiredDocuments.id,
    documentCreatedAt: requiredDocuments.createdAt,
    uploadId: newest.id,
    status: newest.status,
    approvalStatus: newest.approvalStatus,
  };
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(clients)
      .innerJoin(requiredDocuments, eq(requiredDocuments.clientId, clients.id))
      .leftJoinLateral(newest, sql`true`)
      .where(where)
      .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id), asc(requiredDocuments.createdAt), asc(requiredDocuments.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
    db
      .select({ total: count() })
      .from(clients)
      .innerJoin(requiredDocuments, eq(requiredDocuments.clientId, clients.id))
      .leftJoinLateral(newest, sql`true`)
      .where(where),
  ]);

  const uploadIds = rows.flatMap((row) => (row.uploadId ? [row.uploadId] : []));
  const [uploadRows, files] = await Promise.all([
    uploadIds.length > 0 ? db.select().from(uploads).where(inArray(uploads.id, uploadIds)) : Promise.resolve([]),
    filesOfUploads(db, uploadIds),
  ]);
  const uploadById = new Map(uploadRows.map((upload) => [upload.id, upload]));

  const documents = rows.map((row): WeeklyDocumentRowView => {
    const upload = row.uploadId ? uploadById.get(row.uploadId) : undefined;
    return {
      client: { id: row.clientId, name: row.clientName },
      document: toRequiredDocumentView({ id: row.documentId, createdAt: row.documentCreatedAt }, row.clientName),
      weekStatus: weekStatusOf(upload ?? null),
      upload: upload ? toUploadView(upload, files.get(upload.id) ?? []) : null,
    };
  });
  return { documents, pagination: paginate(page, total) };
}

/** The rows of the week in each state, and the clients behind them. */
export interface WeeklyFigures extends WeeklyDocumentsSummary {
  /** Every client of the scope. */
  clients: number;
  /** The clients of the scope with any upload that week. */
  clientsWithUploads: number;
}

/** The week's figures over the same rows as {@link listWeeklyDocuments}, counted in one query. */
export async function countWeeklyDocuments(db: Executor, scope: WeeklyDocumentsScope): Promise<WeeklyFigures> {
  const newest = newestUploadOfWeek(db, scope.weekStart);
  const conditions = weekStateConditions(newest);
  const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [figures] = await db
    .select({
      total: count(),
      uploaded: countWhere(conditions.uploaded),
      pending: countWhere(conditions.pending),
      approved: countWhere(conditions.approved),
      rejected: countWhere(conditions.rejected),
      remaining: countWhere(conditions.remaining),
      clients: sql<number>`count(distinct ${clients.id})`.mapWith(Number),
      clientsWithUploads: sql<number>`count(distinct ${clients.id}) filter (where ${conditions.uploaded})`.mapWith(Number),
    })
    .from(clients)
    .innerJoin(requiredDocuments, eq(requiredDocuments.clientId, clients.id))
    .leftJoinLateral(newest, sql`true`)
    .where(scopeCondition(scope));
  return figures;
}

/** The staff summary of the week (WeeklyDocumentsSummary): the row figures of {@link countWeeklyDocuments}. */
export async function summariseWeeklyDocuments(db: Executor, scope: WeeklyDocumentsScope): Promise<WeeklyDocumentsSummary> {
  const { total, uploaded, pending, approved, rejected, remaining } = await countWeeklyDocuments(db, scope);
  return { total, uploaded, pending, approved, rejected, remaining };
}
