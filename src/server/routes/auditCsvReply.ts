import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../http/contentDisposition';
import { auditCsvFileName, auditCsvStream } from '../services/audit/auditCsv';
import type { AuditFilters, AuditScope } from '../services/audit/auditLog';

/**
 * Sends the filtered audit log as a CSV file, streamed while it is read: its length is not known up
 * front, so none is sent. The scope is the caller's (the route decides it, never the query).
 */
export function sendAuditCsv(request: FastifyRequest, reply: FastifyReply, scope: AuditScope, filters: AuditFilters) {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(auditCsvFileName(), 'attachment'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  return reply.send(auditCsvStream(request.server.ctx.db, scope, filters));
}
