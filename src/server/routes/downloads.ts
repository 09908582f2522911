import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../http/contentDisposition';
import type { OperationHandlers, Params, Query } from '../http/operations';
import { openWeekArchive } from '../services/uploads/bulkDownload';
import { openUploadFile } from '../services/uploads/downloads';
import { requestedWeek } from '../services/weekly/weeklyDocumentsWeek';
import { authorOf, clientViewerOf, companyIdOf } from './requestScope';

/**
 * Sends a version of an upload as a file to save (spec 7.3, 7.5): staff reach their assigned
 * clients' uploads, admins their company's; anything else is "not found", exactly like a missing one.
 */
async function sendUploadFile(request: FastifyRequest, reply: FastifyReply) {
  const { uploadId } = request.params as Params<'downloadStaffUpload'>;
  const { type } = request.query as Query<'downloadStaffUpload'>;
  const file = await openUploadFile(request.server.ctx, clientViewerOf(request), uploadId, type, authorOf(request));
  reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(file.fileName, 'attachment'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  return reply.send(file.content);
}

/**
 * Every file of one type uploaded for the admin's company in a week, as a zip streamed while it is
 * built (spec 2.12 'Download All', 7.3): its length is not known up front, so none is sent.
 */
async function sendWeekArchive(request: FastifyRequest, reply: FastifyReply) {
  const { fileType, weekStart, weekEnd } = request.query as Query<'bulkDownloadCompanyUploads'>;
  const week = requestedWeek({ weekStart, weekEnd });
  const archive = await openWeekArchive(
    request.server.ctx,
    { companyId: companyIdOf(request), kind: fileType, weekStart: week.weekStart },
    authorOf(request),
    request.log,
  );
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition(archive.fileName, 'attachment'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  return reply.send(archive.content);
}

export const downloadOperations: OperationHandlers = {
  downloadStaffUpload: { access: ['STAFF'], handler: sendUploadFile },
  downloadCompanyUpload: { access: ['ADMIN'], handler: sendUploadFile },
  bulkDownloadCompanyUploads: { access: ['ADMIN'], handler: sendWeekArchive },
};
