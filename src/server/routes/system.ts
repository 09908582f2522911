import { PAGE_SIZES } from '@/common/limits';
import { sessionUser } from '../auth/guards';
import { contentDisposition } from '../http/contentDisposition';
import type { Body, OperationHandlers, Params, Query } from '../http/operations';
import { auditLogOptions, listAuditLog } from '../services/audit/auditLog';
import {
  createCompany,
  createCompanyAdmin,
  deleteCompany,
  deleteCompanyAdmin,
  getCompany,
  listCompanies,
  listCompanyAdmins,
  renameCompany,
} from '../services/companies/companies';
import { listConsolidatedFiles, openConsolidatedFile, storeConsolidatedFile, UPLOAD_MESSAGES } from '../services/uploads/consolidatedFiles';
import { pageRequest } from '../services/shared/pagination';
import { resetCompanyAdminPassword } from '../services/people/passwords';
import { sendAuditCsv } from './auditCsvReply';
import { authorOf } from './requestScope';
import { readUploadPart } from './uploadPart';

const SYSTEM = ['SYSTEM'] as const;

/** The operators' area: companies, their admins and consolidated files. */
export const systemOperations: OperationHandlers = {
  listCompanies: {
    access: SYSTEM,
    handler: async (request) => {
      const query = request.query as Query<'listCompanies'>;
      const data = await listCompanies(request.server.ctx.db, pageRequest(query, PAGE_SIZES.companies), query.search);
      return { success: true, data };
    },
  },

  createCompany: {
    access: SYSTEM,
    handler: async (request, reply) => {
      const { name } = request.body as Body<'createCompany'>;
      const company = await createCompany(request.server.ctx.db, name, authorOf(request));
      reply.code(201);
      return { success: true, message: 'Company created successfully', data: { company } };
    },
  },

  getCompany: {
    access: SYSTEM,
    handler: async (request) => {
      const { id } = request.params as Params<'getCompany'>;
      return { success: true, data: { company: await getCompany(request.server.ctx.db, id) } };
    },
  },

  updateCompany: {
    access: SYSTEM,
    handler: async (request) => {
      const { id } = request.params as Params<'updateCompany'>;
      const { name } = request.body as Body<'updateCompany'>;
      const company = await renameCompany(request.server.ctx.db, id, name, authorOf(request));
      return { success: true, message: 'Company updated successfully', data: { company } };
    },
  },

  deleteCompany: {
    access: SYSTEM,
    handler: async (request) => {
      const { id } = request.params as Params<'deleteCompany'>;
      const { name } = await deleteCompany(request.server.ctx, id, authorOf(request), request.log);
      return { success: true, message: `${name} has been deleted` };
    },
  },

  listCompanyAdmins: {
    access: SYSTEM,
    handler: async (request) => {
      const { companyId } = request.params as Params<'listCompanyAdmins'>;
      const query = request.query as Query<'listCompanyAdmins'>;
      const data = await listCompanyAdmins(request.server.ctx.db, companyId, pageRequest(query, PAGE_SIZES.companyAdmins));
      return { success: true, data };
    },
  },

  createCompanyAdmin: {
    access: SYSTEM,
    handler: async (request, reply) => {
      const { companyId } = request.params as Params<'createCompanyAdmin'>;
      const input = request.body as Body<'createCompanyAdmin'>;
      const admin = await createCompanyAdmin(request.server.ctx.db, companyId, input, authorOf(request));
      reply.code(201);
      return { success: true, message: 'Admin created successfully', data: { admin } };
    },
  },

  deleteCompanyAdmin: {
    access: SYSTEM,
    handler: async (request) => {
      const { companyId, adminId } = request.params as Params<'deleteCompanyAdmin'>;
      await deleteCompanyAdmin(request.server.ctx, companyId, adminId, authorOf(request));
      return { success: true, message: 'Admin removed successfully' };
    },
  },

  resetCompanyAdminPassword: {
    access: SYSTEM,
    handler: async (request) => {
      const { companyId, adminId } = request.params as Params<'resetCompanyAdminPassword'>;
      const { newPassword } = request.body as Body<'resetCompanyAdminPassword'>;
      const { name } = await resetCompanyAdminPassword(request.server.ctx, companyId, adminId, newPassword, authorOf(request));
      return { success: true, message: `The password of ${name} has been reset.` };
    },
  },

  listConsolidatedFiles: {
    access: SYSTEM,
    handler: async (request) => {
      const query = request.query as Query<'listConsolidatedFiles'>;
      const data = await listConsolidatedFiles(request.server.ctx, pageRequest(query, PAGE_SIZES.consolidatedFiles), query);
      return { success: true, data };
    },
  },

  uploadConsolidatedFile: {
    access: SYSTEM,
    handler: async (request, reply) => {
      const { companyId } = request.params as Params<'uploadConsolidatedFile'>;
      const { ctx } = request.server;
      const upload = await readUploadPart(request, ctx.config.maxUploadBytes, UPLOAD_MESSAGES);
      const user = sessionUser(request);
      try {
        const stored = await storeConsolidatedFile(ctx, companyId, upload.file, { ...authorOf(request), name: user.name, email: user.email });
        reply.code(201);
        return { success: true, message: 'File uploaded successfully', data: stored };
      } finally {
        upload.release();
      }
    },
  },

  getConsolidatedFileContent: {
    access: SYSTEM,
    handler: async (request, reply) => {
      const { id } = request.params as Params<'getConsolidatedFileContent'>;
      const file = await openConsolidatedFile(request.server.ctx, id, authorOf(request));
      reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reply.send(file.content);
    },
  },

  listAuditLog: {
    access: SYSTEM,
    handler: async (request) => {
      const { page, companyId, ...filters } = request.query as Query<'listAuditLog'>;
      const data = await listAuditLog(request.server.ctx.db, { companyId }, filters, pageRequest({ page }, PAGE_SIZES.auditLog));
      return { success: true, data };
    },
  },

  getAuditLogOptions: {
    access: SYSTEM,
    handler: async (request) => {
      const { companyId } = request.query as Query<'getAuditLogOptions'>;
      return { success: true, data: await auditLogOptions(request.server.ctx.db, { companyId }) };
    },
  },

  exportAuditLog: {
    access: SYSTEM,
    handler: async (request, reply) => {
      const { companyId, ...filters } = request.query as Query<'exportAuditLog'>;
      return sendAuditCsv(request, reply, { companyId }, filters);
    },
  },
};
