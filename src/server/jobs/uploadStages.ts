import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, notInArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { fileExtension } from '@/common/uploadRules';
import type { Database, Executor } from '../db/client';
import { type fileKinds, type processingStatuses, uploadFiles, uploads } from '../db/schema';
import { type ProcessingPublisher, type ProcessingUpdate, updateSequence } from '../realtime/processingUpdates';
import { type FileStorage, StoredObjectNotFound } from '../storage/fileStorage';
import { STAGE_MESSAGES } from '../services/uploads/uploadMessages';
import type { UploadSummary } from '../services/uploads/uploadSummary';

type Status = (typeof processingStatuses)[number];
export type FileKind = (typeof fileKinds)[number];
export type UploadFileRow = typeof uploadFiles.$inferSelect;

/** A run of an upload ends without a word when this is thrown: the upload was deleted, or another run finished it. */
export class UploadGone extends Error {
  constructor() {
    super('the upload is gone or already finished');
  }
}

/** Statuses after which a job changes nothing any more. */
const FINISHED: Status[] = ['SCRUBBED', 'FAILED'];

export interface StageDeps {
  db: Database;
  storage: FileStorage;
  /** A job only reports progress; access changes are the services' to announce. */
  publisher: Pick<ProcessingPublisher, 'publish' | 'publishAll'>;
}

/**
 * The bookkeeping of one run of an upload's job: each status change is written to the database
 * first and published after the commit; each produced file is stored, then recorded with its status
 * in one transaction, so a file row exists exactly when its stage is reached. A write that finds
 * the upload deleted or already finished throws UploadGone, and whatever this run stored for it is
 * removed again.
 */
export class UploadStages {
  /** The status last written by this run: what progress messages are published under. */
  status: Status;
  /** Orders this run's updates for the pages that receive them. */
  private readonly sequence = updateSequence();

  constructor(
    private readonly deps: StageDeps,
    private readonly upload: { id: string; jobId: string | null; status: Status },
    readonly files: Map<FileKind, UploadFileRow>,
  ) {
    this.status = upload.status;
  }

  async advance(status: Status, message: string): Promise<void> {
    await writeStatus(this.deps.db, this.upload.id, { status });
    this.status = status;
    this.publish(message);
  }

  /**
   * Stores the produced files (side by side) and records them, with the status they complete, in one
   * transaction: the status, the files' rows in one insert, and `alongside` (what must commit with that
   * status: the week's facts and the review pack's job with SCRUBBED). One commit per stage boundary
   * keeps an upload's database writes few; the pages still hear each step, in order, after it.
   * `messages` are published after the commit, each under the status of its step (the last under `status`).
   */
  async storeOutputs(outputs: OutputFile[], status: Status, messages: Array<{ status: Status; message: string }>, extra: StoredOutputExtra = {}): Promise<void> {
    const puts = await Promise.allSettled(outputs.map(async (output) => ({ output, stored: await this.deps.storage.put(createReadStream(output.localFile)) })));
    const stored = puts.flatMap((put) => (put.status === 'fulfilled' ? [put.value] : []));
    const refused = puts.find((put) => put.status === 'rejected');
    if (refused) {
      // a store that failed beside one that succeeded leaves nothing behind
      await Promise.all(stored.map(({ stored: file }) => this.deps.storage.delete(file.key).catch(() => undefined)));
      throw (refused as PromiseRejectedResult).reason;
    }
    let rows: UploadFileRow[];
    try {
      rows = await this.deps.db.transaction(async (tx) => {
        const read = await writeStatusWith(tx, this.upload.id, extra.summary ? { status, summary: extra.summary } : { status }, extra.alongside);
        const values = stored.map(({ output, stored: file }) => ({
          uploadId: this.upload.id,
          kind: output.kind,
          filename: output.fileName,
          storageKey: file.key,
          sizeBytes: file.size,
          checksum: file.sha256,
        }));
        const written = await tx
          .insert(uploadFiles)
          .values(values)
          .onConflictDoUpdate({
            target: [uploadFiles.uploadId, uploadFiles.kind],
            set: { filename: sql`excluded.filename`, storageKey: sql`excluded.storage_key`, sizeBytes: sql`excluded.size_bytes`, checksum: sql`excluded.checksum` },
          })
          .returning();
        await extra.alongside?.after?.(tx, read);
        return written;
      });
    } catch (error) {
      await Promise.all(stored.map(({ stored: file }) => this.deps.storage.delete(file.key).catch(() => undefined)));
      throw error;
    }
    for (const row of rows) {
      const previous = this.files.get(row.kind);
      this.files.set(row.kind, row);
      // a damaged earlier copy that this one replaces
      if (previous && previous.storageKey !== row.storageKey) await this.deps.storage.delete(previous.storageKey).catch(() => undefined);
    }
    // the steps together: on PostgreSQL one message to the other processes
    this.publishSteps(messages);
    this.status = status;
  }

  /** Records the failure a person can act on; a run that finds the upload gone or finished says nothing. */
  async fail(error: string): Promise<void> {
    await writeStatus(this.deps.db, this.upload.id, { status: 'FAILED', errorMessage: error });
    this.status = 'FAILED';
    this.publish(STAGE_MESSAGES.failed, error);
  }

  /** Publishes a progress message, with the share of the engine's work done, under the status last written. */
  progress(message: string, share?: number): void {
    this.publish(message, null, share);
  }

  private publishSteps(steps: Array<{ status: Status; message: string }>): void {
    const updates = steps.map((step) => this.update(step.status, step.message));
    const { publisher } = this.deps;
    try {
      if (publisher.publishAll) publisher.publishAll(updates);
      else for (const update of updates) publisher.publish(update);
    } catch {
      // the database holds the truth; a browser that missed these updates refetches them
    }
  }

  private publish(message: string, error: string | null = null, progress?: number): void {
    try {
      const update = this.update(this.status, message, error);
      this.deps.publisher.publish(progress === undefined ? update : { ...update, progress });
    } catch {
      // the database holds the truth; a browser that missed this update refetches it
    }
  }

  /** An update of this run, next in its order. */
  private update(status: Status, message: string, error: string | null = null): ProcessingUpdate {
    return { processingId: this.upload.id, jobId: this.upload.jobId, status, message, error, seq: this.sequence() };
  }

  /** Whether a stored file is still there with the size and checksum recorded for it. */
  async intact(kind: FileKind): Promise<boolean> {
    const row = this.files.get(kind);
    if (!row) return false;
    try {
      const digest = await copyWithDigest(await this.deps.storage.get(row.storageKey));
      return digest.size === row.sizeBytes && digest.sha256 === row.checksum;
    } catch (error) {
      if (error instanceof StoredObjectNotFound) return false;
      throw error;
    }
  }

  /** Copies a stored file of the upload into `dir`, checked against its recorded checksum; answers its row and local path. */
  async fetchStored(kind: FileKind, dir: string): Promise<{ file: UploadFileRow; path: string }> {
    return fetchStoredFile(this.deps.storage, this.upload.id, this.files, kind, dir);
  }
}

/** A file the engine produced, to be stored as the upload's file of its kind under `fileName`. */
export interface OutputFile {
  kind: FileKind;
  localFile: string;
  fileName: string;
}

/** What else storeOutputs writes: the summary with the status, and what must commit with it. */
export interface StoredOutputExtra {
  summary?: UploadSummary;
  /**
   * Written and read by the statement that writes the status (one statement where each was one of
   * its own): `writes`, data-modifying statements (the week's facts); `reads`, values read with it
   * (the review pack's turn). Then `after` runs in the same transaction with what was read (the
   * pack's job, queued with that turn).
   */
  alongside?: { writes?: SQLWrapper[]; reads?: Record<string, SQL>; after?: (tx: Executor, read: Record<string, unknown>) => Promise<void> };
}

/**
 * An upload's row and its files' rows by kind, read together in one statement as a job starts
 * (undefined: the upload is gone).
 */
export async function uploadWithFiles(db: Executor, uploadId: string): Promise<{ upload: typeof uploads.$inferSelect; files: Map<FileKind, UploadFileRow> } | undefined> {
  const rows = await db.select({ upload: uploads, file: uploadFiles }).from(uploads).leftJoin(uploadFiles, eq(uploadFiles.uploadId, uploads.id)).where(eq(uploads.id, uploadId));
  if (rows.length === 0) return undefined;
  return { upload: rows[0].upload, files: new Map(rows.flatMap(({ file }) => (file ? [[file.kind, file] as const] : []))) };
}

/** Copies a stored file of an upload into `dir`, checked against its recorded checksum; answers its row and local path. */
export async function fetchStoredFile(
  storage: FileStorage,
  uploadId: string,
  files: ReadonlyMap<FileKind, UploadFileRow>,
  kind: FileKind,
  dir: string,
): Promise<{ file: UploadFileRow; path: string }> {
  const file = files.get(kind);
  if (!file) throw new Error(`upload ${uploadId} has no ${kind} file`);
  // the readers tell formats apart by content; the extension only keeps the local copy recognisable
  const local = path.join(dir, `${kind}${fileExtension(file.filename)}`);
  const digest = await copyWithDigest(await storage.get(file.storageKey), local);
  if (digest.sha256 !== file.checksum) throw new Error(`the stored ${kind} file of upload ${uploadId} does not match its checksum`);
  return { file, path: local };
}

type StatusValues = Partial<Pick<typeof uploads.$inferInsert, 'status' | 'errorMessage' | 'summary'>>;

function statusUpdate(db: Executor, uploadId: string, values: StatusValues) {
  // a finished upload is no longer resuming from an interruption
  const resumed = values.status && FINISHED.includes(values.status) ? { resumedAt: null } : {};
  return db
    .update(uploads)
    .set({ ...values, ...resumed, updatedAt: new Date() })
    .where(and(eq(uploads.id, uploadId), notInArray(uploads.status, FINISHED)))
    .returning({ id: uploads.id });
}

async function writeStatus(db: Executor, uploadId: string, values: StatusValues): Promise<void> {
  const [row] = await statusUpdate(db, uploadId, values);
  if (!row) throw new UploadGone();
}

/**
 * Writes the status as writeStatus does, and in the same statement `alongside`'s writes (each a
 * statement of its own before) and reads, which it answers. The writes run whatever the status
 * update finds; when it finds the upload gone or finished, UploadGone rolls the caller's
 * transaction back with them.
 */
async function writeStatusWith(db: Executor, uploadId: string, values: StatusValues, alongside: StoredOutputExtra['alongside']): Promise<Record<string, unknown>> {
  const writes = alongside?.writes ?? [];
  const reads = Object.entries(alongside?.reads ?? {});
  if (writes.length === 0 && reads.length === 0) {
    await writeStatus(db, uploadId, values);
    return {};
  }
  const parts = [sql`status_row as (${statusUpdate(db, uploadId, values).getSQL()})`, ...writes.map((write, index) => sql`${sql.raw(`alongside_${index}`)} as (${write.getSQL()})`)];
  const selected = [sql`(select count(*) from status_row)::int as written`, ...reads.map(([name, value]) => sql`${value} as ${sql.identifier(name)}`)];
  const result = (await db.execute(sql`with ${sql.join(parts, sql`, `)} select ${sql.join(selected, sql`, `)}`)) as unknown as { rows: Array<Record<string, unknown>> };
  const [row] = result.rows;
  if (Number(row.written) === 0) throw new UploadGone();
  return row;
}

/** Reads a stream to its end (into `target` when given), answering its size and SHA-256. */
async function copyWithDigest(content: NodeJS.ReadableStream, target?: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      hash.update(chunk);
      callback(null, target ? chunk : undefined);
    },
  });
  if (target) await pipeline(content, meter, createWriteStream(target));
  else await pipeline(content, meter);
  return { size, sha256: hash.digest('hex') };
}
