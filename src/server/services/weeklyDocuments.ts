import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { components } from '../api-types';
import type { Executor } from '../db/client';
import { clients, requiredDocuments, uploads } from '../db/schema';
import { type ClientViewer, visibleTo } from './clients';
import { offsetOf, type PageRequest, type StaffPagination, staffPagination } from './pagination';
import { toRequiredDocumentView } from './requiredDocuments';
import { filesOfUploads, toUploadView, weekStatusOf } from './uploadViews';

export type WeeklyDocumentRowView = components['schemas']['WeeklyDocumentRow'];
export type WeeklyDocumentsSummary = components['schemas']['WeeklyDocumentsSummary'];
export type StaffWeeklyFilter = 'all' | 'pending' | 'approved' | 'rejected' | 'uploaded';

/** Whose rows and which week: the viewer's active clients (one of them when clientId is given), for the week that starts on weekStart. */
export interface WeeklyDocumentsScope {
  viewer: ClientViewer;
  weekStart: string;
  clientId?: string;
}

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
    .orderBy(desc(uploads.createdAt), desc(uploads.attempt), desc(uploads.id))
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
function weekStateConditions(newest: NewestUpload) {
  return {
    pending: and(eq(newest.status, 'SCRUBBED'), eq(newest.approvalStatus, 'PENDING')) as SQL,
    approved: eq(newest.approvalStatus, 'APPROVED'),
    rejected: eq(newest.approvalStatus, 'REJECTED'),
    uploaded: isNotNull(newest.id),
  };
}

/** Every row of the scope: one per active client of the viewer and required document. */
function scopeCondition(scope: WeeklyDocumentsScope): SQL | undefined {
  return and(visibleTo(scope.viewer), eq(clients.status, 'ACTIVE'), scope.clientId ? eq(clients.id, scope.clientId) : undefined);
}

/** A page of the week's rows by client name, optionally only those a filter keeps. */
export async function listWeeklyDocuments(
  db: Executor,
  scope: WeeklyDocumentsScope,
  filter: StaffWeeklyFilter,
  page: PageRequest,
): Promise<{ documents: WeeklyDocumentRowView[]; pagination: StaffPagination }> {
  const newest = newestUploadOfWeek(db, scope.weekStart);
  const where = and(scopeCondition(scope), filter === 'all' ? undefined : weekStateConditions(newest)[filter]);
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
  return { documents, pagination: staffPagination(page, total) };
}

/** The week's figures over the same rows, counted in one query. */
export async function summariseWeeklyDocuments(db: Executor, scope: WeeklyDocumentsScope): Promise<WeeklyDocumentsSummary> {
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
    })
    .from(clients)
    .innerJoin(requiredDocuments, eq(requiredDocuments.clientId, clients.id))
    .leftJoinLateral(newest, sql`true`)
    .where(scopeCondition(scope));
  return { ...figures, remaining: figures.total - figures.uploaded };
}
