import type { FastifyRequest } from 'fastify';
import { PAGE_SIZES } from '@/common/limits';
import { processingStatusLabel } from '@/common/statuses';
import { sessionUser } from '../auth/guards';
import type { OperationHandlers, Params, Query } from '../http/operations';
import { clientUploadHistory } from '../services/clients/clientUploadHistory';
import { pageRequest, staffPagination } from '../services/shared/pagination';
import { getStaffClient, listStaffClients } from '../services/clients/staffClients';
import { listStaffUploads, staffUploadReview } from '../services/uploads/staffUploads';
import { newUploadTarget, reuploadTarget, UPLOAD_REFUSALS, uploadWeek } from '../services/uploads/uploadTargets';
import type { ProcessingPublisher } from '../realtime/processingUpdates';
import { type QueuedUpload, queueWeeklyDocument, type Uploader } from '../services/uploads/uploads';
import { listWeeklyDocuments, STAFF_WEEKLY_FILTERS, summariseWeeklyDocuments } from '../services/weekly/weeklyDocuments';
import { requestedWeek } from '../services/weekly/weeklyDocumentsWeek';
import { staffWeeklyStats } from '../services/weekly/weeklyStats';
import { authorOf, clientViewerOf } from './requestScope';
import { readUploadPart } from './uploadPart';
import { matchDecisionOf } from './matchDecision';
import { matchWeekRequest } from './weekMatchRequest';

const STAFF = ['STAFF'] as const;
const UPLOAD_QUEUED = 'File uploaded successfully and queued for processing';

function uploaderOf(request: FastifyRequest): Uploader {
  return { ...authorOf(request), viewer: clientViewerOf(request), name: sessionUser(request).name };
}

/**
 * Tells the uploader's open tabs (another tab, another browser) and the admins of the company
 * (their review screens) that an upload was queued: they were following nothing of it, so they
 * refetch their lists and follow it from there.
 */
function announceQueued(publisher: ProcessingPublisher, uploader: Uploader, { processingId, jobId }: QueuedUpload): void {
  const update = { processingId, jobId, status: 'QUEUED', message: processingStatusLabel('QUEUED'), error: null } as const;
  publisher.publish(update, { users: [uploader.actor.id], companyAdmins: uploader.viewer.companyId });
}

/** A staff member's own area: only the clients assigned to them, from the session. */
export const staffOperations: OperationHandlers = {
  listStaffClients: {
    access: STAFF,
    handler: async (request) => {
      const query = request.query as Query<'listStaffClients'>;
      const data = await listStaffClients(request.server.ctx.db, clientViewerOf(request), pageRequest(query, PAGE_SIZES.staffAssignedClients), query.status, query.search);
      return { success: true, data };
    },
  },

  getStaffClient: {
    access: STAFF,
    handler: async (request) => {
      const { id } = request.params as Params<'getStaffClient'>;
      return { success: true, data: { client: await getStaffClient(request.server.ctx.db, clientViewerOf(request), id) } };
    },
  },

  listStaffClientUploads: {
    access: STAFF,
    handler: async (request) => {
      const { id } = request.params as Params<'listStaffClientUploads'>;
      const query = request.query as Query<'listStaffClientUploads'>;
      const data = await clientUploadHistory(request.server.ctx.db, clientViewerOf(request), id, pageRequest(query, PAGE_SIZES.staffWeeklyUploads));
      return { success: true, data };
    },
  },

  listStaffWeeklyDocuments: {
    access: STAFF,
    handler: async (request) => {
      const query = request.query as Query<'listStaffWeeklyDocuments'>;
      const scope = { viewer: clientViewerOf(request), weekStart: requestedWeek(query).weekStart, clientId: query.clientId };
      const state = STAFF_WEEKLY_FILTERS[query.filter ?? 'all'];
      const page = pageRequest(query, PAGE_SIZES.staffWeeklyUploads);
      return { success: true, data: await listWeeklyDocuments(request.server.ctx.db, scope, state, page, staffPagination) };
    },
  },

  getStaffWeeklyDocumentsSummary: {
    access: STAFF,
    handler: async (request) => {
      const query = request.query as Query<'getStaffWeeklyDocumentsSummary'>;
      const scope = { viewer: clientViewerOf(request), weekStart: requestedWeek(query).weekStart, clientId: query.clientId };
      return { success: true, data: { summary: await summariseWeeklyDocuments(request.server.ctx.db, scope) } };
    },
  },

  getStaffWeeklyStats: {
    access: STAFF,
    handler: async (request) => {
      const query = request.query as Query<'getStaffWeeklyStats'>;
      const scope = { viewer: clientViewerOf(request), weekStart: requestedWeek(query).weekStart };
      return { success: true, data: { stats: await staffWeeklyStats(request.server.ctx.db, scope) } };
    },
  },

  listStaffUploads: {
    access: STAFF,
    handler: async (request) => {
      const query = request.query as Query<'listStaffUploads'>;
      const data = await listStaffUploads(request.server.ctx.db, clientViewerOf(request), pageRequest(query, PAGE_SIZES.staffFileUploads));
      return { success: true, data };
    },
  },

  getStaffUploadReview: {
    access: STAFF,
    handler: async (request) => {
      const { id } = request.params as Params<'getStaffUploadReview'>;
      return { success: true, data: { review: await staffUploadReview(request.server.ctx.db, clientViewerOf(request), id) } };
    },
  },

  matchStaffWeeklyUploads: {
    access: STAFF,
    handler: (request) => matchWeekRequest(request, clientViewerOf(request)),
  },

  uploadRequiredDocument: {
    access: STAFF,
    handler: async (request, reply) => {
      const { ctx } = request.server;
      const upload = await readUploadPart(request, ctx.config.maxUploadBytes, { missing: UPLOAD_REFUSALS.fileRequired, interrupted: UPLOAD_REFUSALS.interrupted });
      try {
        const uploader = uploaderOf(request);
        const weekStart = uploadWeek(upload.fields.weekStart);
        const target = await newUploadTarget(ctx.db, uploader.viewer, upload.fields.clientId, weekStart);
        const match = matchDecisionOf(upload.fields.matchSuggestion, target.clientId);
        const data = await queueWeeklyDocument(ctx, uploader, target, upload.file, match);
        announceQueued(ctx.publisher, uploader, data);
        reply.code(202);
        return { success: true, message: UPLOAD_QUEUED, data };
      } finally {
        upload.release();
      }
    },
  },

  reuploadRequiredDocument: {
    access: STAFF,
    handler: async (request, reply) => {
      const { fileProcessingId } = request.params as Params<'reuploadRequiredDocument'>;
      const { ctx } = request.server;
      const upload = await readUploadPart(request, ctx.config.maxUploadBytes, { missing: UPLOAD_REFUSALS.fileRequired, interrupted: UPLOAD_REFUSALS.interrupted });
      try {
        const uploader = uploaderOf(request);
        const target = await reuploadTarget(ctx.db, uploader.viewer, fileProcessingId);
        const data = await queueWeeklyDocument(ctx, uploader, target, upload.file);
        announceQueued(ctx.publisher, uploader, data);
        reply.code(202);
        return { success: true, message: UPLOAD_QUEUED, data };
      } finally {
        upload.release();
      }
    },
  },
};
