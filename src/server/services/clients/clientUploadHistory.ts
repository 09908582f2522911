import { and, asc, countDistinct, desc, eq, inArray } from 'drizzle-orm';
import { weekContaining, weekFromIsoDate, weekToIsoDates } from '@/common/week';
import type { components } from '../../api-types';
import type { Executor } from '../../db/client';
import { requiredDocuments, uploads } from '../../db/schema';
import { type ClientViewer, visibleClient } from './clients';
import { offsetOf, type PageRequest, type StaffPagination, staffPagination } from '../shared/pagination';
import { type RequiredDocumentView, toRequiredDocumentView } from './requiredDocuments';
import { filesOfUploads, toUploadView, type UploadFileRow, type UploadRow, weekStatusOf } from '../uploads/uploadViews';

export type ClientWeekView = components['schemas']['ClientWeek'];

export interface ClientUploadHistory {
  document: RequiredDocumentView;
  currentWeek: ClientWeekView;
  weeks: ClientWeekView[];
  pagination: StaffPagination;
}

/**
 * An assigned client's required document, where it stands this week, and a page of the weeks that
 * have any upload, newest week first. In each week the newest upload is the one that counts; the
 * earlier versions (uploaded again after a rejection) follow it, newest first.
 */
export async function clientUploadHistory(
  db: Executor,
  viewer: ClientViewer,
  clientId: string,
  page: PageRequest,
  now: Date = new Date(),
): Promise<ClientUploadHistory> {
  const client = await visibleClient(db, viewer, clientId);
  const [document] = await db
    .select()
    .from(requiredDocuments)
    .where(eq(requiredDocuments.clientId, clientId))
    .orderBy(asc(requiredDocuments.createdAt), asc(requiredDocuments.id))
    .limit(1);
  // Every client is created with its document, in the same transaction.
  if (!document) throw new Error(`client ${clientId} has no required document`);

  const ofDocument = and(eq(uploads.clientId, clientId), eq(uploads.requiredDocumentId, document.id));
  const [weekRows, [{ weekCount }]] = await Promise.all([
    db
      .select({ weekStart: uploads.weekStart })
      .from(uploads)
      .where(ofDocument)
      .groupBy(uploads.weekStart)
      .orderBy(desc(uploads.weekStart))
      .limit(page.limit)
      .offset(offsetOf(page)),
    db.select({ weekCount: countDistinct(uploads.weekStart) }).from(uploads).where(ofDocument),
  ]);
  const current = weekToIsoDates(weekContaining(now));
  const pageWeeks = weekRows.map((row) => row.weekStart);
  const rows = await db
    .select()
    .from(uploads)
    .where(and(ofDocument, inArray(uploads.weekStart, [...new Set([current.weekStart, ...pageWeeks])])))
    .orderBy(desc(uploads.createdAt), desc(uploads.attempt), desc(uploads.id));
  const files = await filesOfUploads(db, rows.map((row) => row.id));
  const weekOf = (weekStart: string) => clientWeek(weekStart, rows.filter((row) => row.weekStart === weekStart), files, client.name);

  return {
    document: toRequiredDocumentView(document, client.name),
    currentWeek: weekOf(current.weekStart),
    weeks: pageWeeks.map(weekOf),
    pagination: staffPagination(page, weekCount),
  };
}

/** One week from its uploads, newest first. */
function clientWeek(weekStart: string, newestFirst: UploadRow[], files: Map<string, UploadFileRow[]>, clientName: string): ClientWeekView {
  const week = weekFromIsoDate(weekStart);
  if (!week) throw new Error(`not a week start: ${weekStart}`);
  const [newest, ...earlier] = newestFirst.map((upload) => ({ upload, view: toUploadView(upload, files.get(upload.id) ?? [], clientName) }));
  return {
    ...weekToIsoDates(week),
    weekStatus: weekStatusOf(newest?.upload ?? null),
    upload: newest?.view ?? null,
    earlierVersions: earlier.map((version) => version.view),
  };
}
