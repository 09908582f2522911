import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fileExtension, WEEKLY_UPLOAD_MESSAGES, weeklyDocumentTypeProblem } from '@/common/uploadRules';
import type { AppContext } from '../../context';
import { uploadFiles, uploads } from '../../db/schema';
import { AppError, badRequest } from '../../http/errors';
import type { SpreadsheetKind } from '../../storage/spreadsheetSignature';
import { auditInsert } from '../audit/audit';
import type { ClientViewer } from '../clients/clients';
import type { ChangeAuthor } from '../companies/companies';
import { checkUpload } from './companyLimits';
import { cleanFileName, type IncomingFile, storeIncomingFile } from './incomingFiles';
import { lockUploadTarget, UPLOAD_REFUSALS, type UploadTarget } from './uploadTargets';

/** What the reply of an accepted upload carries: the upload's id (its processing id) and its job's. */
export interface QueuedUpload {
  processingId: string;
  jobId: string;
}

/**
 * When the client was chosen from a match of the week's files: the client suggested (null: none was),
 * the one chosen, the suggestion's confidence and whether it was followed; kept in the upload's audit entry.
 */
export interface MatchDecision {
  suggestedClientId: string | null;
  chosenClientId: string;
  confidence: number;
  followed: boolean;
}

/** Who uploads: the staff member from the session, as a viewer of clients and as the author of the change. */
export interface Uploader extends ChangeAuthor {
  viewer: ClientViewer;
  name: string;
}

/** The content check each weekly extension gets: templates are the same containers as their workbooks. */
const CONTENT_KINDS: Record<string, SpreadsheetKind> = {
  '.xls': 'xls',
  '.xlsx': 'xlsx',
  '.xltx': 'xlsx',
  '.xlsm': 'xlsm',
  '.xltm': 'xlsm',
  '.csv': 'csv',
};

const tooLarge = () => new AppError(413, 'TOO_LARGE', WEEKLY_UPLOAD_MESSAGES.tooLarge);

/**
 * Stores a client's weekly document and queues it for processing. The type and extension are
 * checked first (spec section 5), then the week's version rule and the company's limits in one
 * statement (companyLimits.ts checkUpload: the week is free or this re-uploads its rejected version;
 * uploads waiting, the week's failures, storage), then the content (size limit, and what it is,
 * judged as the engine judges it: see storeIncomingFile); then one transaction locks the company and
 * the client, checks again with the file's size and writes the upload (QUEUED), its raw file row,
 * its job and the audit row, so an upload never exists without its job nor a job without its upload.
 * A refused upload leaves nothing: no row, and its stored file is removed. The company's lock is held
 * for four statements (the checks, the upload's rows, the job, the commit): its uploads are recorded
 * one at a time.
 */
export async function queueWeeklyDocument(
  ctx: Pick<AppContext, 'db' | 'config' | 'storage' | 'uploadQueue'>,
  uploader: Uploader,
  target: UploadTarget,
  incoming: IncomingFile,
  match?: MatchDecision,
): Promise<QueuedUpload> {
  const fileName = cleanFileName(incoming.filename);
  if (!fileName) throw badRequest(UPLOAD_REFUSALS.fileRequired);
  const problem = weeklyDocumentTypeProblem({ name: fileName, type: incoming.mimetype });
  if (problem) throw badRequest(problem);
  const queue = ctx.uploadQueue;
  if (!queue) throw new AppError(503, 'UNAVAILABLE', UPLOAD_REFUSALS.queueUnavailable);
  const limits = ctx.config.companyLimits;
  await checkUpload(ctx.db, queue, limits, target);

  const stored = await storeIncomingFile(ctx.storage, incoming, {
    kind: CONTENT_KINDS[fileExtension(fileName)],
    maxBytes: ctx.config.maxUploadBytes,
    refusals: { tooLarge, wrongKind: () => badRequest(WEEKLY_UPLOAD_MESSAGES.mimeType), interrupted: () => badRequest(UPLOAD_REFUSALS.interrupted) },
  });

  const jobId = randomUUID();
  let processingId: string;
  try {
    processingId = await ctx.db.transaction(async (tx) => {
      await lockUploadTarget(tx, uploader.viewer, target);
      const attempt = await checkUpload(tx, queue, limits, target, stored.size);
      const uploadId = randomUUID();
      const upload = tx.insert(uploads).values({
        id: uploadId,
        companyId: target.companyId,
        clientId: target.clientId,
        requiredDocumentId: target.requiredDocumentId,
        uploadedById: uploader.actor.id,
        uploadedByName: uploader.name,
        weekStart: target.weekStart,
        status: 'QUEUED',
        jobId,
        attempt,
      });
      // its company given: the statement that writes the upload cannot see it yet (see uploadFiles.companyId)
      const rawFile = tx.insert(uploadFiles).values({ uploadId, companyId: target.companyId, kind: 'raw', filename: fileName, storageKey: stored.key, sizeBytes: stored.size, checksum: stored.sha256 });
      const audit = auditInsert(tx, {
        actor: uploader.actor,
        ip: uploader.ip,
        companyId: target.companyId,
        action: target.reuploadOf ? 'upload.reupload' : 'upload.create',
        entityType: 'upload',
        entityId: uploadId,
        details: {
          clientId: target.clientId,
          weekStart: target.weekStart,
          version: attempt,
          reuploadOf: target.reuploadOf ?? null,
          fileName,
          size: stored.size,
          sha256: stored.sha256,
          jobId,
          ...(match ? { match } : {}),
        },
      });
      // the upload, its raw file and its audit row in one statement, which reads its job's turn too: this
      // transaction holds the company's lock
      const written = (await tx.execute(sql`with new_upload as ${upload}, raw_file as ${rawFile}, audit_row as (${audit.getSQL()}) select ${queue.nextTurn(target.companyId)} as turn`)) as unknown as {
        rows: Array<{ turn: number }>;
      };
      await queue.queueUpload(tx, { uploadId, jobId, expireInSeconds: ctx.config.processing.jobExpireSeconds, turn: Number(written.rows[0].turn) });
      return uploadId;
    });
  } catch (error) {
    await ctx.storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
  queue.wake();
  return { processingId, jobId };
}
