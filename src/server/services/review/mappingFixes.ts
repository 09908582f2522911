import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { components } from "../../api-types";
import type { Config } from "../../config";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { clientProfiles, clients, uploadFiles, uploads } from "../../db/schema";
import { AppError, conflict, notFound } from "../../http/errors";
import { STAGE_MESSAGES } from "../uploads/uploadMessages";
import type { UploadSummary } from "../uploads/uploadSummary";
import type { MappingFix } from "../../processing";
import { recordAudit } from "../audit/audit";
import type { ChangeAuthor } from "../companies/companies";
import { UPLOAD_NOT_FOUND } from "../uploads/staffUploads";
import type { UploadQueue } from "../uploads/uploadQueue";
import type { QueuedUpload } from "../uploads/uploads";
import { UPLOAD_REFUSALS } from "../uploads/uploadTargets";

export type MappingFixInput = components["schemas"]["MappingFixInput"];

/** Why a mapping fix is refused (409), in words that tell the admin what to do next. */
export const MAPPING_FIX_REFUSALS = {
  processing:
    "This upload is still processing. Fix the mapping once it has finished.",
  reviewed:
    "This upload has already been reviewed. A mapping fix can only be made on an upload awaiting review.",
  fileRemoved:
    "The file of this failed upload was removed to save space, as newer versions of the week failed too. Fix the mapping on the newest upload of the week instead.",
} as const;

/** The admin who fixes a mapping: the author of the change and their company. */
export interface MappingFixer extends ChangeAuthor {
  companyId: string;
}

/** A run that is over: its upload can be processed again. */
const FINISHED_STATUSES = ["SCRUBBED", "FAILED"];

/** How a fix reads in the audit log: the header (and its sheet) -> where it goes. */
function fixKey(fix: Pick<MappingFix, "sheet" | "header">): string {
  return `${fix.sheet === null ? "" : `Sheet '${fix.sheet}', `}'${fix.header}'`;
}

function columnText(column: string | null): string {
  return column ?? "kept as extra column";
}

function sameTarget(
  a: Pick<MappingFix, "sheet" | "header">,
  b: Pick<MappingFix, "sheet" | "header">,
): boolean {
  return a.sheet === b.sheet && a.header === b.header;
}

/** Where the upload's run put the header before the fix (the column it fed), for the audit log. */
function mappedBefore(summary: unknown, fix: MappingFix): string {
  const sources =
    (summary as Pick<UploadSummary, "sources"> | null)?.sources ?? [];
  for (const sheet of sources) {
    if (fix.sheet !== null && sheet.name !== fix.sheet) continue;
    const entry = sheet.mapping.find((mapped) => mapped.header === fix.header);
    if (entry) return entry.column;
  }
  return "not mapped";
}

/**
 * Stores a fix in the client's profile (created when the client has none): a fix for the same sheet
 * and header replaces the earlier one, and the newest fix comes first, so it wins over an older one
 * for the same header written differently (the engine takes a sheet's first fix of a header).
 * Answers the fix it replaced, if any.
 */
async function storeFix(
  tx: Executor,
  clientId: string,
  fix: MappingFix,
): Promise<MappingFix | undefined> {
  const [profile] = await tx
    .select({ fixes: clientProfiles.fixes })
    .from(clientProfiles)
    .where(eq(clientProfiles.clientId, clientId))
    .for("update");
  const earlier = (profile?.fixes ?? []) as MappingFix[];
  const fixes = [fix, ...earlier.filter((kept) => !sameTarget(kept, fix))];
  const now = new Date();
  await tx
    .insert(clientProfiles)
    .values({ clientId, fixes, updatedAt: now })
    .onConflictDoUpdate({
      target: clientProfiles.clientId,
      set: { fixes, updatedAt: now },
    });
  return earlier.find((kept) => sameTarget(kept, fix));
}

/**
 * Puts the upload back in the queue as a new run: QUEUED under a new job, its outputs, summary and
 * review pack set aside (the run writes them again), so the upload never holds the files of two runs.
 * Answers the storage keys of the outputs it dropped, to delete once the transaction has committed.
 */
async function requeue(
  queue: UploadQueue,
  config: Config,
  tx: Executor,
  uploadId: string,
  jobId: string,
): Promise<string[]> {
  const dropped = await tx
    .delete(uploadFiles)
    .where(
      and(
        eq(uploadFiles.uploadId, uploadId),
        inArray(uploadFiles.kind, ["consolidated", "scrubbed"]),
      ),
    )
    .returning({ storageKey: uploadFiles.storageKey });
  await tx
    .update(uploads)
    .set({
      status: "QUEUED",
      jobId,
      errorMessage: null,
      summary: null,
      reviewReadyAt: null,
      reviewFailedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(uploads.id, uploadId));
  await queue.queueUpload(tx, {
    uploadId,
    jobId,
    expireInSeconds: config.processing.jobExpireSeconds,
  });
  return dropped.map((file) => file.storageKey);
}

/**
 * An admin's fix of how a header of a client is mapped (issue 16): stored in the client's profile,
 * audited, and the upload it was made on processed again with it, in one transaction (the fix, the
 * audit row, the upload back to QUEUED and its job). Only an upload of the admin's company whose run
 * is over and that awaits review can be fixed; another company's answers like a missing one.
 */
export async function fixUploadMapping(
  ctx: Pick<AppContext, "db" | "config" | "uploadQueue" | "storage" | "publisher">,
  fixer: MappingFixer,
  uploadId: string,
  input: MappingFixInput,
): Promise<QueuedUpload> {
  const queue = ctx.uploadQueue;
  if (!queue)
    throw new AppError(503, "UNAVAILABLE", UPLOAD_REFUSALS.queueUnavailable);
  const fix: MappingFix = {
    sheet: input.sheet,
    header: input.header,
    column: input.column,
  };
  const jobId = randomUUID();
  const droppedKeys = await ctx.db.transaction(async (tx) => {
    const [upload] = await tx
      .select({
        id: uploads.id,
        clientId: uploads.clientId,
        clientName: clients.name,
        status: uploads.status,
        approvalStatus: uploads.approvalStatus,
        summary: uploads.summary,
        reviewReadyAt: uploads.reviewReadyAt,
        reviewFailedAt: uploads.reviewFailedAt,
      })
      .from(uploads)
      .innerJoin(clients, eq(clients.id, uploads.clientId))
      .where(
        and(
          eq(uploads.id, uploadId),
          eq(uploads.companyId, fixer.companyId),
          eq(clients.companyId, fixer.companyId),
        ),
      )
      .for("update", { of: uploads });
    if (!upload) throw notFound(UPLOAD_NOT_FOUND);
    if (upload.approvalStatus !== "PENDING")
      throw conflict(MAPPING_FIX_REFUSALS.reviewed);
    if (!FINISHED_STATUSES.includes(upload.status))
      throw conflict(MAPPING_FIX_REFUSALS.processing);
    // the run's review pack job is still building the viewer's rows after SCRUBBED: a new run now would build them at the same time
    if (
      upload.status === "SCRUBBED" &&
      !upload.reviewReadyAt &&
      !upload.reviewFailedAt
    )
      throw conflict(MAPPING_FIX_REFUSALS.processing);
    // an older failed version of its week keeps its history but not its file (failedVersions.ts): nothing to process again
    if (upload.status === "FAILED") {
      const [raw] = await tx
        .select({ id: uploadFiles.id })
        .from(uploadFiles)
        .where(and(eq(uploadFiles.uploadId, upload.id), eq(uploadFiles.kind, "raw")))
        .limit(1);
      if (!raw) throw conflict(MAPPING_FIX_REFUSALS.fileRemoved);
    }

    const replaced = await storeFix(tx, upload.clientId, fix);
    await recordAudit(tx, {
      actor: fixer.actor,
      ip: fixer.ip,
      companyId: fixer.companyId,
      action: "client.mapping_fix",
      entityType: "client",
      entityId: upload.clientId,
      details: {
        name: upload.clientName,
        uploadId: upload.id,
        fix,
        before: {
          [fixKey(fix)]: replaced
            ? columnText(replaced.column)
            : mappedBefore(upload.summary, fix),
        },
        after: { [fixKey(fix)]: columnText(fix.column) },
      },
    });
    // the run the fix starts is a change of its own on the upload: its outputs and review are replaced
    await recordAudit(tx, {
      actor: fixer.actor,
      ip: fixer.ip,
      companyId: fixer.companyId,
      action: "upload.reprocess",
      entityType: "upload",
      entityId: upload.id,
      details: { name: upload.clientName, reason: "client.mapping_fix", jobId },
    });
    return requeue(queue, ctx.config, tx, upload.id, jobId);
  });
  await Promise.all(
    droppedKeys.map((key) => ctx.storage.delete(key).catch(() => undefined)),
  );
  // the admins' review screens refetch and follow the new run, as they do a new upload's
  ctx.publisher.publish(
    {
      processingId: uploadId,
      jobId,
      status: "QUEUED",
      message: STAGE_MESSAGES.queuedAgain,
      error: null,
    },
    { companyAdmins: fixer.companyId },
  );
  queue.wake();
  return { processingId: uploadId, jobId };
}
