import { and, desc, gt, type SQL, sql } from 'drizzle-orm';
import { formatFileSize } from '@/common/fileSize';
import type { CompanyLimits } from '../../config';
import type { Executor } from '../../db/client';
import { companyStorage as storageCounters, uploads } from '../../db/schema';
import { AppError } from '../../http/errors';
import { failedVersionsOf } from './failedVersions';
import type { UploadQueue } from './uploadQueue';
import { newestVersionOf, type UploadTarget, versionAfter } from './uploadTargets';

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

/** Why an upload is refused when its company has reached one of its limits: which limit, and what to do. */
export const LIMIT_REFUSALS = {
  queued: (uploads: number) => `Your company has ${uploads} uploads waiting to be processed. Please wait for some to finish, then upload again.`,
  failed: (failures: number, hours: number) =>
    `This client's document for this week has failed processing ${failures} times in the last 24 hours. Please correct the file using the error shown and upload it again in about ${hours === 1 ? '1 hour' : `${hours} hours`}, or raise a support ticket if you need help.`,
  storageFull: (quota: number) =>
    `Your company has used all ${formatFileSize(quota)} of its storage, so no more files can be uploaded. Ask your administrator to raise a support ticket to increase it.`,
  storageExceeded: (size: number, used: number, quota: number) =>
    `This file (${formatFileSize(size)}) does not fit in your company's storage: ${formatFileSize(used)} of ${formatFileSize(quota)} is used. Ask your administrator to raise a support ticket to increase it.`,
} as const;

/** What the company's stored files take, and how much it may keep. */
export interface CompanyStorage {
  usedBytes: number;
  quotaBytes: number;
}

/**
 * The checks an upload passes before it is recorded, in one statement: its week's version rule
 * (versionAfter: the week is free, or this re-uploads its newest, rejected version), then its
 * company's limits: too many of the company's uploads wait to be processed (429), the client's week
 * failed too often today (429), or the company's files would outgrow its storage (413). Answers the
 * version the upload gets. Called before the file is read (`incomingBytes` unknown: only a full store
 * refuses), then again with its size in the transaction that records it, after
 * {@link lockUploadTarget}, so two uploads of a company cannot both take the last place, nor two of a
 * week both pass.
 */
export async function checkUpload(
  db: Executor,
  queue: Pick<UploadQueue, 'openUploads'>,
  limits: CompanyLimits,
  target: UploadTarget,
  incomingBytes?: number,
  now = new Date(),
): Promise<number> {
  // a week takes a new first upload only when it has none or its newest failed (versionAfter): its recent
  // failures, newest first, as many as the limit; when they reach it, the oldest of them says when it reopens
  const recentFailures = db
    .select({ createdAt: uploads.createdAt })
    .from(uploads)
    .where(and(failedVersionsOf(target), gt(uploads.createdAt, new Date(now.getTime() - DAY_MS))))
    .orderBy(desc(uploads.createdAt))
    .limit(limits.failedUploadsPerDay)
    .as('recent_failures');
  const failures = target.reuploadOf
    ? sql`0 as failures, null::float8 as oldest_failure_ms`
    : sql`(select count(*)::int from ${recentFailures}) as failures,
          (select (extract(epoch from min(${recentFailures.createdAt})) * 1000)::float8 from ${recentFailures}) as oldest_failure_ms`;
  const newest = newestVersionOf(db, target);
  const result = (await db.execute(sql`
    select ${newest.id} as newest_id, ${newest.attempt} as newest_attempt, ${newest.status} as newest_status, ${newest.approvalStatus} as newest_approval,
      ${queue.openUploads(target.companyId)} as queued, ${storedBytesSql(target.companyId)} as used, ${failures}
    from (select) as checked left join lateral ${newest} on true
  `)) as unknown as {
    rows: Array<{
      newest_id: string | null;
      newest_attempt: number | null;
      newest_status: string | null;
      newest_approval: string | null;
      queued: number;
      used: string | number;
      failures: number;
      oldest_failure_ms: number | null;
    }>;
  };
  const [figures] = result.rows;
  const version = versionAfter(
    figures.newest_id === null ? undefined : { id: figures.newest_id, attempt: Number(figures.newest_attempt), status: figures.newest_status!, approvalStatus: figures.newest_approval },
    target,
  );

  const queued = Number(figures.queued);
  if (queued >= limits.maxQueuedUploads) throw new AppError(429, 'TOO_MANY_UPLOADS', LIMIT_REFUSALS.queued(queued));

  const failed = Number(figures.failures);
  if (failed >= limits.failedUploadsPerDay && figures.oldest_failure_ms !== null) {
    // the week takes an upload again once the oldest of these is a day old
    const opensAt = Number(figures.oldest_failure_ms) + DAY_MS;
    const hours = Math.max(1, Math.ceil((opensAt - now.getTime()) / HOUR_MS));
    throw new AppError(429, 'TOO_MANY_FAILED_UPLOADS', LIMIT_REFUSALS.failed(failed, hours));
  }

  const used = Number(figures.used);
  if (incomingBytes === undefined) {
    if (used >= limits.storageQuotaBytes) throw new AppError(413, 'STORAGE_QUOTA_EXCEEDED', LIMIT_REFUSALS.storageFull(limits.storageQuotaBytes));
  } else if (used + incomingBytes > limits.storageQuotaBytes) {
    throw new AppError(413, 'STORAGE_QUOTA_EXCEEDED', LIMIT_REFUSALS.storageExceeded(incomingBytes, used, limits.storageQuotaBytes));
  }
  return version;
}

/**
 * The bytes of every stored file of the company: its uploads' raw, consolidated and scrubbed files
 * (a failed version whose files were removed no longer counts) and the operators' files for it.
 */
export async function storedBytesOf(db: Executor, companyId: string): Promise<number> {
  const result = (await db.execute(sql`select ${storedBytesSql(companyId)} as used`)) as unknown as { rows: Array<{ used: string | number }> };
  return Number(result.rows[0].used);
}

/**
 * The company's stored bytes as an expression (a bigint): its uploads' files and the operators' files
 * for it, as the database keeps them counted (company_storage: one row, however long the company's history).
 */
function storedBytesSql(companyId: string): SQL {
  return sql`coalesce((select ${storageCounters.usedBytes} from ${storageCounters} where ${storageCounters.companyId} = ${companyId}), 0)`;
}

/** The company's storage as its admin's dashboard shows it: used of quota. */
export async function companyStorage(db: Executor, limits: CompanyLimits, companyId: string): Promise<CompanyStorage> {
  return { usedBytes: await storedBytesOf(db, companyId), quotaBytes: limits.storageQuotaBytes };
}
