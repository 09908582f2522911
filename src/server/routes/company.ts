import { PAGE_SIZES } from '@/common/limits';
import { sessionUser } from '../auth/guards';
import type { Body, OperationHandlers, Params, Query } from '../http/operations';
import { auditLogOptions, listAuditLog } from '../services/audit/auditLog';
import { getCompany } from '../services/companies/companies';
import { companyStorage } from '../services/uploads/companyLimits';
import { fixUploadMapping } from '../services/review/mappingFixes';
import { createCompanyStaff, deleteCompanyStaff, listCompanyStaff } from '../services/people/companyStaff';
import { companyUpload, listCompanyUploads } from '../services/uploads/companyUploads';
import { resetCompanyStaffPassword } from '../services/people/passwords';
import { adminWeeklyPagination, pageRequest } from '../services/shared/pagination';
import { reviewUpload } from '../services/review/reviews';
import { ADMIN_WEEKLY_FILTERS, listWeeklyDocuments } from '../services/weekly/weeklyDocuments';
import { requestedWeek } from '../services/weekly/weeklyDocumentsWeek';
import { adminWeeklyStats } from '../services/weekly/weeklyStats';
import { sendAuditCsv } from './auditCsvReply';
import { authorOf, clientViewerOf, companyIdOf } from './requestScope';
import { matchWeekRequest } from './weekMatchRequest';

const ADMIN = ['ADMIN'] as const;

/** The company admin's own company, its staff and its uploads; the company always comes from the session. */
export const companyOperations: OperationHandlers = {
  matchCompanyWeeklyUploads: {
    access: ADMIN,
    handler: (request) => matchWeekRequest(request, clientViewerOf(request)),
  },

  getCurrentCompany: {
    access: ADMIN,
    handler: async (request) => ({ success: true, data: { company: await getCompany(request.server.ctx.db, companyIdOf(request)) } }),
  },

  getCompanyStorage: {
    access: ADMIN,
    handler: async (request) => {
      const { ctx } = request.server;
      return { success: true, data: { storage: await companyStorage(ctx.db, ctx.config.companyLimits, companyIdOf(request)) } };
    },
  },

  listCompanyStaff: {
    access: ADMIN,
    handler: async (request) => {
      const query = request.query as Query<'listCompanyStaff'>;
      const data = await listCompanyStaff(request.server.ctx.db, companyIdOf(request), pageRequest(query, PAGE_SIZES.staff), query.search);
      return { success: true, data };
    },
  },

  createCompanyStaff: {
    access: ADMIN,
    handler: async (request, reply) => {
      const input = request.body as Body<'createCompanyStaff'>;
      const staff = await createCompanyStaff(request.server.ctx.db, companyIdOf(request), input, authorOf(request));
      reply.code(201);
      return { success: true, message: 'Staff member created successfully', data: { staff } };
    },
  },

  deleteCompanyStaff: {
    access: ADMIN,
    handler: async (request) => {
      const { id } = request.params as Params<'deleteCompanyStaff'>;
      const { name } = await deleteCompanyStaff(request.server.ctx, companyIdOf(request), id, authorOf(request));
      return { success: true, message: `${name} has been deleted successfully` };
    },
  },

  resetCompanyStaffPassword: {
    access: ADMIN,
    handler: async (request) => {
      const { id } = request.params as Params<'resetCompanyStaffPassword'>;
      const { newPassword } = request.body as Body<'resetCompanyStaffPassword'>;
      const { name } = await resetCompanyStaffPassword(request.server.ctx, companyIdOf(request), id, newPassword, authorOf(request));
      return { success: true, message: `The password of ${name} has been reset.` };
    },
  },

  getCompanyWeeklyStats: {
    access: ADMIN,
    handler: async (request) => {
      const query = request.query as Query<'getCompanyWeeklyStats'>;
      const scope = { viewer: clientViewerOf(request), weekStart: requestedWeek(query).weekStart };
      return { success: true, data: { stats: await adminWeeklyStats(request.server.ctx.db, scope) } };
    },
  },

  listCompanyWeeklyDocuments: {
    access: ADMIN,
    handler: async (request) => {
      const query = request.query as Query<'listCompanyWeeklyDocuments'>;
      const scope = { viewer: clientViewerOf(request), weekStart: requestedWeek(query).weekStart, clientId: query.clientId, sort: query.sort };
      const state = ADMIN_WEEKLY_FILTERS[query.filter ?? 'all'];
      const page = pageRequest(query, PAGE_SIZES.adminWeeklyUploads);
      return { success: true, data: await listWeeklyDocuments(request.server.ctx.db, scope, state, page, adminWeeklyPagination) };
    },
  },

  reviewWeeklyDocument: {
    access: ADMIN,
    handler: async (request) => {
      const { fileProcessingId } = request.params as Params<'reviewWeeklyDocument'>;
      const reviewer = { ...authorOf(request), companyId: companyIdOf(request), name: sessionUser(request).name };
      const { ctx } = request.server;
      const { message, reviewed, audience } = await reviewUpload(ctx.db, reviewer, fileProcessingId, request.body as Body<'reviewWeeklyDocument'>);
      // Committed: the staff member's and the admins' open pages hear of it now.
      ctx.publisher.reviewed(reviewed, audience);
      return { success: true, message };
    },
  },

  getCompanyUpload: {
    access: ADMIN,
    handler: async (request) => {
      const { uploadId } = request.params as Params<'getCompanyUpload'>;
      return { success: true, data: { upload: await companyUpload(request.server.ctx.db, companyIdOf(request), uploadId) } };
    },
  },

  fixUploadMapping: {
    access: ADMIN,
    handler: async (request, reply) => {
      const { uploadId } = request.params as Params<'fixUploadMapping'>;
      const fixer = { ...authorOf(request), companyId: companyIdOf(request) };
      const data = await fixUploadMapping(request.server.ctx, fixer, uploadId, request.body as Body<'fixUploadMapping'>);
      reply.code(202);
      return { success: true, message: 'The mapping is fixed; the upload is being processed again.', data };
    },
  },

  listCompanyFileUploads: {
    access: ADMIN,
    handler: async (request) => {
      const { status, dateFrom, dateTo, ...paging } = request.query as Query<'listCompanyFileUploads'>;
      const data = await listCompanyUploads(request.server.ctx.db, companyIdOf(request), pageRequest(paging, PAGE_SIZES.adminFileUploads), { status, dateFrom, dateTo });
      return { success: true, data };
    },
  },

  listCompanyAuditLog: {
    access: ADMIN,
    handler: async (request) => {
      const { page, ...filters } = request.query as Query<'listCompanyAuditLog'>;
      const data = await listAuditLog(request.server.ctx.db, { companyId: companyIdOf(request) }, filters, pageRequest({ page }, PAGE_SIZES.auditLog));
      return { success: true, data };
    },
  },

  getCompanyAuditLogOptions: {
    access: ADMIN,
    handler: async (request) => ({ success: true, data: await auditLogOptions(request.server.ctx.db, { companyId: companyIdOf(request) }) }),
  },

  exportCompanyAuditLog: {
    access: ADMIN,
    handler: async (request, reply) => sendAuditCsv(request, reply, { companyId: companyIdOf(request) }, request.query as Query<'exportCompanyAuditLog'>),
  },
};
