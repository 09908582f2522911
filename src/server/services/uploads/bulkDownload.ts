import type { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { clients, companies, uploadFiles, uploads } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { FileStorage } from '../../storage/fileStorage';
import { recordAudit } from '../audit/audit';
import type { ChangeAuthor } from '../companies/companies';
import { type FileKind, safeName, versionFileName } from './downloads';

export const noFilesOfWeek = (kind: FileKind, weekStart: string) => `No ${kind} files were uploaded for the week of ${weekStart}.`;

/** Where a download that breaks off half-way is reported; Fastify's request logger fits. */
export interface ErrorLog {
  error: (details: object, message: string) => void;
}

/** Which files: one company's, of one kind, for the week that starts on weekStart. */
export interface WeekArchiveRequest {
  companyId: string;
  kind: FileKind;
  weekStart: string;
}

export interface WeekArchive {
  /** `<company> <week start> <kind> files.zip` */
  fileName: string;
  /** The zip, produced while it is read; it is destroyed with an error if a stored file cannot be read. */
  content: Readable;
}

interface WeekFile {
  uploadId: string;
  clientId: string;
  clientName: string;
  fileName: string;
  storageKey: string;
  sizeBytes: number;
  storedAt: Date;
}

/**
 * Longest entry-name component kept, in UTF-16 units: file systems allow 255 bytes per name and a
 * unit takes at most 3 bytes in UTF-8, which leaves room for a ` (2)`.
 */
const MAX_NAME_LENGTH = 80;

/**
 * The week's files of one kind as a zip, one folder per client (spec 2.12 'Download All'). Handing
 * them out is audited once, with every upload it contains, before the first byte leaves.
 */
export async function openWeekArchive(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  request: WeekArchiveRequest,
  author: ChangeAuthor,
  log: ErrorLog,
): Promise<WeekArchive> {
  const files = await filesOfWeek(ctx.db, request);
  if (files.length === 0) throw notFound(noFilesOfWeek(request.kind, request.weekStart));
  const [company] = await ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, request.companyId));
  await recordAudit(ctx.db, {
    ...author,
    companyId: request.companyId,
    action: 'upload.bulk_download',
    entityType: 'company',
    entityId: request.companyId,
    details: {
      type: request.kind,
      weekStart: request.weekStart,
      files: files.map((file) => ({ uploadId: file.uploadId, clientId: file.clientId, fileName: file.fileName })),
    },
  });
  const names = entryNames(files, request.kind, request.weekStart);
  return {
    fileName: `${safeName(company?.name ?? '', 'Company')} ${request.weekStart} ${request.kind} files.zip`,
    content: streamZip(
      ctx.storage,
      files.map((file, index) => ({ file, name: names[index] })),
      log,
    ),
  };
}

/**
 * For every client of the company (active or not) the newest upload of the week, in the order every
 * history uses (upload time, then attempt, then id), with its file of the kind. A client whose newest
 * upload has no such file yet is left out rather than given an older version's: that version was
 * replaced, and the review screen offers only the newest.
 */
async function filesOfWeek(db: Database, { companyId, kind, weekStart }: WeekArchiveRequest): Promise<WeekFile[]> {
  const newest = db
    .selectDistinctOn([uploads.clientId], { id: uploads.id, clientId: uploads.clientId })
    .from(uploads)
    .where(and(eq(uploads.companyId, companyId), eq(uploads.weekStart, weekStart)))
    .orderBy(uploads.clientId, desc(uploads.createdAt), desc(uploads.attempt), desc(uploads.id))
    .as('newest');
  const rows = await db
    .select({
      uploadId: newest.id,
      clientId: clients.id,
      clientName: clients.name,
      fileName: uploadFiles.filename,
      storageKey: uploadFiles.storageKey,
      sizeBytes: uploadFiles.sizeBytes,
      storedAt: uploadFiles.createdAt,
    })
    .from(newest)
    .innerJoin(clients, and(eq(clients.id, newest.clientId), eq(clients.companyId, companyId)))
    .innerJoin(uploadFiles, and(eq(uploadFiles.uploadId, newest.id), eq(uploadFiles.kind, kind)));
  // Ordered here rather than by the database, whose collation may vary: which of two clients whose
  // names clash gets the plain folder name must not depend on the server it runs on.
  const byName = (a: WeekFile, b: WeekFile) => compare(a.clientName.toLowerCase(), b.clientName.toLowerCase()) || compare(a.clientId, b.clientId);
  return rows.sort(byName);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `<client>/<file>` for each file, the file named as its own download is ({@link versionFileName}):
 * both parts made safe for any file system, and one folder per
 * client, so two clients whose names clash once made safe (or differ only in case, which Windows and
 * macOS ignore) get `Name` and `Name (2)` rather than sharing a folder. A client has one file per
 * week, so unique folders make unique entries.
 */
function entryNames(files: WeekFile[], kind: FileKind, weekStart: string): string[] {
  const taken = new Set<string>();
  return files.map((file) => {
    const folder = uniqueName(shorten(safeName(file.clientName, 'Client')), taken);
    return `${folder}/${shortenKeepingExtension(versionFileName(file.clientName, weekStart, kind, file.fileName))}`;
  });
}

function uniqueName(name: string, taken: Set<string>): string {
  const keyOf = (candidate: string) => candidate.normalize('NFC').toLowerCase();
  let candidate = name;
  for (let copy = 2; taken.has(keyOf(candidate)); copy += 1) candidate = `${name} (${copy})`;
  taken.add(keyOf(candidate));
  return candidate;
}

/** The first `length` units, never ending in half a surrogate pair or in spaces and dots. */
const cut = (name: string, length: number) => name.slice(0, length).replace(/[\uD800-\uDBFF]$/, '').replace(/[\s.]+$/, '');

const shorten = (name: string) => (name.length > MAX_NAME_LENGTH ? cut(name, MAX_NAME_LENGTH) : name);

function shortenKeepingExtension(name: string): string {
  if (name.length <= MAX_NAME_LENGTH) return name;
  const extension = /\.[A-Za-z0-9]{1,5}$/.exec(name)?.[0] ?? '';
  return `${cut(name, MAX_NAME_LENGTH - extension.length)}${extension}`;
}

/**
 * The zip, written as it is read. Entries are stored, not deflated: xlsx files are zips already
 * and would not shrink, while deflating would cost CPU on every download. Each stored file is opened
 * only when the zip reaches it (yazl asks for the next stream once the previous one is consumed), so
 * at most one is open and memory stays flat whatever the week's size; zip64 records are added by
 * yazl when offsets pass 4 GB. Sizes are the stored ones, so a file that changed since is refused
 * rather than zipped. A file that cannot be read destroys the stream: the client sees a failed
 * download, never a truncated zip that looks complete.
 */
function streamZip(storage: FileStorage, entries: { file: WeekFile; name: string }[], log: ErrorLog): Readable {
  const zip = new ZipFile();
  // yazl's typings only promise a NodeJS.ReadableStream; it is a PassThrough.
  const output = zip.outputStream as Readable;
  let reading: Readable | undefined;
  let failed = false;

  const fail = (error: unknown, file?: WeekFile) => {
    if (failed) return;
    failed = true;
    reading?.destroy();
    log.error(
      { err: error, uploadId: file?.uploadId, storageKey: file?.storageKey },
      'bulk download broken off: a stored file could not be read',
    );
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', (error: unknown) => fail(error));
  // the client went away (or the download failed): let go of the file being read
  output.once('close', () => reading?.destroy());

  for (const { file, name } of entries) {
    zip.addReadStreamLazy(name, { compress: false, size: file.sizeBytes, mtime: file.storedAt }, (callback) => {
      if (output.destroyed) return;
      storage.get(file.storageKey).then(
        (stream) => {
          if (output.destroyed) {
            stream.destroy();
            return;
          }
          reading = stream;
          stream.once('error', (error) => fail(error, file));
          callback(null, stream);
        },
        (error: unknown) => fail(error, file),
      );
    });
  }
  zip.end();
  return output;
}
