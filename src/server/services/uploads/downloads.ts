import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { fileExtension } from '@/common/uploadRules';
import { visibleText } from '@/common/visibleText';
import type { AppContext } from '../../context';
import { clients, type fileKinds, uploadFiles, uploads } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { StoredObjectNotFound } from '../../storage/fileStorage';
import { recordAudit } from '../audit/audit';
import { type ClientViewer, visibleTo } from '../clients/clients';
import type { ChangeAuthor } from '../companies/companies';

export type FileKind = (typeof fileKinds)[number];

/** The one answer for an upload the caller may not see, whether it exists elsewhere or not at all. */
export const UPLOAD_NOT_FOUND = 'Upload not found.';

export const notReady = (kind: FileKind) => `The ${kind} file is not ready yet.`;
export const notProduced = (kind: FileKind) => `The ${kind} file was not produced: processing this upload failed.`;
/** Every upload keeps its raw file but an older failed version of its week (failedVersions.ts). */
export const RAW_FILE_REMOVED = 'The file of this failed upload was removed to save space, as newer versions of the week failed too.';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What a stored upload file is served as, by extension; the produced files are always xlsx. */
const CONTENT_TYPES: Record<string, string> = {
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': XLSX_TYPE,
  '.xlsm': 'application/vnd.ms-excel.sheet.macroEnabled.12',
  '.xltx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  '.xltm': 'application/vnd.ms-excel.template.macroEnabled.12',
  '.csv': 'text/csv',
};

export interface UploadDownload {
  content: Readable;
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * The one name a version of an upload goes by wherever it appears: its own download, its entry in
 * the week's zip and the dialogs that list it: `<client> <week start> <type>.xlsx`, the raw version
 * keeping the extension it was uploaded with.
 */
export function versionFileName(clientName: string, weekStart: string, kind: FileKind, storedName: string): string {
  const extension = kind === 'raw' ? fileExtension(storedName) : '.xlsx';
  return safeName(`${safeName(clientName)} ${weekStart} ${kind}${extension}`);
}

/**
 * A version of an upload the viewer may see (staff: their assigned clients'; admin: their company's),
 * named by {@link versionFileName}. A version not
 * produced yet is refused with 409, never sent empty. Handing out the file is audited: it holds
 * people's pay and identity numbers.
 */
export async function openUploadFile(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  viewer: ClientViewer,
  uploadId: string,
  kind: FileKind,
  author: ChangeAuthor,
): Promise<UploadDownload> {
  const [found] = await ctx.db
    .select({ upload: uploads, clientName: clients.name })
    .from(uploads)
    .innerJoin(clients, eq(clients.id, uploads.clientId))
    .where(and(eq(uploads.id, uploadId), visibleTo(viewer)))
    .limit(1);
  if (!found) throw notFound(UPLOAD_NOT_FOUND);
  const { upload } = found;
  const [file] = await ctx.db
    .select()
    .from(uploadFiles)
    .where(and(eq(uploadFiles.uploadId, uploadId), eq(uploadFiles.kind, kind)))
    .limit(1);
  if (!file) throw conflict(upload.status !== 'FAILED' ? notReady(kind) : kind === 'raw' ? RAW_FILE_REMOVED : notProduced(kind));

  const extension = kind === 'raw' ? fileExtension(file.filename) : '.xlsx';
  let content: Readable;
  let size: number;
  try {
    ({ size } = await ctx.storage.stat(file.storageKey));
    content = await ctx.storage.get(file.storageKey);
  } catch (error) {
    if (error instanceof StoredObjectNotFound) throw notFound(`The ${kind} file could not be found.`);
    throw error;
  }
  await recordAudit(ctx.db, {
    ...author,
    companyId: upload.companyId,
    action: 'upload.download',
    entityType: 'upload',
    entityId: upload.id,
    details: { type: kind, clientId: upload.clientId, weekStart: upload.weekStart, fileName: file.filename },
  }).catch((error: unknown) => {
    content.destroy();
    throw error;
  });
  return {
    content,
    fileName: versionFileName(found.clientName, upload.weekStart, kind, file.filename),
    contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    size,
  };
}

/**
 * A name as one component of a file path, safe on every common file system: no path separators,
 * control characters or characters Windows refuses (each run becomes a space), no invisible
 * characters (a name stored before they were refused may hold a bidirectional override that would
 * make `Invoice\u202Egpj.exe` show as `Invoiceexe.jpg`: see visibleText), no leading dots (hidden or
 * relative names), no trailing dots or spaces (Windows drops them) and no device names (CON, NUL...).
 */
export function safeName(name: string, fallback = 'Client'): string {
  const cleaned = visibleText(
    // eslint-disable-next-line no-control-regex
    name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (/^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i.test(cleaned)) return `_${cleaned}`;
  return cleaned || fallback;
}
