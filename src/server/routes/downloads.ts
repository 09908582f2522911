import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../http/contentDisposition';
import type { OperationHandlers, Params, Query } from '../http/operations';
import { openUploadFile } from '../services/downloads';
import { authorOf, clientViewerOf } from './requestScope';

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

export const downloadOperations: OperationHandlers = {
  downloadStaffUpload: { access: ['STAFF'], handler: sendUploadFile },
  downloadCompanyUpload: { access: ['ADMIN'], handler: sendUploadFile },
};
