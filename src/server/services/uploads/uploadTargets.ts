import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { EARLIEST_WEEK_START, earliestWeek, parseIsoDate, toIsoDate, weekContaining } from '@/common/week';
import type { Executor } from '../../db/client';
import { clients, companies, requiredDocuments, uploads } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { UUID_PATTERN } from '../../http/requestVocabulary';
import { CLIENT_NOT_FOUND, type ClientViewer, visibleTo } from '../clients/clients';

/** Why an upload is refused before its file is read, beyond the file checks of spec section 5. */
export const UPLOAD_REFUSALS = {
  clientRequired: 'Choose the client this document is for.',
  fileRequired: 'Please select a file to upload.',
  /** The form could not be read to its end: the SPA's own queue-failure wording. */
  interrupted: 'Failed to queue the document upload. Please try again.',
  weekInvalid: 'The week must be given as a date (YYYY-MM-DD) within it.',
  weekInFuture: 'You cannot upload a document for a future week.',
  weekTooEarly: `Uploads start with the week of ${EARLIEST_WEEK_START}; choose that week or a later one.`,
  weekTaken: 'This client already has an upload for this week. Re-upload it if it was rejected.',
  uploadNotFound: "Upload not found or you don't have access to this upload.",
  notRejected: 'Only a rejected upload can be re-uploaded.',
  notNewest: 'A newer version of this upload exists: only the newest version of a week can be re-uploaded.',
  queueUnavailable: 'Uploads cannot be queued right now. Please try again in a moment.',
} as const;

/** Which client, document and week an upload is for; a re-upload also names the rejected version it replaces. */
export interface UploadTarget {
  companyId: string;
  clientId: string;
  clientName: string;
  requiredDocumentId: string;
  /** The Monday (YYYY-MM-DD) of the upload's UTC week. */
  weekStart: string;
  reuploadOf?: string;
}

/**
 * The week an upload is for: the current UTC week when none is given; any date names the week that
 * contains it (as everywhere in the API, so the Sunday a browser in another time zone sends still
 * means its own week). Never a future week, nor one before the earliest week.
 */
export function uploadWeek(text: string | undefined, now: Date = new Date()): string {
  const current = weekContaining(now);
  if (text === undefined || text.trim() === '') return toIsoDate(current.start);
  const date = parseIsoDate(text.trim());
  if (!date) throw badRequest(UPLOAD_REFUSALS.weekInvalid, [{ field: 'weekStart', message: UPLOAD_REFUSALS.weekInvalid }]);
  const week = weekContaining(date);
  if (week.start.getTime() > current.start.getTime()) throw badRequest(UPLOAD_REFUSALS.weekInFuture, [{ field: 'weekStart', message: UPLOAD_REFUSALS.weekInFuture }]);
  if (week.start.getTime() < earliestWeek().start.getTime()) throw badRequest(UPLOAD_REFUSALS.weekTooEarly, [{ field: 'weekStart', message: UPLOAD_REFUSALS.weekTooEarly }]);
  return toIsoDate(week.start);
}

/** A first upload for a client the viewer is assigned, in a week. */
export async function newUploadTarget(db: Executor, viewer: ClientViewer, clientId: string | undefined, weekStart: string): Promise<UploadTarget> {
  if (!clientId?.trim()) throw badRequest(UPLOAD_REFUSALS.clientRequired, [{ field: 'clientId', message: UPLOAD_REFUSALS.clientRequired }]);
  if (!UUID_PATTERN.test(clientId.trim())) throw notFound(CLIENT_NOT_FOUND);
  const [client] = await db
    .select({ id: clients.id, name: clients.name, companyId: clients.companyId, documentId: requiredDocuments.id })
    .from(clients)
    .innerJoin(requiredDocuments, eq(requiredDocuments.clientId, clients.id))
    .where(and(eq(clients.id, clientId.trim()), visibleTo(viewer)))
    .orderBy(asc(requiredDocuments.createdAt), asc(requiredDocuments.id))
    .limit(1);
  if (!client) throw notFound(CLIENT_NOT_FOUND);
  return { companyId: client.companyId, clientId: client.id, clientName: client.name, requiredDocumentId: client.documentId, weekStart };
}

/** A new version of a rejected upload of a client the viewer is assigned: the same client, document and week. */
export async function reuploadTarget(db: Executor, viewer: ClientViewer, uploadId: string): Promise<UploadTarget> {
  const [rejected] = await db
    .select({ upload: uploads, clientName: clients.name })
    .from(uploads)
    .innerJoin(clients, eq(clients.id, uploads.clientId))
    .where(and(eq(uploads.id, uploadId), visibleTo(viewer)))
    .limit(1);
  if (!rejected) throw notFound(UPLOAD_REFUSALS.uploadNotFound);
  const { upload } = rejected;
  return {
    companyId: upload.companyId,
    clientId: upload.clientId,
    clientName: rejected.clientName,
    requiredDocumentId: upload.requiredDocumentId,
    weekStart: upload.weekStart,
    reuploadOf: upload.id,
  };
}

/** The newest version of a client's week, as the upload's checks read it. */
export interface NewestVersion {
  id: string;
  attempt: number;
  status: string;
  approvalStatus: string | null;
}

/**
 * The newest version of the target's week, a subquery (`newest`) the upload's checks read in the
 * statement that reads its company's figures (companyLimits.ts); its columns are null for a week with none.
 */
export function newestVersionOf(db: Executor, target: UploadTarget) {
  return db
    .select({ id: uploads.id, attempt: uploads.attempt, status: uploads.status, approvalStatus: uploads.approvalStatus })
    .from(uploads)
    .where(and(eq(uploads.clientId, target.clientId), eq(uploads.requiredDocumentId, target.requiredDocumentId), eq(uploads.weekStart, target.weekStart)))
    .orderBy(desc(uploads.attempt), desc(uploads.createdAt))
    .limit(1)
    .as('newest');
}

/**
 * The version number the upload gets in its client-week, or the refusal that keeps the week to one
 * live upload: a first upload only where the week has none or its newest version FAILED; a
 * re-upload only of the week's newest version, once rejected. Earlier versions stay as history.
 * Checked before the file is read, and again in the transaction that writes the upload (with the
 * client's row locked, so two uploads for the same week cannot both pass).
 */
export function versionAfter(newest: NewestVersion | undefined, target: UploadTarget): number {
  if (target.reuploadOf) {
    if (newest?.id !== target.reuploadOf) throw conflict(UPLOAD_REFUSALS.notNewest);
    if (newest.approvalStatus !== 'REJECTED') throw conflict(UPLOAD_REFUSALS.notRejected);
  } else if (newest && newest.status !== 'FAILED') {
    throw conflict(UPLOAD_REFUSALS.weekTaken);
  }
  return (newest?.attempt ?? 0) + 1;
}

/**
 * Locks, for the transaction that records an upload, its company's row and then its client's, in one
 * statement, or refuses when the client is gone or no longer the viewer's. The company's row first,
 * always (the client's lookup is lateral to it, so it runs once the company's row is held): the
 * company's uploads are counted and weighed one transaction at a time (companyLimits.ts), and two
 * uploads for the same week cannot both pass (versionAfter). `no key update` on the company: rows
 * that merely point at it, written meanwhile by others, are not held up.
 */
export async function lockUploadTarget(tx: Executor, viewer: ClientViewer, target: UploadTarget): Promise<void> {
  const result = (await tx.execute(sql`
    select locked_client.id
    from (select ${companies.id} from ${companies} where ${companies.id} = ${target.companyId} for no key update) locked_company
    cross join lateral (
      select ${clients.id} from ${clients}
      where ${clients.id} = ${target.clientId} and ${clients.companyId} = locked_company.id and ${visibleTo(viewer) ?? sql`true`}
      for update
    ) locked_client`)) as unknown as { rows: unknown[] };
  if (result.rows.length === 0) throw notFound(target.reuploadOf ? UPLOAD_REFUSALS.uploadNotFound : CLIENT_NOT_FOUND);
}
