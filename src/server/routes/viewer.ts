import type { FastifyRequest } from 'fastify';
import type { OperationHandlers, Params, Query } from '../http/operations';
import {
  type ViewerTarget,
  consolidatedFileViewerTarget,
  uploadViewerTarget,
  viewerLineage,
  viewerOverview,
  viewerRows,
} from '../services/review/reviewViewer';
import { clientViewerOf } from './requestScope';

/**
 * The viewer of an upload's three versions (staff: their assigned clients' uploads; admins: their
 * company's) and of an operator's consolidated file, scoped as downloads are: an upload the caller
 * may not see answers 404, exactly like a missing one.
 */
function uploadTarget(request: FastifyRequest): Promise<ViewerTarget> {
  const { uploadId } = request.params as Params<'getStaffUploadViewer'>;
  return uploadViewerTarget(request.server.ctx.db, clientViewerOf(request), uploadId);
}

function consolidatedFileTarget(request: FastifyRequest): Promise<ViewerTarget> {
  const { id } = request.params as Params<'getConsolidatedFileViewer'>;
  return consolidatedFileViewerTarget(request.server.ctx.db, id);
}

type Target = (request: FastifyRequest) => Promise<ViewerTarget>;

const overview = (target: Target) => async (request: FastifyRequest) => ({ success: true, data: await viewerOverview(request.server.ctx.db, await target(request)) });

const rows = (target: Target) => async (request: FastifyRequest) => {
  const query = request.query as Required<Query<'getStaffUploadViewerRows'>>;
  return { success: true, data: await viewerRows(request.server.ctx.db, await target(request), query) };
};

const lineage = (target: Target) => async (request: FastifyRequest) => {
  const query = request.query as Query<'getStaffUploadViewerLineage'>;
  return { success: true, data: await viewerLineage(request.server.ctx.db, await target(request), query) };
};

export const viewerOperations: OperationHandlers = {
  getStaffUploadViewer: { access: ['STAFF'], handler: overview(uploadTarget) },
  getStaffUploadViewerRows: { access: ['STAFF'], handler: rows(uploadTarget) },
  getStaffUploadViewerLineage: { access: ['STAFF'], handler: lineage(uploadTarget) },
  getCompanyUploadViewer: { access: ['ADMIN'], handler: overview(uploadTarget) },
  getCompanyUploadViewerRows: { access: ['ADMIN'], handler: rows(uploadTarget) },
  getCompanyUploadViewerLineage: { access: ['ADMIN'], handler: lineage(uploadTarget) },
  getConsolidatedFileViewer: { access: ['SYSTEM'], handler: overview(consolidatedFileTarget) },
  getConsolidatedFileViewerRows: { access: ['SYSTEM'], handler: rows(consolidatedFileTarget) },
};
