import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { companies, consolidatedFiles } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { StoredObjectNotFound } from '../../storage/fileStorage';
import type { SpreadsheetKind } from '../../storage/spreadsheetSignature';
import { recordAudit } from '../audit/audit';
import { buildConsolidatedFilePack } from '../review/pack/reviewPack';
import { COMPANY_NOT_FOUND, type ChangeAuthor } from '../companies/companies';
import { withinDays } from '../shared/dayRange';
import { cleanFileName, type IncomingFile, storeIncomingFile } from './incomingFiles';
import { offsetOf, type PagePagination, pagePagination, type PageRequest } from '../shared/pagination';

/** The spec's wording for each refusal of a consolidated file upload. */
export const UPLOAD_MESSAGES = {
  missing: 'Please select both a file and a company',
  tooLarge: 'File size must be less than 100MB',
  format: 'Invalid file format. Only Excel files (.xls, .xlsx, .xlsm) and CSV files are allowed',
  extension: 'Invalid file extension. Only Excel files (.xls, .xlsx, .xlsm) and CSV files are allowed',
  /** The form could not be read to its end (cut short or malformed): the SPA's own fallback wording. */
  interrupted: 'Upload failed. Please try again.',
} as const;

export const FILE_NOT_FOUND = 'File not found';

const ACCEPTED_MIME_TYPES = new Set([
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel.sheet.macroenabled.12',
  'text/csv',
]);

/** The type the file is served with, from its checked kind (never from what the browser claimed). */
const CONTENT_TYPES: Record<SpreadsheetKind, string> = {
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  csv: 'text/csv',
};

export interface ConsolidatedFileView {
  id: string;
  file_name: string;
  drive_file_id: string;
  view_url: string;
  file_size: number;
  mime_type: string;
  upload_date: string;
  company: { id: string; name: string };
  uploaded_by: { name: string; email: string };
}

export interface FileListQuery {
  companyId?: string;
  dateFrom?: string;
  dateTo?: string;
}

const listColumns = {
  file: consolidatedFiles,
  companyName: companies.name,
};

function viewUrl(linkTemplate: string, id: string, storageKey: string): string {
  if (linkTemplate) return linkTemplate.split('{id}').join(encodeURIComponent(storageKey));
  return `/api/system/consolidated-files/${id}/content`;
}

function toView(row: { file: typeof consolidatedFiles.$inferSelect; companyName: string }, linkTemplate: string): ConsolidatedFileView {
  const { file } = row;
  return {
    id: file.id,
    file_name: file.fileName,
    drive_file_id: file.storageKey,
    view_url: viewUrl(linkTemplate, file.id, file.storageKey),
    file_size: file.sizeBytes,
    mime_type: file.mimeType,
    upload_date: file.createdAt.toISOString(),
    company: { id: file.companyId, name: row.companyName },
    uploaded_by: { name: file.uploadedByName, email: file.uploadedByEmail },
  };
}

/** Consolidated files, newest first, optionally of one company and uploaded within a date range. */
export async function listConsolidatedFiles(
  ctx: Pick<AppContext, 'db' | 'config'>,
  page: PageRequest,
  query: FileListQuery,
): Promise<{ files: ConsolidatedFileView[]; pagination: PagePagination }> {
  const conditions: SQL[] = [];
  if (query.companyId) conditions.push(eq(consolidatedFiles.companyId, query.companyId));
  conditions.push(...withinDays(consolidatedFiles.createdAt, query.dateFrom, query.dateTo));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select(listColumns)
      .from(consolidatedFiles)
      .innerJoin(companies, eq(companies.id, consolidatedFiles.companyId))
      .where(where)
      .orderBy(desc(consolidatedFiles.createdAt), desc(consolidatedFiles.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
    ctx.db.select({ total: count() }).from(consolidatedFiles).where(where),
  ]);
  return { files: rows.map((row) => toView(row, ctx.config.consolidatedFileLinkTemplate)), pagination: pagePagination(page, total) };
}

function kindOf(fileName: string): SpreadsheetKind | undefined {
  const extension = path.extname(fileName).toLowerCase().slice(1);
  return (['xls', 'xlsx', 'xlsm', 'csv'] as const).find((kind) => kind === extension);
}

const tooLarge = () => new AppError(413, 'TOO_LARGE', UPLOAD_MESSAGES.tooLarge);

/**
 * Stores an operator's file for a company. The type and extension are checked first; the content
 * is then streamed to storage while it is checked against the extension (see storeIncomingFile) and
 * its size against the limit, so nothing larger than the limit is ever held or kept.
 */
export async function storeConsolidatedFile(
  ctx: Pick<AppContext, 'db' | 'config' | 'storage'>,
  companyId: string,
  incoming: IncomingFile,
  uploader: ChangeAuthor & { name: string; email: string },
): Promise<{ file: ConsolidatedFileView; company: { id: string; name: string } }> {
  const fileName = cleanFileName(incoming.filename);
  if (!fileName) throw badRequest(UPLOAD_MESSAGES.missing);
  const [company] = await ctx.db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  const mimeType = incoming.mimetype.split(';')[0].trim().toLowerCase();
  if (!ACCEPTED_MIME_TYPES.has(mimeType)) throw badRequest(UPLOAD_MESSAGES.format);
  const kind = kindOf(fileName);
  if (!kind) throw badRequest(UPLOAD_MESSAGES.extension);

  const stored = await storeIncomingFile(ctx.storage, incoming, {
    kind,
    maxBytes: ctx.config.maxUploadBytes,
    refusals: { tooLarge, wrongKind: () => badRequest(UPLOAD_MESSAGES.format), interrupted: () => badRequest(UPLOAD_MESSAGES.interrupted) },
  });

  let row: typeof consolidatedFiles.$inferSelect;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(consolidatedFiles)
        .values({
          companyId,
          fileName,
          storageKey: stored.key,
          sizeBytes: stored.size,
          mimeType: CONTENT_TYPES[kind],
          checksum: stored.sha256,
          uploadedById: uploader.actor.id,
          uploadedByName: uploader.name,
          uploadedByEmail: uploader.email,
        })
        .returning();
      await recordAudit(tx, {
        actor: uploader.actor,
        ip: uploader.ip,
        companyId,
        action: 'consolidated_file.create',
        entityType: 'consolidated_file',
        entityId: created.id,
        details: { fileName, size: stored.size, sha256: stored.sha256 },
      });
      return created;
    });
  } catch (error) {
    await ctx.storage.delete(stored.key).catch(() => undefined);
    // The company was deleted while the file was arriving.
    if (String((error as { code?: string }).code) === '23503' || /foreign key/i.test(String(error))) throw notFound(COMPANY_NOT_FOUND);
    throw error;
  }
  // built while the operator waits, so View opens a ready viewer
  await buildConsolidatedFilePack(ctx, row);
  return { file: toView({ file: row, companyName: company.name }, ctx.config.consolidatedFileLinkTemplate), company };
}

/**
 * The stored content of a consolidated file, with what a browser needs to show it. Handing it out is
 * audited: it holds a company's payroll, people's pay and identity numbers.
 */
export async function openConsolidatedFile(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  id: string,
  author: ChangeAuthor,
): Promise<{ content: Readable; fileName: string; contentType: string; size: number }> {
  const [file] = await ctx.db.select().from(consolidatedFiles).where(eq(consolidatedFiles.id, id)).limit(1);
  if (!file) throw notFound(FILE_NOT_FOUND);
  let content: Readable;
  let size: number;
  try {
    ({ size } = await ctx.storage.stat(file.storageKey));
    content = await ctx.storage.get(file.storageKey);
  } catch (error) {
    if (error instanceof StoredObjectNotFound) throw notFound(FILE_NOT_FOUND);
    throw error;
  }
  await recordAudit(ctx.db, {
    ...author,
    companyId: file.companyId,
    action: 'consolidated_file.download',
    entityType: 'consolidated_file',
    entityId: file.id,
    details: { fileName: file.fileName },
  }).catch((error: unknown) => {
    content.destroy();
    throw error;
  });
  return { content, fileName: file.fileName, contentType: file.mimeType, size };
}
